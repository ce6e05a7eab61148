import type pg from 'pg';
import type { AppDeps } from '../../context';

/** Advisory lock keys: any constant shared by every instance, one per job. */
export const LOCK_KEYS = {
  rss: 727_350_001,
  linkHealth: 727_350_002,
  bodyHtml: 727_350_003,
  /** Creating the job queues and their schedules (queue/boss.ts): DDL that deadlocks when instances race. */
  jobsSetup: 727_350_004,
  storedPages: 727_350_005,
  /** Building the public search's window index (routes/content/search-window.ts). */
  searchWindow: 727_350_006,
} as const;

export type ReleaseLock = () => Promise<void>;

/** PGlite is one connection in one process: a lock per client object and key is exact there. */
const pgliteHeld = new WeakMap<object, Set<number>>();

/**
 * Take a cluster-wide job lock without waiting; null when another run holds it.
 * PostgreSQL: a session advisory lock on a dedicated pooled connection, held for the whole run,
 * so it also goes away if the process dies (croner's overlap guard covers one process only).
 */
export async function tryAdvisoryLock(
  deps: Pick<AppDeps, 'db' | 'dbKind'>,
  key: number,
): Promise<ReleaseLock | null> {
  const client = (deps.db as unknown as { $client: unknown }).$client;
  if (deps.dbKind === 'pglite') {
    const owner = client as object;
    const held = pgliteHeld.get(owner) ?? new Set<number>();
    pgliteHeld.set(owner, held);
    if (held.has(key)) return null;
    held.add(key);
    return async () => {
      held.delete(key);
    };
  }
  const conn = await (client as pg.Pool).connect();
  // A checked-out client has no pool listener for 'error': a backend ended while a run holds the lock
  // (a failover, an admin's pg_terminate_backend) would be an uncaught error that ends the process.
  // Noted here instead; the lock died with its session, and the release drops the connection.
  let lost: Error | null = null;
  const onError = (err: Error) => {
    lost = err;
  };
  conn.on('error', onError);
  const giveBack = (err?: Error) => {
    conn.off('error', onError);
    conn.release(err);
  };
  try {
    const { rows } = await conn.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
    if (!rows[0]?.ok) {
      giveBack();
      return null;
    }
  } catch (err) {
    giveBack(err as Error);
    throw err;
  }
  return async () => {
    try {
      if (lost) throw lost;
      await conn.query('select pg_advisory_unlock($1)', [key]);
      giveBack();
    } catch (err) {
      // Dropping the connection releases the lock too.
      giveBack(err as Error);
    }
  };
}
