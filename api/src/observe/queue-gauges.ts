import { sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { pgErrorCode } from '../lib/http/errors';
import { QUEUES } from '../queue/names';

const STATES = ['waiting', 'delayed', 'active', 'failed'] as const;

/**
 * The job queue's gauges, read at scrape time with one grouped query on pg-boss's job table (its
 * partial index on waiting jobs serves the due part). Every queue of the site is listed, at 0 when
 * it has no jobs, so a dashboard sees it before its first job.
 */
export async function readQueueGauges(deps: Pick<AppDeps, 'db' | 'metrics' | 'logger'>): Promise<void> {
  const { queueJobs, queueOldestWaiting } = deps.metrics;
  let rows: Array<Record<string, unknown>> = [];
  try {
    const result = (await deps.db.execute(sql`
      select name,
        count(*) filter (where state < 'active' and start_after <= now())::int as waiting,
        count(*) filter (where state < 'active' and start_after > now())::int as delayed,
        count(*) filter (where state = 'active')::int as active,
        count(*) filter (where state = 'failed')::int as failed,
        coalesce(extract(epoch from now() - min(start_after) filter (where state < 'active' and start_after <= now())), 0)::float8 as oldest
      from pgboss.job group by name`)) as unknown as { rows: Array<Record<string, unknown>> };
    rows = result.rows;
  } catch (err) {
    // No queue schema yet (the queue has never started): every queue is empty. Anything else, the
    // gauges are dropped rather than left at old values.
    const code = pgErrorCode(err);
    if (code !== '42P01' && code !== '3F000') {
      queueJobs.reset();
      queueOldestWaiting.reset();
      deps.logger.warn({ code }, '[metrics] could not read the job queue');
      return;
    }
  }
  const byName = new Map(rows.map((r) => [String(r.name), r]));
  const names = new Set<string>([...Object.values(QUEUES), ...byName.keys()]);
  for (const queue of names) {
    const r = byName.get(queue);
    for (const state of STATES) queueJobs.set({ queue, state }, Number(r?.[state] ?? 0));
    queueOldestWaiting.set({ queue }, Number(r?.oldest ?? 0));
  }
}
