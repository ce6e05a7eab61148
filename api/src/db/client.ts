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
  /**
   * Run fn while holding the cluster-wide start-up lock, so that N instances starting at once on
   * an empty database migrate and seed once; the others wait, then find nothing to do.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Advisory lock key for migrate + seed at start-up (any constant shared by every instance). */
const STARTUP_LOCK_KEY = 727_350_002;

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

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
      async exclusive(fn) {
        // A session lock on its own connection: it outlives drizzle's migration transaction, and
        // it goes away with the connection if this process dies half-way.
        const conn = await pool.connect();
        try {
          await conn.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          try {
            return await fn();
          } finally {
            // A lost connection has dropped the lock already; keep fn's own error.
            await conn.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
          }
        } finally {
          conn.release();
        }
      },
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
    // PGlite belongs to one process: nobody else can start on it at the same time.
    exclusive: (fn) => fn(),
    close: () => client.close(),
  };
}
