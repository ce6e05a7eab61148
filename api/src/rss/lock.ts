import type pg from 'pg';
import type { AppDeps } from '../context';

/** Advisory lock key for the RSS import (any constant shared by every instance). */
const RSS_LOCK_KEY = 727_350_001;

export type ReleaseLock = () => Promise<void>;

/** PGlite is one connection in one process: a lock per client object is exact there. */
const pgliteHeld = new WeakSet<object>();

/**
 * Take the cluster-wide RSS lock without waiting; null when another run holds it.
 * PostgreSQL: a session advisory lock on a dedicated pooled connection, held for the whole run,
 * so it also goes away if the process dies (croner's overlap guard covers one process only).
 */
export async function tryRssLock(deps: Pick<AppDeps, 'db' | 'dbKind'>): Promise<ReleaseLock | null> {
  const client = (deps.db as unknown as { $client: unknown }).$client;
  if (deps.dbKind === 'pglite') {
    const key = client as object;
    if (pgliteHeld.has(key)) return null;
    pgliteHeld.add(key);
    return async () => {
      pgliteHeld.delete(key);
    };
  }
  const conn = await (client as pg.Pool).connect();
  try {
    const { rows } = await conn.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
      RSS_LOCK_KEY,
    ]);
    if (!rows[0]?.ok) {
      conn.release();
      return null;
    }
  } catch (err) {
    conn.release(err as Error);
    throw err;
  }
  return async () => {
    try {
      await conn.query('select pg_advisory_unlock($1)', [RSS_LOCK_KEY]);
      conn.release();
    } catch (err) {
      // Dropping the connection releases the lock too.
      conn.release(err as Error);
    }
  };
}
