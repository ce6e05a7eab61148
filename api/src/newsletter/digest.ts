import { and, eq, gt, sql } from 'drizzle-orm';
import { Cron } from 'croner';
import type { AppDeps } from '../context';
import { newsletterIssues, newsletterSettings } from '../db/schema';
import { queueFor, withSetupLock } from '../queue/boss';
import { QUEUES } from '../queue/names';
import { mailConfig } from './config';
import { nextDigest } from './content';
import { queueIssue } from './send';

type Settings = typeof newsletterSettings.$inferSelect;

/** The admin's day and time as a cron pattern (London time). */
export function digestCron(s: Pick<Settings, 'digestDay' | 'digestTime'>) {
  const [h, m] = s.digestTime.split(':').map(Number);
  return `${m} ${h} * * ${s.digestDay}`;
}

/** When the next digest goes out (null while it is off). */
export function nextDigestAt(s: Settings, now = new Date()): Date | null {
  if (!s.digestEnabled) return null;
  return new Cron(digestCron(s), { paused: true, timezone: 'Europe/London' }).nextRun(now);
}

/** Put the digest's schedule in the queue (every instance shares it), or take it out while it is off. */
export async function syncDigestSchedule(deps: AppDeps, s: Settings) {
  const boss = await queueFor(deps);
  // The queue itself exists once the queue has started (queue/boss.ts: QUEUE_OPTIONS).
  await withSetupLock(deps, async () => {
    if (s.digestEnabled) {
      await boss.schedule(QUEUES.newsletterDigest, digestCron(s), {}, { tz: 'Europe/London' });
    } else await boss.unschedule(QUEUES.newsletterDigest);
  });
}

/**
 * The weekly digest (the `newsletter-digest` job): the articles published since the last one, and the
 * sponsor of the day. Nothing is sent when nothing is new, when the digest was switched off after the
 * job was queued, or when a digest went out in the last hour (a second cron fire).
 */
export async function runDigest(deps: AppDeps, opts: { force?: boolean } = {}) {
  const [settings] = await deps.db.select().from(newsletterSettings).where(eq(newsletterSettings.id, 1));
  if (!opts.force && !settings?.digestEnabled) return null;
  if (mailConfig(deps.env).transport === 'none') {
    deps.logger.error('[newsletter] the digest was not sent: no SMTP server is configured (SMTP_URL)');
    return null;
  }
  if (!opts.force) {
    const [recent] = await deps.db
      .select({ id: newsletterIssues.id })
      .from(newsletterIssues)
      .where(
        and(
          eq(newsletterIssues.kind, 'digest'),
          gt(newsletterIssues.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    if (recent) return null;
  }
  const next = await nextDigest(deps);
  if (!next.articleIds.length) {
    deps.logger.info('[newsletter] no digest this time: nothing was published since the last one');
    return null;
  }
  return queueIssue(deps, next);
}
