import { Cron } from 'croner';
import cronstrue from 'cronstrue';
import type { Env } from '../env';

export const isScheduleOff = (env: Pick<Env, 'RSS_CRON'>) => env.RSS_CRON.trim().toLowerCase() === 'off';

// RSS_CRON is run by the job queue (queue/workers.ts: the `rss-import` queue, UTC); these describe it
// for the admin tab.

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
