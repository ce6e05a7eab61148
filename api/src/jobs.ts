import type { AppDeps } from './context';
import { startJobWorkers } from './queue/workers';
import { startBodyHtmlBackfill } from './routes/content/body-html';

export type BackgroundJob = (deps: AppDeps) => Promise<(() => Promise<void> | void) | undefined>;

/**
 * Jobs started with the server (not in tests): the workers of the one job queue (queue/workers.ts:
 * the RSS import, the daily affiliate link check, the newsletter), and storing the rendered bodies of
 * articles that have none yet.
 */
export const backgroundJobs: BackgroundJob[] = [];
backgroundJobs.push(
  // RUN_JOBS=false: a web-only instance; the jobs it queues run on the others.
  async (deps) => (deps.env.RUN_JOBS ? startJobWorkers(deps) : undefined),
  startBodyHtmlBackfill,
);
