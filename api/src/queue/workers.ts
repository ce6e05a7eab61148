import { eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { sendInvitation } from '../auth/invitations';
import { pruneAudit } from '../audit/retention';
import type { AppDeps } from '../context';
import { newsletterSettings } from '../db/schema';
import { linkHealthIdle, startLinkCheck } from '../insights/link-health/run';
import { sendConfirmation } from '../newsletter/subscribe';
import { runDigest, syncDigestSchedule } from '../newsletter/digest';
import { enqueueSend, sendIssue, sendingIssues } from '../newsletter/send';
import { workTransactional } from '../newsletter/transactional';
import { outsideText } from '../observe/redact';
import { backfillPictures } from '../pictures/backfill';
import { makePictureSizes } from '../pictures/sizes';
import { backfillFeedPictures } from '../rss/picture-backfill';
import { rssIdle, startRssRun } from '../rss/run';
import { pruneStoredPages } from '../web/stored-pages-bound';
import { type QueueTimings, queueFor, stopQueue, withSetupLock } from './boss';
import { QUEUES } from './names';

const isOff = (pattern: string) => pattern.trim().toLowerCase() === 'off';

/** A cron pattern pg-boss accepts, or an error naming the setting (start-up stops on it). */
async function scheduleOrClear(boss: PgBoss, name: string, pattern: string, tz: string, setting: string) {
  if (isOff(pattern)) {
    await boss.unschedule(name);
    return;
  }
  try {
    await boss.schedule(name, pattern, {}, { tz });
  } catch (err) {
    throw new Error(`${setting}: invalid schedule "${pattern}": ${(err as Error).message}`);
  }
}

/** The scheduled RSS import: the same outcome lines as before the queue (run.ts logs each run). */
async function rssJob(deps: AppDeps) {
  let started: Awaited<ReturnType<typeof startRssRun>>;
  try {
    started = await startRssRun(deps, 'schedule');
  } catch (err) {
    // No run was recorded (no source enabled, the database unreachable): say why it did not start.
    deps.logger.error({ error: outsideText((err as Error)?.message) }, '[rss] scheduled run could not start');
    return;
  }
  if (!started) {
    deps.metrics.rssRuns.inc({ outcome: 'skipped' });
    deps.logger.info('[rss] scheduled run skipped: another instance is importing');
    return;
  }
  await started.done.catch(() => undefined);
}

async function linkCheckJob(deps: AppDeps) {
  try {
    const run = await startLinkCheck(deps, { trigger: 'scheduled' });
    if (!run) return deps.logger.info('[links] scheduled check skipped: another instance is checking');
    await run.done; // startLinkCheck logs the outcome.
  } catch {
    /* logged by startLinkCheck */
  }
}

/**
 * Start this instance's workers on the one queue (DESIGN.md §8): the RSS import and the link check on
 * their cron settings, the newsletter's confirmation mails, sends, weekly digest and sweep. Any
 * instance may pick up any job; the queues' policies and the jobs' own locks keep each from running
 * twice. Returns the stop function (workers finish what they hold, then stop).
 */
export async function startJobWorkers(deps: AppDeps, timings: QueueTimings = {}) {
  // A queue a request started without workers (no maintenance, no cron) is restarted supervised.
  await stopQueue(deps);
  const boss = await queueFor(deps, { supervise: true, ...timings });
  try {
    await setUp(deps, boss, timings);
  } catch (err) {
    await stopQueue(deps);
    throw err;
  }
  return async () => {
    await stopQueue(deps, deps.env.SHUTDOWN_TIMEOUT_MS);
    await Promise.all([rssIdle(deps), linkHealthIdle(deps)]);
  };
}

async function setUp(deps: AppDeps, boss: PgBoss, timings: QueueTimings) {
  const poll = { pollingIntervalSeconds: timings.pollSeconds ?? 2 };
  await withSetupLock(deps, async () => {
    await scheduleOrClear(boss, QUEUES.rssImport, deps.env.RSS_CRON, 'UTC', 'RSS_CRON');
    await scheduleOrClear(
      boss,
      QUEUES.linkCheck,
      deps.env.LINK_CHECK_CRON,
      'Europe/London',
      'LINK_CHECK_CRON',
    );
    await boss.schedule(QUEUES.newsletterSweep, '* * * * *', {}, { tz: 'UTC' });
    await boss.schedule(QUEUES.auditPrune, '17 3 * * *', {}, { tz: 'UTC' });
    await boss.schedule(QUEUES.storedPagesPrune, '47 3 * * *', {}, { tz: 'UTC' });
  });
  const [settings] = await deps.db.select().from(newsletterSettings).where(eq(newsletterSettings.id, 1));
  if (settings) await syncDigestSchedule(deps, settings);

  await boss.work(QUEUES.rssImport, poll, async () => rssJob(deps));
  await boss.work(QUEUES.linkCheck, poll, async () => linkCheckJob(deps));
  // Transactional mail: its own pace, not the digest's (newsletter/transactional.ts).
  await workTransactional<{ subscriberId: number }>(deps, boss, QUEUES.newsletterConfirm, (data, transport) =>
    sendConfirmation(deps, data.subscriberId, transport),
  );
  await workTransactional<{ invitationId: string }>(deps, boss, QUEUES.staffInvitation, (data, transport) =>
    sendInvitation(deps, data.invitationId, transport),
  );
  await boss.work<{ issueId: number }>(QUEUES.newsletterSend, poll, async ([job]) => {
    if (job) await sendIssue(deps, job.data.issueId);
  });
  await boss.work(QUEUES.newsletterDigest, poll, async () => {
    await runDigest(deps);
  });
  await boss.work(QUEUES.newsletterSweep, poll, async () => {
    for (const { id, wait } of await sendingIssues(deps)) if (wait === 0) await enqueueSend(deps, id);
  });
  // One picture at a time per instance: sizes take a core while they run (pictures/sizes.ts).
  await boss.work<{ name: string }>(QUEUES.pictureSizes, poll, async ([job]) => {
    if (job) await makePictureSizes(deps, job.data.name);
  });
  await boss.work(QUEUES.pictureBackfill, poll, async () => {
    await backfillPictures(deps);
    await backfillFeedPictures(deps);
  });
  await boss.work(QUEUES.auditPrune, poll, async () => {
    const removed = await pruneAudit(deps.db, deps.env.AUDIT_RETENTION_DAYS);
    deps.logger.info({ removed, days: deps.env.AUDIT_RETENTION_DAYS }, '[audit] old entries removed');
  });
  await boss.work(QUEUES.storedPagesPrune, poll, async () => {
    const removed = await pruneStoredPages(deps);
    deps.logger.info(
      { removed, days: deps.env.STORED_PAGES_DAYS },
      '[pages] pages outside the bound removed',
    );
  });
  // Pictures stored before sizes existed: looked for once a start (a singleton: one instance looks).
  await boss.send(QUEUES.pictureBackfill, {}, { singletonKey: 'start', singletonSeconds: 60 });
  // Issues a crash left half-sent resume as soon as the dead sender's lease lapses.
  for (const { id, wait } of await sendingIssues(deps)) await enqueueSend(deps, id, wait + 0.5);
}
