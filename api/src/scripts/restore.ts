import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { connOf } from '../db/backup/conn';
import { restoreBackup } from '../db/backup/load';
import { BackupError } from '../db/backup/manifest';
import { DatabaseInUseError } from '../db/pglite-lock';
import { loadEnv, repoRoot } from '../env';

// pnpm db:restore DIR [--force]: replaces the database (and the local uploads it names) with a backup.
const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const env = loadEnv();
try {
  if (positionals.length !== 1) throw new BackupError('usage: pnpm db:restore <backup directory> [--force]');
  // Relative paths are the repository's (pnpm runs this script in api/).
  const from = path.resolve(repoRoot, positionals[0]!);
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 2 });
  const conn = await connOf(handle);
  try {
    if (conn.kind === 'postgres') {
      // Instances still connected would write into the database while it is replaced.
      const others = await conn.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      const n = others[0]?.n ?? 0;
      if (n > 0) {
        throw new BackupError(
          `${n} other session(s) are connected to this database: stop every instance of the site first, then run the restore again.`,
        );
      }
    }
    const started = performance.now();
    const r = await restoreBackup(conn, {
      from,
      uploadDir: env.STORAGE === 'local' ? env.UPLOAD_DIR : null,
      force: values.force,
    });
    console.log(
      `Restored ${from} (made ${r.manifest.createdAt} by version ${r.manifest.appVersion}): ${r.rows} rows, ${r.uploads} uploads, ${r.migratedAfter} newer migration(s) applied (${Math.round(performance.now() - started)} ms).`,
    );
    if (r.manifest.uploads.included && env.STORAGE === 's3') {
      console.log('The backup holds local uploads, but STORAGE=s3: they were not copied to the bucket.');
    }
  } finally {
    conn.release();
    await handle.close();
  }
} catch (err) {
  if (!(err instanceof BackupError || err instanceof DatabaseInUseError)) throw err;
  console.error(`db:restore: ${err.message}`);
  process.exitCode = 1;
}
