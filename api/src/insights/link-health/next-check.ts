import { Cron } from 'croner';
import type { Env } from '../../env';

export const LINK_CHECK_TIMEZONE = 'Europe/London';

export const isLinkCheckOff = (env: Pick<Env, 'LINK_CHECK_CRON'>) =>
  env.LINK_CHECK_CRON.trim().toLowerCase() === 'off';

/**
 * When the scheduled link check runs next: null when LINK_CHECK_CRON=off (or the pattern never fires),
 * so the panel never promises a daily check that will not come (issue 26).
 */
export function nextLinkCheck(env: Pick<Env, 'LINK_CHECK_CRON'>, now = new Date()): Date | null {
  if (isLinkCheckOff(env)) return null;
  return new Cron(env.LINK_CHECK_CRON, { paused: true, timezone: LINK_CHECK_TIMEZONE }).nextRun(now);
}
