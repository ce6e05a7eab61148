import type { AppDeps } from './context';
import { startLinkHealthSchedule } from './insights/link-health/schedule';
import { startBodyHtmlBackfill } from './routes/content/body-html';
import { startRssSchedule } from './rss/schedule';
import { startStoredPagesBackfill } from './web/stored-pages';

export type BackgroundJob = (deps: AppDeps) => Promise<(() => Promise<void> | void) | undefined>;

/**
 * Jobs started with the server (not in tests): the RSS import, the daily affiliate link check, and
 * storing the rendered bodies of articles that have none yet.
 */
export const backgroundJobs: BackgroundJob[] = [];
backgroundJobs.push(
  startRssSchedule,
  startLinkHealthSchedule,
  startBodyHtmlBackfill,
  startStoredPagesBackfill,
);
