import type { AppDeps } from './context';
import { startLinkHealthSchedule } from './insights/link-health/schedule';
import { startRssSchedule } from './rss/schedule';

export type BackgroundJob = (deps: AppDeps) => Promise<(() => Promise<void> | void) | undefined>;

/** Jobs started with the server (not in tests): the RSS import and the daily affiliate link check. */
export const backgroundJobs: BackgroundJob[] = [];
backgroundJobs.push(startRssSchedule, startLinkHealthSchedule);
