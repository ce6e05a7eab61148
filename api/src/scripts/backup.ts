import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { connOf } from '../db/backup/conn';
import { createBackup } from '../db/backup/dump';
import { BackupError } from '../db/backup/manifest';
import { DatabaseInUseError } from '../db/pglite-lock';
import { loadEnv, repoRoot } from '../env';

// pnpm db:backup [--out DIR]: the database (PGlite or PostgreSQL) and the local uploads, into a new directory.
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const env = loadEnv();
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
// Relative paths are the repository's (pnpm runs this script in api/).
const out = path.resolve(repoRoot, values.out ?? path.join('backups', `site-${stamp}`));
try {
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 2 });
  const conn = await connOf(handle);
  try {
    const started = performance.now();
    const m = await createBackup(conn, { out, uploadDir: env.STORAGE === 'local' ? env.UPLOAD_DIR : null });
    const rows = m.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Backup written to ${out}: ${m.tables.length} tables, ${rows} rows, ${m.uploads.files.length} uploads, migration ${m.migration.tag ?? m.migration.createdAt} (${Math.round(performance.now() - started)} ms).`,
    );
    if (env.STORAGE === 's3')
      console.log('Uploads are in the S3 bucket: back the bucket up on its own (docs/deploy.md).');
  } finally {
    conn.release();
    await handle.close();
  }
} catch (err) {
  if (!(err instanceof BackupError || err instanceof DatabaseInUseError)) throw err;
  console.error(`db:backup: ${err.message}`);
  process.exitCode = 1;
}
