import { clicksQuery, readsQuery } from '@site/shared';
import { Hono } from 'hono';
import { can } from '../../auth/policy';
import type { AppEnv } from '../../context';
import { clicksCsvStream } from '../../insights/clicks-csv';
import { linkHealthReport, startLinkCheck } from '../../insights/link-health/run';
import { clicksReport, readsReport } from '../../insights/reports';
import { ApiError } from '../../lib/http/errors';
import { validate } from '../../lib/http/validate';
import { clearsNothing } from '../../lib/cache/write-clears';

/** The insights panels of the Products and Articles tabs (docs/insights.md). */
export const adminInsightsRoutes = new Hono<AppEnv>()
  .use('/admin/insights/*', can('insights.view'))
  .get('/admin/insights/clicks', validate('query', clicksQuery), async (c) =>
    c.json(await clicksReport(c.var.deps.db, c.req.valid('query'))),
  )
  .get('/admin/insights/clicks.csv', validate('query', clicksQuery), (c) => {
    const q = c.req.valid('query');
    const name = `clicks-${q.from}-to-${q.to}${q.productId ? `-product-${q.productId}` : ''}.csv`;
    return c.body(clicksCsvStream(c.var.deps.db, q), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
    });
  })
  .get('/admin/insights/reads', validate('query', readsQuery), async (c) =>
    c.json(await readsReport(c.var.deps.db, c.req.valid('query'))),
  )
  .get('/admin/insights/link-health', async (c) => c.json(await linkHealthReport(c.var.deps)))
  // On demand from the Products tab; runs in the background (the panel polls the GET above).
  .post(
    '/admin/insights/link-health/run',
    clearsNothing('link health is shown to admins only'),
    async (c) => {
      const run = await startLinkCheck(c.var.deps);
      if (!run) throw new ApiError(409, 'A link check is already running. Try again when it has finished.');
      // startLinkCheck logs the outcome, success or failure.
      run.done.catch(() => undefined);
      return c.json({ message: 'Link check started' }, 202);
    },
  );
