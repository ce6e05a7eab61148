import { Cron } from 'croner';
import cronstrue from 'cronstrue';
import type { AppDeps } from '../context';
import type { Env } from '../env';
import { outsideText } from '../observe/redact';
import { rssIdle, startRssRun } from './run';

export const isScheduleOff = (env: Pick<Env, 'RSS_CRON'>) => env.RSS_CRON.trim().toLowerCase() === 'off';

/** When the schedule fires next (null when RSS_CRON=off or the pattern never fires). */
export function nextScheduledRun(env: Pick<Env, 'RSS_CRON'>, now = new Date()): Date | null {
  if (isScheduleOff(env)) return null;
  return new Cron(env.RSS_CRON, { paused: true, timezone: 'UTC' }).nextRun(now);
}

/**
 * RSS_CRON in words for the admin tab ("On the hour, every 6 hours (UTC)"), or null when scheduled
 * runs are off. The tab says what this server does, not what the spec's default would.
 */
export function describeSchedule(env: Pick<Env, 'RSS_CRON'>): string | null {
  if (isScheduleOff(env)) return null;
  try {
    return `${cronstrue.toString(env.RSS_CRON, { use24HourTimeFormat: true })} (UTC)`;
  } catch {
    return `${env.RSS_CRON} (UTC)`;
  }
}

/**
 * The import every 6 hours by default (RSS_CRON; "off" disables). croner's `protect` stops
 * overlaps in this process; the advisory lock in startRssRun stops them across instances.
 */
export async function startRssSchedule(deps: AppDeps) {
  if (isScheduleOff(deps.env)) return undefined;
  let job: Cron;
  try {
    job = new Cron(deps.env.RSS_CRON, { name: 'rss-import', protect: true, timezone: 'UTC' }, async () => {
      let started: Awaited<ReturnType<typeof startRssRun>>;
      try {
        started = await startRssRun(deps, 'schedule');
      } catch (err) {
        // No run was recorded (no source enabled, the database unreachable): say why it did not start.
        deps.logger.error(
          { error: outsideText((err as Error)?.message) },
          '[rss] scheduled run could not start',
        );
        return;
      }
      if (!started) {
        deps.metrics.rssRuns.inc({ outcome: 'skipped' });
        deps.logger.info('[rss] scheduled run skipped: another instance is importing');
        return;
      }
      // The run logs its own outcome, success or failure (run.ts: one line per run).
      await started.done.catch(() => undefined);
    });
  } catch (err) {
    throw new Error(`RSS_CRON: invalid schedule "${deps.env.RSS_CRON}": ${(err as Error).message}`);
  }
  return async () => {
    job.stop();
    await rssIdle(deps);
  };
}
