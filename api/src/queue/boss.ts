import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { AppDeps } from '../context';
import { LOCK_KEYS } from '../lib/jobs/advisory-lock';
import { outsideText } from '../observe/redact';
import { QUEUES } from './names';

/** Tries per picture before it is marked failed (the queue retries with backoff in between). */
export const PICTURE_SIZE_TRIES = 4;

/**
 * The one job queue (DESIGN.md §8): pg-boss on the site's own database, so any instance can run a
 * job, a job survives a restart, and a queue's policy keeps one from running twice.
 *
 * pg-boss speaks to PostgreSQL through `executeSql(text, values)`; we hand it the app's own
 * connection instead of letting it open a second pool: the `pg` pool on PostgreSQL, and the embedded
 * PGlite otherwise. PGlite runs parameterised statements with `query` (extended protocol, one
 * statement) and pg-boss's parameterless multi-statement scripts (its migrations, its locked
 * maintenance commands) with `exec` (simple protocol); both wait for any open transaction, so a
 * pg-boss statement never lands inside a drizzle transaction.
 */
export function queueDb(deps: Pick<AppDeps, 'db' | 'dbKind'>): PgBoss.Db {
  const client = (deps.db as unknown as { $client: unknown }).$client;
  if (deps.dbKind === 'postgres') {
    const pool = client as pg.Pool;
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const lite = client as PGlite;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const r = await lite.query(text, values);
        return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
      }
      const results = await lite.exec(text);
      const last = results[results.length - 1];
      return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
    },
  };
}

export interface QueueTimings {
  /** How often a worker asks for new jobs (pg-boss's minimum is 0.5 s). */
  pollSeconds?: number;
  /** How often cron schedules are checked (pg-boss's timekeeper). */
  cronSeconds?: number;
}

/**
 * Run fn while holding the cluster-wide job-setup lock (PostgreSQL: a session advisory lock on a
 * connection of its own, waited for). pg-boss creates a queue as a partition table and a schedule as
 * an upsert: instances starting at once deadlocked on them (multi-instance e2e), so they take turns.
 */
export async function withSetupLock<T>(
  deps: Pick<AppDeps, 'db' | 'dbKind'>,
  fn: () => Promise<T>,
): Promise<T> {
  if (deps.dbKind !== 'postgres') return fn();
  const pool = (deps.db as unknown as { $client: pg.Pool }).$client;
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock($1)', [LOCK_KEYS.jobsSetup]);
    try {
      return await fn();
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [LOCK_KEYS.jobsSetup]).catch(() => undefined);
    }
  } finally {
    conn.release();
  }
}

/** Every queue and its policy: created when the queue starts, so a job can be queued before any worker ran. */
export const QUEUE_OPTIONS: Array<{ name: string } & PgBoss.Queue> = [
  { name: QUEUES.rssImport, policy: 'singleton', retryLimit: 0, expireInSeconds: 3600 },
  { name: QUEUES.linkCheck, policy: 'singleton', retryLimit: 0, expireInSeconds: 3600 },
  { name: QUEUES.newsletterConfirm, retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  { name: QUEUES.staffInvitation, retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  // Standard policy: a spare send job ends at once (the lease keeps senders apart).
  {
    name: QUEUES.newsletterSend,
    retryLimit: 20,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 6 * 3600,
  },
  { name: QUEUES.newsletterDigest, policy: 'singleton', retryLimit: 2, expireInSeconds: 600 },
  { name: QUEUES.newsletterSweep, policy: 'singleton', retryLimit: 0, expireInSeconds: 60 },
  // Retried with backoff (5 s, 10 s, 20 s): a file store that blinked; pictures/sizes.ts marks the last failure.
  {
    name: QUEUES.pictureSizes,
    retryLimit: PICTURE_SIZE_TRIES - 1,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 300,
  },
  { name: QUEUES.pictureBackfill, policy: 'singleton', retryLimit: 2, retryDelay: 60, expireInSeconds: 3600 },
  { name: QUEUES.auditPrune, policy: 'singleton', retryLimit: 2, retryDelay: 600, expireInSeconds: 3600 },
  {
    name: QUEUES.storedPagesPrune,
    policy: 'singleton',
    retryLimit: 2,
    retryDelay: 600,
    expireInSeconds: 3600,
  },
];

const started = new WeakMap<AppDeps, Promise<PgBoss>>();
/** Whether this process runs maintenance and cron (the server, or a test that starts workers). */
const supervising = new WeakSet<AppDeps>();

function create(deps: AppDeps, opts: { supervise: boolean } & QueueTimings): PgBoss {
  const boss = new PgBoss({
    db: queueDb(deps),
    schema: 'pgboss',
    // Maintenance (expiring jobs of a dead worker, archiving) and cron only where workers run: a
    // request that queues a job starts neither.
    supervise: opts.supervise,
    schedule: opts.supervise,
    migrate: true,
    cronMonitorIntervalSeconds: opts.cronSeconds ?? 30,
    cronWorkerIntervalSeconds: opts.cronSeconds ?? 5,
    maintenanceIntervalSeconds: 60,
    pollingIntervalSeconds: opts.pollSeconds ?? 2,
  });
  boss.on('error', (err: Error) =>
    deps.logger.error({ error: outsideText(err?.message) }, '[jobs] queue error'),
  );
  return boss;
}

/**
 * This app's queue, started on first use (its schema is created or migrated then). Routes that only
 * queue a job call this; the server starts it with workers at start-up (queue/workers.ts).
 */
export function queueFor(deps: AppDeps, opts: { supervise?: boolean } & QueueTimings = {}): Promise<PgBoss> {
  const have = started.get(deps);
  if (have) return have;
  const boss = create(deps, { supervise: opts.supervise ?? false, ...opts });
  if (opts.supervise) supervising.add(deps);
  const p = withSetupLock(deps, async () => {
    await boss.start();
    for (const q of QUEUE_OPTIONS) await boss.createQueue(q.name, q);
    return boss;
  });
  started.set(deps, p);
  p.catch(() => started.delete(deps));
  return p;
}

/** Stop this app's queue (workers finish their job, at most `timeoutMs`); a no-op when never started. */
export async function stopQueue(deps: AppDeps, timeoutMs = 10_000) {
  const p = started.get(deps);
  if (!p) return;
  started.delete(deps);
  supervising.delete(deps);
  const boss = await p.catch(() => null);
  // close: false — the connection is the app's, closed with it.
  await boss?.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
}
