import { Hono } from 'hono';
import { can } from '../../auth/policy';
import type { AppEnv } from '../../context';
import { ApiError } from '../../lib/http/errors';
import { startRssRun } from '../../rss/run';
import { adminRssSourcesRoutes } from './rss-sources';
import { SourcesError } from '../../rss/sources';
import { rssStatus } from '../../rss/status';
import { clearsNothing } from '../../lib/cache/write-clears';

/** Spec §7 POST /api/admin/rss/process (202, runs in the background), the tab's status read and the sources. */
export const adminRssRoutes = new Hono<AppEnv>()
  .use('/admin/rss/*', can('rss.manage'))
  .post(
    '/admin/rss/process',
    // The run clears the article and recipe lists itself when it has stored something (rss/run.ts).
    clearsNothing('the run starts in the background'),
    async (c) => {
      let started: Awaited<ReturnType<typeof startRssRun>>;
      try {
        started = await startRssRun(c.var.deps, 'manual');
      } catch (err) {
        if (err instanceof SourcesError) throw new ApiError(409, err.message);
        throw err;
      }
      if (!started)
        throw new ApiError(409, 'RSS processing is already running. Try again when it has finished.');
      return c.json({ message: 'RSS processing started', runId: started.runId }, 202);
    },
  )
  .get('/admin/rss/status', async (c) => c.json(await rssStatus(c.var.deps)))
  .route('/', adminRssSourcesRoutes);
