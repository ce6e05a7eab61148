import { once } from 'node:events';
import { createWriteStream, type Dirent, readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { repoRoot } from '../../env';
import { migrationsFolder } from '../client';
import { type Conn, ident } from './conn';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  digestFile,
  type FileEntry,
  type Manifest,
  type TableEntry,
} from './manifest';

/** Rows fetched per round trip of the cursor. */
const FETCH = 500;

/** The base tables of `public`, from the catalog: a table added by a later migration is never forgotten. */
export async function publicTables(conn: Conn): Promise<string[]> {
  const rows = await conn.query<{ t: string }>(
    `select table_name::text as t from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((r) => r.t);
}

/** The columns a backup holds: all but generated ones, which PostgreSQL computes again on insert. */
export async function storedColumns(conn: Conn, table: string): Promise<string[]> {
  const rows = await conn.query<{ c: string }>(
    `select column_name::text as c from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  );
  return rows.map((r) => r.c);
}

export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'api', 'package.json'), 'utf8'));
  return String((pkg as { version?: unknown }).version ?? 'unknown');
}

/** Files under `dir`, relative, with forward slashes; half-written uploads (`.partial`) are left out. */
async function listFiles(dir: string, under = ''): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(path.join(dir, under), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: string[] = [];
  for (const e of entries) {
    const rel = under ? `${under}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else if (e.isFile() && !e.name.endsWith('.partial')) out.push(rel);
  }
  return out.sort();
}

/**
 * Writes a backup of the database (and the local uploads, when `uploadDir` is given) into the new
 * directory `out`: manifest.json, tables/<table>.jsonl.gz (one JSON object per row, as PostgreSQL's
 * row_to_json writes it: exact numbers, bytea as hex), uploads/… . Every table is read in one
 * repeatable-read snapshot, so the backup is consistent while the site goes on writing (PostgreSQL).
 * Written to `out.partial` and renamed at the end: `out` exists only once it is complete.
 */
export async function createBackup(
  conn: Conn,
  opts: { out: string; uploadDir: string | null },
): Promise<Manifest> {
  const out = path.resolve(opts.out);
  const partial = `${out}.partial`;
  if (
    await stat(out).then(
      () => true,
      () => false,
    )
  )
    throw new BackupError(`${out} exists already: name a new directory for the backup.`);
  await rm(partial, { recursive: true, force: true });
  await mkdir(path.join(partial, 'tables'), { recursive: true });
  try {
    const manifest = await dumpDatabase(conn, partial);
    if (opts.uploadDir) {
      manifest.uploads = { included: true, files: await copyUploads(opts.uploadDir, partial) };
    }
    await writeFile(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, out);
    return manifest;
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  }
}

async function dumpDatabase(conn: Conn, dir: string): Promise<Manifest> {
  await conn.exec('begin isolation level repeatable read read only');
  try {
    const [level] = await conn
      .query<{ n: number; created_at: string; hash: string }>(
        `select (select count(*)::int from drizzle.__drizzle_migrations) as n, created_at::text, hash
         from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )
      .catch(() => []);
    if (!level) throw new BackupError('The database has no migrations applied: there is nothing to back up.');
    const createdAt = Number(level.created_at);
    const tables: TableEntry[] = [];
    for (const name of await publicTables(conn)) tables.push(await dumpTable(conn, dir, name));
    const sequences: Manifest['sequences'] = [];
    const seqs = await conn.query<{ s: string }>(
      `select sequence_name::text as s from information_schema.sequences where sequence_schema = 'public' order by 1`,
    );
    for (const { s } of seqs) {
      const [v] = await conn.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from public.${ident(s)}`,
      );
      if (v) sequences.push({ name: s, lastValue: v.last_value, isCalled: Boolean(v.is_called) });
    }
    await conn.exec('commit');
    return {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      database: conn.kind,
      migration: { count: level.n, createdAt, tag: migrationTag(createdAt), hash: level.hash },
      tables,
      sequences,
      uploads: { included: false, files: [] },
    };
  } catch (err) {
    await conn.exec('rollback').catch(() => undefined);
    throw err;
  }
}

/** The tag (file name) of the migration made at `millis`, from drizzle's journal. */
export function migrationTag(millis: number): string | null {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  return journal.entries.find((e) => e.when === millis)?.tag ?? null;
}

async function dumpTable(conn: Conn, dir: string, name: string): Promise<TableEntry> {
  const columns = await storedColumns(conn, name);
  const file = `tables/${name}.jsonl.gz`;
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(path.join(dir, file)));
  let rows = 0;
  const cursor = 'backup_rows';
  await conn.exec(
    `declare ${cursor} no scroll cursor for select row_to_json(r)::text as j from (select ${columns
      .map(ident)
      .join(', ')} from public.${ident(name)}) r`,
  );
  try {
    for (;;) {
      const batch = await conn.query<{ j: string }>(`fetch ${FETCH} from ${cursor}`);
      if (batch.length === 0) break;
      rows += batch.length;
      if (!gzip.write(`${batch.map((b) => b.j).join('\n')}\n`)) await once(gzip, 'drain');
    }
  } finally {
    await conn.exec(`close ${cursor}`).catch(() => undefined);
    gzip.end();
    await written;
  }
  const digest = await digestFile(path.join(dir, file));
  return { name, rows, columns, file, ...digest };
}

async function copyUploads(uploadDir: string, dir: string): Promise<FileEntry[]> {
  const files: FileEntry[] = [];
  for (const rel of await listFiles(uploadDir)) {
    const file = `uploads/${rel}`;
    const target = path.join(dir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(uploadDir, rel), target);
    files.push({ file, ...(await digestFile(target)) });
  }
  return files;
}
