import { INSIGHTS, readBeacon } from '@site/shared';
import { Hono } from 'hono';
import { isbot } from 'isbot';
import { currentUser, hasSessionCredentials } from '../auth/middleware';
import { roleOf } from '../auth/role';
import type { AppEnv } from '../context';
import { recordRead } from '../insights/record';
import { ApiError } from '../lib/http/errors';
import { claimOnce, overRateLimit } from '../lib/http/rate-limit';
import { validate } from '../lib/http/validate';
import { clearsNothing } from '../lib/cache/write-clears';

const HOUR = 60 * 60 * 1000;

/** Speculative loads say so (Sec-Purpose in Chromium, Purpose and X-Moz elsewhere): not a read. */
function isPrefetch(headers: Headers): boolean {
  const purpose = [headers.get('sec-purpose'), headers.get('purpose'), headers.get('x-moz')].join(' ');
  return /prefetch|prerender/i.test(purpose);
}

/**
 * POST /api/insights/read — the article page's beacon (navigator.sendBeacon, sent when the page is
 * idle after load). One read per page view: the page's random view id is claimed once. Nothing about
 * the reader is stored (docs/insights.md); bots, prefetches and admins are not counted.
 */
export const readBeaconRoutes = new Hono<AppEnv>().post(
  '/insights/read',
  clearsNothing('a reading count is shown to admins only'),
  validate('json', readBeacon),
  async (c) => {
    const ignored = (reason: string) => c.json({ counted: false, reason });
    c.header('cache-control', 'no-store');
    if (isPrefetch(c.req.raw.headers)) return ignored('prefetch');
    if (isbot(c.req.header('user-agent') ?? '')) return ignored('bot');
    if (hasSessionCredentials(c.req.raw.headers) && roleOf(await currentUser(c))) return ignored('admin');
    if (await overRateLimit(c, { prefix: 'reads:', max: INSIGHTS.readsPerHour, windowMs: HOUR })) {
      throw new ApiError(429, 'Too many reads from this connection. Please try again later.');
    }
    const { articleId, view } = c.req.valid('json');
    if (!(await claimOnce(c.var.deps.db, `read-view:${view}`, 24 * HOUR))) return ignored('repeat');
    if (!(await recordRead(c.var.deps.db, articleId))) throw new ApiError(404, 'Article not found');
    return c.json({ counted: true });
  },
);
