import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../env';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from '../observe/logger';
import { freshMemoryPglite } from './pglite-image';
import { claimPgliteDir } from './pglite-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either driver: both are PostgreSQL to drizzle. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  /**
   * PostgreSQL: a few connections of the pool kept for public searches, whose sessions plan with
   * bitmap scans only (BITMAP_SCANS_ONLY; routes/content/search-plan.ts says why). Apart,
   * a burst of slow searches cannot take the connections pages and API reads need, and a search is
   * one round trip instead of a transaction of four. Undefined on PGlite (one connection).
   */
  searchDb?: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations not applied yet; answers how many it applied. */
  migrate(): Promise<number>;
  /**
   * Run fn while holding the cluster-wide start-up lock, so that N instances starting at once on
   * an empty database migrate and seed once; the others wait, then find nothing to do.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * LISTEN on `channel` (a plain identifier). PostgreSQL: one dedicated connection, reconnected after
   * a loss, with `onReconnect` called since notifications sent meanwhile are lost. Returns a stop function.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** PostgreSQL pool use, for /metrics; undefined on PGlite. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

/**
 * Plan with bitmap scans only: no sequential scan, no walk of a btree index testing each row's vector.
 * No JIT (a disabled plan's cost is huge, which would compile a query that runs in milliseconds) and
 * no parallel workers (starting them costs more than these searches on a small host).
 *
 * work_mem 32MB: a bitmap that outgrows work_mem turns lossy (a heap page instead of each row), and
 * every row of a lossy page is tested again, its vector read from TOAST. At 1,000,000 articles a
 * common word ANDed with a category or a title range made lossy bitmaps at the 4MB default: 8.4 s
 * for one admin search, 0.5 s at 32MB (docs/performance.md, Growth). A bitmap takes only what it
 * needs, ~10 MB for 360,000 rows.
 */
export const BITMAP_SCANS_ONLY: Readonly<Record<string, string>> = {
  enable_seqscan: 'off',
  enable_indexscan: 'off',
  jit: 'off',
  max_parallel_workers_per_gather: '0',
  work_mem: '32MB',
};

/**
 * DATABASE_POOL_MAX split between requests and jobs, and public searches: a quarter
 * (at least 1) for searches, so the total a process opens stays what the setting says.
 */
export function splitPool(max: number) {
  const search = Math.max(1, Math.ceil(max / 4));
  return { main: Math.max(1, max - search), search };
}

/** Advisory lock key for migrate + seed at start-up (any constant shared by every instance). */
const STARTUP_LOCK_KEY = 727_350_002;

export const migrationsFolder = path.join(repoRoot, 'api', 'drizzle');

