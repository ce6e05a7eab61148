import { Cron } from 'croner';
import type { AppDeps } from '../../context';
import { isLinkCheckOff, LINK_CHECK_TIMEZONE } from './next-check';
import { linkHealthIdle, startLinkCheck } from './run';

/**
 * The daily link check (LINK_CHECK_CRON, London time; "off" disables). croner's `protect` stops
 * overlaps in this process; the advisory lock in startLinkCheck stops them across instances.
 */
export async function startLinkHealthSchedule(deps: AppDeps) {
  const pattern = deps.env.LINK_CHECK_CRON;
  if (isLinkCheckOff(deps.env)) return undefined;
  let job: Cron;
  try {
    job = new Cron(
      pattern,
      { name: 'link-health', protect: true, timezone: LINK_CHECK_TIMEZONE },
      async () => {
        try {
          const run = await startLinkCheck(deps, { trigger: 'scheduled' });
          if (!run) return deps.logger.info('[links] scheduled check skipped: another instance is checking');
          // startLinkCheck logs the outcome.
          await run.done;
        } catch {
          /* logged by startLinkCheck */
        }
      },
    );
  } catch (err) {
    throw new Error(`LINK_CHECK_CRON: invalid schedule "${pattern}": ${(err as Error).message}`);
  }
  return async () => {
    job.stop();
    await linkHealthIdle(deps);
  };
}
