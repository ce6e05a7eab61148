import { Cron } from 'croner';
import type { AppDeps } from '../context';
import type { Env } from '../env';
import { rssIdle, runRssNow } from './run';

export const isScheduleOff = (env: Pick<Env, 'RSS_CRON'>) => env.RSS_CRON.trim().toLowerCase() === 'off';

/** When the schedule fires next (null when RSS_CRON=off or the pattern never fires). */
export function nextScheduledRun(env: Pick<Env, 'RSS_CRON'>, now = new Date()): Date | null {
  if (isScheduleOff(env)) return null;
  return new Cron(env.RSS_CRON, { paused: true, timezone: 'UTC' }).nextRun(now);
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
      try {
        const summary = await runRssNow(deps, 'schedule');
        if (!summary) {
          deps.metrics.rssRuns.inc({ outcome: 'skipped' });
          deps.logger.info('[rss] scheduled run skipped: another instance is importing');
        } else
          deps.logger.info(
            { runId: summary.runId, status: summary.status, articlesCreated: summary.articlesCreated },
            '[rss] scheduled run finished',
          );
      } catch (err) {
        deps.logger.error({ err: (err as Error).message }, '[rss] scheduled run failed');
      }
    });
  } catch (err) {
    throw new Error(`RSS_CRON: invalid schedule "${deps.env.RSS_CRON}": ${(err as Error).message}`);
  }
  return async () => {
    job.stop();
    await rssIdle(deps);
  };
}
