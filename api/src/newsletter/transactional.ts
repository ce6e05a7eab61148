import pLimit from 'p-limit';
import type PgBoss from 'pg-boss';
import type { AppDeps } from '../context';
import { type MailTransport, openTransport } from './transport';

/**
 * Transactional mail (confirmations, staff invitations) is paced apart from the newsletter (issue 40):
 * a reader waits for it, so it goes out at once, a few at a time over one pooled transport, with no
 * messages-per-second limit; the admin's rate applies to list sends only (send.ts).
 *
 * A worker takes up to TRANSACTIONAL_BATCH jobs at a time. A full batch fetches the next one as soon
 * as it is done (pg-boss would otherwise wait its polling interval between fetches: one mail every
 * 2 s), and a job queued on this instance wakes the worker at once. Each job is one mail: one that
 * fails is failed alone and retried by the queue's policy; the others are completed. A crash leaves
 * the batch's jobs active, and pg-boss retries them when they expire: nothing is lost.
 */
export const TRANSACTIONAL_BATCH = 20;
/** How often a transactional worker looks for jobs queued elsewhere (another instance). */
const POLL_SECONDS = 1;

const workers = new WeakMap<AppDeps, Map<string, { boss: PgBoss; id: string }>>();

export async function workTransactional<T extends object>(
  deps: AppDeps,
  boss: PgBoss,
  queue: string,
  send: (data: T, transport: MailTransport) => Promise<void>,
) {
  const id: string = await boss.work<T>(
    queue,
    { batchSize: TRANSACTIONAL_BATCH, pollingIntervalSeconds: POLL_SECONDS },
    async (jobs) => {
      if (jobs.length >= TRANSACTIONAL_BATCH) boss.notifyWorker(id);
      const transport = openTransport(deps);
      const parallel = pLimit(transport.kind === 'smtp' ? deps.env.SMTP_MAX_CONNECTIONS : 4);
      try {
        const results = await Promise.allSettled(
          jobs.map((job) => parallel(() => send(job.data, transport))),
        );
        const failed = jobs.filter((_, i) => results[i]?.status === 'rejected');
        if (failed.length) {
          // Failed alone: pg-boss retries these; the batch's others are completed when this returns.
          await boss.fail(
            queue,
            failed.map((j) => j.id),
          );
          deps.logger.warn(
            { queue, failed: failed.length, of: jobs.length },
            `[mail] ${failed.length} of ${jobs.length} ${queue} mails not sent; retried later`,
          );
        }
      } finally {
        transport.close();
      }
    },
  );
  const mine = workers.get(deps) ?? new Map<string, { boss: PgBoss; id: string }>();
  workers.set(deps, mine);
  mine.set(queue, { boss, id });
  return id;
}

/** A transactional job was queued: this instance's worker for it (if any) fetches now, not at its next poll. */
export function wakeTransactional(deps: AppDeps, queue: string) {
  const w = workers.get(deps)?.get(queue);
  w?.boss.notifyWorker(w.id);
}
