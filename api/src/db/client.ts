import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either driver: both are PostgreSQL to drizzle. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Real PostgreSQL when a URL is given; otherwise embedded PGlite in `dataDir`
 * (or in memory when dataDir is 'memory://', as the tests use).
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    let closing = false;
    // An idle connection can be cut from the server side (PostgreSQL restarts, an admin terminates it,
    // a database is dropped WITH (FORCE)). pg then emits 'error' on the pool, and an unheard 'error'
    // event kills the process. The pool has already dropped that client; the next query opens a new one.
    pool.on('error', (err) => {
      if (!closing) console.warn(`[db] an idle PostgreSQL connection was lost: ${err.message}`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  const inMemory = opts.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(opts.dataDir, { recursive: true });
  const client = new PGlite(inMemory ? undefined : path.join(opts.dataDir, 'pglite'));
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
