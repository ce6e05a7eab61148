import type { AppDeps } from './context';
import { startJobWorkers } from './queue/workers';
import { startBodyHtmlBackfill } from './routes/content/body-html';
import { startStoredPagesBackfill } from './web/stored-pages';

export type BackgroundJob = (deps: AppDeps) => Promise<(() => Promise<void> | void) | undefined>;

/**
 * Jobs started with the server (not in tests): the workers of the one job queue (queue/workers.ts:
 * the RSS import, the daily affiliate link check, the newsletter), and storing what is not stored yet:
 * the rendered bodies of articles, and their pages (web/stored-pages.ts).
 */
export const backgroundJobs: BackgroundJob[] = [];
backgroundJobs.push(
  // RUN_JOBS=false: a web-only instance; the jobs it queues run on the others.
  async (deps) => (deps.env.RUN_JOBS ? startJobWorkers(deps) : undefined),
  startBodyHtmlBackfill,
  startStoredPagesBackfill,
);
