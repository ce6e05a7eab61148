import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder } from '../client';
import { type Conn, ident } from './conn';
import { migrationTag, publicTables, storedColumns } from './dump';
import { BackupError, type Manifest, readManifest, verifyFiles } from './manifest';

type Migration = ReturnType<typeof readMigrationFiles>[number];

/** Tables that migrations or the start-up fill by themselves: rows there alone do not make a database "in use". */
const FILLED_BY_THE_SITE = new Set(['newsletter_settings', 'rss_sources', 'page_builds']);

/** A batch of rows sent in one statement: at most this many rows, or about this many characters. */
const BATCH_ROWS = 1000;
const BATCH_CHARS = 4_000_000;

export interface RestoreReport {
  manifest: Manifest;
  rows: number;
  uploads: number;
  /** Migrations of this build newer than the backup, applied after loading it. */
  migratedAfter: number;
}

/**
 * Checks a backup (format, migration level, every file's size and digest) and only then replaces the
 * database with it, in one transaction: the schemas are dropped and the migrations applied up to the
 * backup's level, every table is loaded with its foreign keys checked at the end and its triggers off
 * (the rows are the ones those triggers once made), sequences are set back, and this build's newer
 * migrations run over the restored rows. Any failure rolls all of it back. The uploads are copied last.
 */
export async function restoreBackup(
  conn: Conn,
  opts: { from: string; uploadDir: string | null; force?: boolean },
): Promise<RestoreReport> {
  const dir = path.resolve(opts.from);
  const manifest = await readManifest(dir);
  const all = readMigrationFiles({ migrationsFolder });
  const level = manifest.migration.createdAt;
  const newest = Math.max(0, ...all.map((m) => m.folderMillis));
  const name = (millis: number) => migrationTag(millis) ?? String(millis);
  if (level > newest) {
    throw new BackupError(
      `This backup was made by a newer build (version ${manifest.appVersion}, migration ${name(level)}); this build knows migrations up to ${name(newest)}. Restore it with that build or a newer one. Nothing was changed.`,
    );
  }
  const same = all.find((m) => m.folderMillis === level);
  if (!same || same.hash !== manifest.migration.hash) {
    throw new BackupError(
      `This backup's last migration (${manifest.migration.tag ?? level}) is not one of this build's: it was made by another line of development. Nothing was changed.`,
    );
  }
  await verifyFiles(dir, manifest);
  if (!opts.force) {
    const used = await tablesWithRows(conn);
    if (used.length) {
      throw new BackupError(
        `The database holds data (${used.slice(0, 5).join(', ')}${used.length > 5 ? ', …' : ''}). A restore replaces all of it: run it again with --force to do so.`,
      );
    }
  }
  let rows = 0;
  await conn.exec('begin');
  try {
    // pg-boss's jobs are not in a backup (docs/deploy.md says why): its schema is made again at start.
    await conn.exec(
      'drop schema if exists pgboss cascade; drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;',
    );
    await applyMigrations(
      conn,
      all.filter((m) => m.folderMillis <= level),
    );
    const tables = await publicTables(conn);
    // Rows a migration inserted (default settings) come back from the backup instead.
    if (tables.length) await conn.exec(`truncate ${tables.map((t) => `public.${ident(t)}`).join(', ')}`);
    const fks = await conn.query<{ t: string; c: string }>(
      `select conrelid::regclass::text as t, conname::text as c from pg_constraint
       where contype = 'f' and connamespace = 'public'::regnamespace and not condeferrable`,
    );
    for (const fk of fks) {
      await conn.exec(`alter table ${fk.t} alter constraint ${ident(fk.c)} deferrable initially deferred`);
    }
    for (const t of tables) await conn.exec(`alter table public.${ident(t)} disable trigger user`);
    for (const entry of manifest.tables) {
      if (!tables.includes(entry.name)) {
        throw new BackupError(
          `The backup holds table ${entry.name}, which its migration level does not make.`,
        );
      }
      const have = new Set(await storedColumns(conn, entry.name));
      const missing = entry.columns.filter((c) => !have.has(c));
      if (missing.length) {
        throw new BackupError(
          `Table ${entry.name} of the backup has columns the schema lacks: ${missing.join(', ')}.`,
        );
      }
      rows += await loadTable(conn, dir, entry.name, entry.columns, entry.rows, entry.file);
    }
    // Every foreign key is checked here, once the rows of all tables are in.
    await conn.exec('set constraints all immediate');
    for (const t of tables) await conn.exec(`alter table public.${ident(t)} enable trigger user`);
    for (const fk of fks) {
      await conn.exec(`alter table ${fk.t} alter constraint ${ident(fk.c)} not deferrable`);
    }
    for (const s of manifest.sequences) {
      await conn.query(`select setval($1::regclass, $2::bigint, $3)`, [
        `public.${ident(s.name)}`,
        s.lastValue,
        s.isCalled,
      ]);
    }
    const newer = all.filter((m) => m.folderMillis > level);
    await applyMigrations(conn, newer);
    await conn.exec('commit');
    const uploads = opts.uploadDir ? await restoreUploads(dir, manifest, opts.uploadDir) : 0;
    return { manifest, rows, uploads, migratedAfter: newer.length };
  } catch (err) {
    await conn.exec('rollback').catch(() => undefined);
    if (err instanceof BackupError) throw new BackupError(`${err.message} Nothing was changed.`);
    // PostgreSQL's own refusal (a row that breaks a constraint, a value of the wrong type): the backup's fault.
    throw new BackupError(`The backup could not be loaded: ${(err as Error).message}. Nothing was changed.`);
  }
}

