import type { AppDeps } from './context';
import { startRssSchedule } from './rss/schedule';

export type BackgroundJob = (deps: AppDeps) => Promise<(() => Promise<void> | void) | undefined>;

/** Jobs started with the server (not in tests). The RSS schedule registers here. */
export const backgroundJobs: BackgroundJob[] = [];
backgroundJobs.push(startRssSchedule);