/**
 * Real PostgreSQL when a URL is given; otherwise embedded PGlite in `dataDir`
 * (or in memory when dataDir is 'memory://', as the tests use).
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  /** Connections of the pool (DATABASE_POOL_MAX); 10 unless given. */
  poolMax?: number | undefined;
  dataDir: string;
  logger?: Logger | undefined;
  /** An open in-memory PGlite to use instead of a new one (the mutation runs re-use one per worker). */
  pglite?: PGlite | undefined;
}): Promise<DatabaseHandle> {
  const warn = (msg: string) => (opts.logger ? opts.logger.warn(msg) : console.warn(msg));
  if (opts.url) {
    // A database that does not answer fails a request within 5 s (a 503), instead of holding it until
    // the operating system gives up on the connection.
    const sizes = splitPool(opts.poolMax ?? 10);
    const pool = new pg.Pool({ connectionString: opts.url, max: sizes.main, connectionTimeoutMillis: 5000 });
    // Set on each new connection before its first query: pg-pool awaits onConnect before it hands the
    // connection out (a 'connect' listener ran beside the first query, which pg 9 will refuse).
    const bitmapScansOnly = Object.entries(BITMAP_SCANS_ONLY)
      .map(([name, value]) => `set ${name} = '${value}'`)
      .join('; ');
    const searchPool = new pg.Pool({
      connectionString: opts.url,
      max: sizes.search,
      connectionTimeoutMillis: 5000,
      onConnect: async (client) => {
        // Failing, the session plans as any other: slower searches, same answers.
        await client
          .query(bitmapScansOnly)
          .catch((err: Error) => warn(`[db] search connection settings: ${err.message}`));
      },
    });
    let closing = false;
    const listeners = new Set<() => Promise<void>>();
    // An idle connection can be cut from the server side (PostgreSQL restarts, an admin terminates it,
    // a database is dropped WITH (FORCE)). pg then emits 'error' on the pool, and an unheard 'error'
    // event kills the process. The pool has already dropped that client; the next query opens a new one.
    for (const p of [pool, searchPool]) {
      p.on('error', (err) => {
        if (!closing) warn(`[db] an idle PostgreSQL connection was lost: ${err.message}`);
      });
    }
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      searchDb: drizzlePg(searchPool, { schema }) as unknown as Database,
      kind: 'postgres',
      migrate: () => countingApplied(db, () => migratePg(db as never, { migrationsFolder })),
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
      close: async () => {
        closing = true;
        // LISTEN connections live outside the pool: end them too, or they would reconnect forever.
        await Promise.all([...listeners].map((stop) => stop()));
        await Promise.all([pool.end(), searchPool.end()]);
      },
      listen: async (channel, onPayload, onReconnect) => {
        const stop = await listenPg(opts.url!, channel, onPayload, onReconnect, warn);
        const once = async () => {
          listeners.delete(once);
          await stop();
        };
        listeners.add(once);
        return once;
      },
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      poolStats: () => ({
        total: pool.totalCount + searchPool.totalCount,
        idle: pool.idleCount + searchPool.idleCount,
        waiting: pool.waitingCount + searchPool.waitingCount,
      }),
    };
  }
  const inMemory = opts.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(opts.dataDir, { recursive: true });
  // One process per directory (db/pglite-lock.ts): a backup or a second server must not open it meanwhile.
  const release = inMemory || opts.pglite ? () => undefined : claimPgliteDir(opts.dataDir);
  const client =
    opts.pglite ?? (inMemory ? await freshMemoryPglite() : new PGlite(path.join(opts.dataDir, 'pglite')));
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => countingApplied(db, () => migratePglite(db as never, { migrationsFolder })),
    // PGlite belongs to one process: nobody else can start on it at the same time.
    exclusive: (fn) => fn(),
    close: async () => {
      await client.close();
      release();
    },
    // One PGlite serves every app built on it (tests): each listener hears every notification.
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
  };
}

/** Runs drizzle's migrator and answers how many migrations it applied (rows it added to its journal). */
async function countingApplied(db: Database, migrate: () => Promise<void>): Promise<number> {
  const applied = async () => {
    const rowsOf = async (q: ReturnType<typeof sql>) =>
      // Both drivers (pg and PGlite) answer with { rows }.
      ((await db.execute(q)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const [exists] = await rowsOf(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
    if (!exists?.t) return 0;
    const [row] = await rowsOf(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    return Number(row?.n ?? 0);
  };
  const before = await applied();
  await migrate();
  return (await applied()) - before;
}

/** A LISTEN connection that comes back after a loss (PostgreSQL restart, idle kill), retried each second. */
async function listenPg(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: (() => void) | undefined,
  warn: (msg: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (first: boolean) => {
    const c = new pg.Client({ connectionString: url });
    const lost = (err?: Error) => {
      if (stopped || client !== c) return;
      client = null;
      warn(`[db] the LISTEN ${channel} connection was lost${err ? `: ${err.message}` : ''}; reconnecting`);
      c.end().catch(() => undefined);
      retry = setTimeout(() => void connect(false), 1000);
      retry.unref();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (n) => {
      if (n.channel === channel) onPayload(n.payload ?? '');
    });
    client = c;
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
    } catch (err) {
      if (first) {
        stopped = true;
        await c.end().catch(() => undefined);
        throw err;
      }
      lost(err as Error);
      return;
    }
    if (!first) onReconnect?.();
  };
  await connect(true);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
