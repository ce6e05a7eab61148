import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { type Conn, connOf, ident } from '../src/db/backup/conn';
import { createBackup } from '../src/db/backup/dump';
import { restoreBackup } from '../src/db/backup/load';
import { BackupError, digestFile, type Manifest } from '../src/db/backup/manifest';
import { openDatabase } from '../src/db/client';
import { DatabaseInUseError } from '../src/db/pglite-lock';
import { dbTargets, testApp } from './helpers';

/** Every row of every table of `public` (listed from the catalog: a new table cannot be forgotten), sorted. */
async function snapshot(conn: Conn): Promise<Record<string, string[]>> {
  const tables = await conn.query<{ t: string }>(
    `select table_name::text as t from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { t } of tables) {
    const rows = await conn.query<{ j: string }>(
      `select row_to_json(x)::text as j from public.${ident(t)} x`,
    );
    out[t] = rows.map((r) => r.j).sort();
  }
  const seqs = await conn.query<{ s: string }>(
    `select sequence_name::text as s from information_schema.sequences where sequence_schema = 'public' order by 1`,
  );
  for (const { s } of seqs) {
    const [v] = await conn.query<{ v: string }>(
      `select last_value::text || '/' || is_called::text as v from public.${ident(s)}`,
    );
    out[`sequence ${s}`] = [v!.v];
  }
  const [m] = await conn.query<{ v: string }>(
    `select string_agg(hash || ':' || created_at, ',' order by created_at) as v from drizzle.__drizzle_migrations`,
  );
  out['drizzle migrations'] = [m!.v];
  return out;
}

async function uploadsOf(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(dir).catch(() => [])).sort()) {
    out[name] = (await readFile(path.join(dir, name))).toString('base64');
  }
  return out;
}

/** Everything but the schema `public` left empty: what a restore finds on a new server. */
async function wipe(conn: Conn) {
  await conn.exec(
    'drop schema if exists pgboss cascade; drop schema if exists drizzle cascade; drop schema public cascade; create schema public;',
  );
}

const rewriteManifest = async (dir: string, change: (m: Manifest) => void) => {
  const file = path.join(dir, 'manifest.json');
  const m = JSON.parse(await readFile(file, 'utf8')) as Manifest;
  change(m);
  await writeFile(file, JSON.stringify(m));
};

describe.each(dbTargets)('backup and restore on %s', (kind) => {
  let booted: Booted;
  let conn: Conn;
  let work: string;
  let uploadDir: string;
  let backup: string;
  let original: Record<string, string[]>;
  let originalUploads: Record<string, string>;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'site-backup-'));
    uploadDir = path.join(work, 'uploads');
    booted = await testApp(kind, { seed: true, env: { UPLOAD_DIR: uploadDir } });
    conn = await connOf(booted.handle);
    // Values a text dump gets wrong easily: bytes, arrays, a numeric, big and negative numbers, quotes, a NUL-free odd string.
    const [a] = await conn.query<{ id: number }>(`select id from articles order by id limit 1`);
    await conn.query(
      `insert into stored_pages (path, article_id, build, keys, stale, gzip, rendered_at)
       values ($1, $2, 'b1', $3::text[], false, $4, now())`,
      ['/content/odd', a!.id, ['article:1', 'all "quoted" \\ key'], gzipSync(randomBytes(3000))],
    );
    // A sequence ahead of its table's largest id: a restored site must not hand out an id twice.
    const [last] = await conn.query<{ id: number }>(`select max(id) as id from articles`);
    await conn.query(`delete from article_search where id = $1`, [last!.id]);
    await conn.query(`delete from articles where id = $1`, [last!.id]);
    await booted.deps.storage.put('a.webp', randomBytes(1_500_000), 'image/webp');
    await booted.deps.storage.put('b.png', Buffer.from('\u00e9t\u00e9 \r\n\0 bytes'), 'image/png');
    await booted.deps.storage.put('c-empty.jpg', Buffer.alloc(0), 'image/jpeg');
    original = await snapshot(conn);
    originalUploads = await uploadsOf(uploadDir);
    backup = path.join(work, 'backup');
    await createBackup(conn, { out: backup, uploadDir });
  }, 120_000);

  afterAll(async () => {
    conn?.release();
    await booted?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('the backup holds every table with its row count, the migration level and the uploads', async () => {
    const m = JSON.parse(await readFile(path.join(backup, 'manifest.json'), 'utf8')) as Manifest;
    expect(m.tables.map((t) => t.name).sort()).toEqual(
      Object.keys(original)
        .filter((k) => !k.includes(' '))
        .sort(),
    );
    for (const t of m.tables) expect(t.rows, t.name).toBe(original[t.name]!.length);
    expect(m.tables.find((t) => t.name === 'articles')!.rows).toBeGreaterThan(10);
    expect(m.migration.tag).toMatch(/^\d{4}_/);
    expect(m.uploads.files.map((f) => f.file).sort()).toEqual([
      'uploads/a.webp',
      'uploads/b.png',
      'uploads/c-empty.jpg',
    ]);
    // A backup never overwrites another.
    await expect(createBackup(conn, { out: backup, uploadDir })).rejects.toThrow(/exists already/);
  });

  it('wiped, then restored: every table row for row, every sequence, and the uploads byte for byte', async () => {
    await wipe(conn);
    await rm(uploadDir, { recursive: true, force: true });
    const report = await restoreBackup(conn, { from: backup, uploadDir });
    expect(report.migratedAfter).toBe(0);
    expect(await snapshot(conn)).toEqual(original);
    expect(await uploadsOf(uploadDir)).toEqual(originalUploads);
    // The site reads the restored rows.
    const res = await booted.app.request('/api/content?limit=5');
    expect(res.status).toBe(200);
  }, 120_000);

  it('refuses a database that holds data unless forced, and then replaces it', async () => {
    await conn.query(
      `update articles set title = 'Changed after the backup' where id = (select min(id) from articles)`,
    );
    const changed = await snapshot(conn);
    await expect(restoreBackup(conn, { from: backup, uploadDir })).rejects.toThrow(/holds data.*--force/);
    expect(await snapshot(conn)).toEqual(changed);
    await restoreBackup(conn, { from: backup, uploadDir, force: true });
    expect(await snapshot(conn)).toEqual(original);
  }, 120_000);

  describe('a bad backup changes nothing', () => {
    const bad = async (name: string, damage: (dir: string) => Promise<void>, message: RegExp) => {
      const dir = path.join(work, name);
      await cp(backup, dir, { recursive: true });
      await damage(dir);
      // Something the restore would overwrite: it must still be there after the refusal.
      await booted.deps.storage.put('b.png', Buffer.from('changed since'), 'image/png');
      await conn.query(
        `update articles set title = title || ' (edited)' where id = (select min(id) from articles)`,
      );
      const before = await snapshot(conn);
      const uploadsBefore = await uploadsOf(uploadDir);
      const err = await restoreBackup(conn, { from: dir, uploadDir, force: true }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BackupError);
      expect((err as Error).message).toMatch(message);
      expect(await snapshot(conn)).toEqual(before);
      expect(await uploadsOf(uploadDir)).toEqual(uploadsBefore);
    };

    it('a truncated table file', () =>
      bad(
        'truncated',
        async (dir) => {
          const file = path.join(dir, 'tables', 'articles.jsonl.gz');
          await truncate(file, Math.floor((await readFile(file)).byteLength / 2));
        },
        /tables\/articles\.jsonl\.gz is damaged/,
      ));

    it('a changed upload', () =>
      bad(
        'corrupt-upload',
        async (dir) => {
          const file = path.join(dir, 'uploads', 'a.webp');
          const bytes = await readFile(file);
          bytes[1000] = (bytes[1000]! + 1) % 256;
          await writeFile(file, bytes);
        },
        /uploads\/a\.webp is damaged/,
      ));

    it('no manifest (a backup that did not finish)', () =>
      bad('no-manifest', (dir) => rm(path.join(dir, 'manifest.json')), /no manifest\.json/));

    it('a backup of a newer build (a migration this code does not have)', () =>
      bad(
        'newer',
        (dir) =>
          rewriteManifest(dir, (m) => {
            m.migration.createdAt += 10 ** 10;
          }),
        /newer build.*Nothing was changed/,
      ));

    it('a row the database refuses, in a file whose digest matches: the whole load rolls back', () =>
      bad(
        'bad-row',
        async (dir) => {
          const file = path.join(dir, 'tables', 'stored_pages.jsonl.gz');
          await writeFile(
            file,
            gzipSync(
              '{"path":"/x","article_id":999999999,"build":"b","keys":[],"stale":false,"gzip":"\\\\x00","rendered_at":"2020-01-01T00:00:00Z"}\n',
            ),
          );
          const digest = await digestFile(file);
          await rewriteManifest(dir, (m) => {
            Object.assign(m.tables.find((t) => t.name === 'stored_pages')!, digest, { rows: 1 });
          });
        },
        /could not be loaded: .*stored_pages.*Nothing was changed/,
      ));
  });
});

const apiDir = fileURLToPath(new URL('..', import.meta.url));
/** Runs a script as `pnpm db:backup` / `db:restore` do (from source, through tsx), on an embedded database. */
function runScript(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', STORAGE: 'local', ...env };
  delete childEnv.DATABASE_URL;
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `src/scripts/${name}.ts`, ...args],
      { cwd: apiDir, env: childEnv, timeout: 120_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

describe('db:backup and db:restore on an embedded database directory', () => {
  it('refused while another process holds it; then backed up, restored into a new directory, and refused over data without --force', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'site-backup-cli-'));
    const from = { DATA_DIR: path.join(work, 'a'), UPLOAD_DIR: path.join(work, 'a-uploads') };
    const to = { DATA_DIR: path.join(work, 'b'), UPLOAD_DIR: path.join(work, 'b-uploads') };
    try {
      const a = await openDatabase({ dataDir: from.DATA_DIR });
      await a.migrate();
      await a.db.execute(
        sql`insert into articles (slug, title, excerpt, content, category, status) values ('kept', 'Kept', 'e', 'c', 'wellness', 'draft')`,
      );
      // The server (this process) still has it open.
      const refused = await runScript('backup', ['--out', path.join(work, 'x')], from);
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(
        `db:backup: The embedded database in ${from.DATA_DIR} is open in process ${process.pid}`,
      );
      await a.close();
      await cp(path.join(apiDir, 'package.json'), path.join(from.UPLOAD_DIR, 'p.json'), { recursive: true });

      const out = path.join(work, 'backup');
      const made = await runScript('backup', ['--out', out], from);
      expect(made.out).toMatch(/Backup written to .*, 1 uploads, migration \d{4}_/);
      expect(made.code).toBe(0);
      const restored = await runScript('restore', [out], to);
      expect(restored.out).toMatch(/Restored .*: \d+ rows, 1 uploads/);
      expect(restored.code).toBe(0);
      const b = await openDatabase({ dataDir: to.DATA_DIR });
      const rows = (await b.db.execute(sql`select slug from articles`)) as unknown as { rows: unknown[] };
      expect(rows.rows).toEqual([{ slug: 'kept' }]);
      await b.close();
      expect(await readFile(path.join(to.UPLOAD_DIR, 'p.json'))).toEqual(
        await readFile(path.join(apiDir, 'package.json')),
      );
      const again = await runScript('restore', [out], to);
      expect(again.code).toBe(1);
      expect(again.out).toMatch(
        /db:restore: The database holds data \(article_search, articles\)\. .*--force/,
      );
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('the embedded database belongs to one process', () => {
  it('a backup or a restore is refused while another live process holds the directory; a dead one’s mark is taken over', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'site-pglite-'));
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      await writeFile(path.join(dataDir, 'pglite.pid'), `${holder.pid}\n`);
      const err = await openDatabase({ dataDir }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DatabaseInUseError);
      expect((err as Error).message).toMatch(
        new RegExp(`open in process ${holder.pid}.*stop that process first`),
      );
    } finally {
      holder.kill();
    }
    await new Promise((resolve) => holder.once('exit', resolve));
    const handle = await openDatabase({ dataDir });
    expect(Number(await readFile(path.join(dataDir, 'pglite.pid'), 'utf8'))).toBe(process.pid);
    await handle.close();
    await expect(readFile(path.join(dataDir, 'pglite.pid'))).rejects.toThrow();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);
});