/** Tables of `public` holding rows the site did not put there by itself. */
export async function tablesWithRows(conn: Conn): Promise<string[]> {
  const used: string[] = [];
  for (const t of await publicTables(conn)) {
    if (FILLED_BY_THE_SITE.has(t)) continue;
    const [r] = await conn.query<{ e: boolean }>(`select exists (select 1 from public.${ident(t)}) as e`);
    if (r?.e) used.push(t);
  }
  return used;
}

/** drizzle's migrator, step for step (same journal table and rows), but inside the caller's transaction. */
async function applyMigrations(conn: Conn, migrations: Migration[]) {
  await conn.exec(`create schema if not exists "drizzle";
    create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint)`);
  for (const m of migrations) {
    for (const statement of m.sql) if (statement.trim()) await conn.exec(statement);
    await conn.query(`insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values ($1, $2)`, [
      m.hash,
      m.folderMillis,
    ]);
  }
}

async function loadTable(
  conn: Conn,
  dir: string,
  table: string,
  columns: string[],
  expected: number,
  file: string,
): Promise<number> {
  const cols = columns.map(ident).join(', ');
  const target = `public.${ident(table)}`;
  const insert = `insert into ${target} (${cols}) overriding system value
    select ${cols} from json_populate_recordset(null::${target}, $1::json)`;
  let batch: string[] = [];
  let chars = 0;
  let count = 0;
  const flush = async () => {
    if (!batch.length) return;
    // The lines go to PostgreSQL as they are: never through JavaScript numbers, which would round.
    await conn.query(insert, [`[${batch.join(',')}]`]);
    batch = [];
    chars = 0;
  };
  const gunzip = createGunzip();
  // A damaged stream ends the lines early; the pipeline's error is thrown below.
  const read = pipeline(createReadStream(path.join(dir, file)), gunzip);
  read.catch(() => undefined);
  for await (const line of createInterface({ input: gunzip, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (!line) continue;
    batch.push(line);
    chars += line.length;
    count++;
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
  }
  await read.catch((err: Error) => {
    throw new BackupError(`${file} cannot be read: ${err.message}`);
  });
  await flush();
  if (count !== expected) {
    throw new BackupError(`${file} holds ${count} rows; the manifest says ${expected}.`);
  }
  return count;
}

/** Writes each upload beside its place and renames it there: a reader never sees half a file. */
async function restoreUploads(dir: string, manifest: Manifest, uploadDir: string): Promise<number> {
  for (const entry of manifest.uploads.files) {
    const rel = entry.file.replace(/^uploads\//, '');
    const target = path.join(uploadDir, rel);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.restore.partial`;
    try {
      await copyFile(path.join(dir, entry.file), partial);
      await rename(partial, target);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }
  return manifest.uploads.files.length;
}
