import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../src/db/client';

/**
 * PostgreSQL test apps start from a clone of one migrated database (`CREATE DATABASE … TEMPLATE`)
 * instead of migrating each new database: 0.1-0.2 s instead of 0.35-0.6 s a test app. The template is
 * named by a hash of the migration files, so a changed migration makes a new one (and the old ones go).
 */
const BUILD_LOCK = 727_350_099; // on TEST_DATABASE_URL's database: one worker builds, the others wait

let template: Promise<string> | undefined;

/** The template's name, building it first if this migration set has none yet. */
export function migratedTemplate(base: string, again = false): Promise<string> {
  if (again) template = undefined;
  template ??= build(base).catch((err) => {
    template = undefined; // let the next test try again rather than fail on a stale rejection
    throw err;
  });
  return template;
}

async function build(base: string): Promise<string> {
  const name = `tmpl_${migrationsHash()}`;
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query('select pg_advisory_lock($1)', [BUILD_LOCK]);
    const found = await c.query('select datname from pg_database where datname like $1', ['tmpl\\_%']);
    const names = found.rows.map((r: { datname: string }) => r.datname);
    if (names.includes(name)) return name;
    // Templates of other migration sets go (a checkout that still uses one builds it again).
    for (const old of names.filter((n) => /^tmpl_[0-9a-f]{16}$/.test(n))) {
      await c.query(`drop database if exists ${old} with (force)`);
    }
    // Built under its own name, then renamed: a run on another base database may build it meanwhile.
    const building = `${name}_b${randomBytes(4).toString('hex')}`;
    await c.query(`create database ${building}`);
    const url = new URL(base);
    url.pathname = `/${building}`;
    const handle = await openDatabase({ url: url.toString(), dataDir: 'unused' });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    await c.query(`alter database ${building} rename to ${name}`).catch(async (err) => {
      if ((err as { code?: string }).code !== '42P04') throw err; // the other build finished first
      await c.query(`drop database ${building}`);
    });
    return name;
  } finally {
    await c.query('select pg_advisory_unlock($1)', [BUILD_LOCK]).catch(() => undefined);
    await c.end();
  }
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder).sort()) {
    if (file.endsWith('.sql')) hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  hash.update(readFileSync(path.join(migrationsFolder, 'meta/_journal.json')));
  return hash.digest('hex').slice(0, 16);
}
