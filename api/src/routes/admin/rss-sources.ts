import { idParam, rssSourceInput, rssSourceTestInput } from '@site/shared';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { can } from '../../auth/policy';
import type { AppEnv } from '../../context';
import { rssSources } from '../../db/schema';
import { conflict, isUniqueViolation, notFound } from '../../lib/http/errors';
import { validate } from '../../lib/http/validate';
import { listSources, sourceValues } from '../../rss/source-store';
import { testFeed } from '../../rss/test-feed';
import { clearsNothing } from '../../lib/cache/write-clears';

/** Sources are listed to admins only; articles a run imports clear their own lists (rss/run.ts). */
const SOURCES_ARE_PRIVATE = 'RSS sources are shown to admins only';

const duplicateUrl = () => conflict('A source with this URL already exists.');

/** Admin → RSS Feeds → sources: list, add, edit, delete, and test a URL without saving it. */
export const adminRssSourcesRoutes = new Hono<AppEnv>()
  .get('/admin/rss/sources', can('rss.manage'), async (c) => c.json(await listSources(c.var.deps)))
  .post(
    '/admin/rss/sources/test',
    can('rss.manage'),
    clearsNothing('fetches a feed, stores nothing'),
    validate('json', rssSourceTestInput),
    async (c) => c.json(await testFeed(c.var.deps, c.req.valid('json'))),
  )
  .post(
    '/admin/rss/sources',
    can('rss.manage'),
    clearsNothing(SOURCES_ARE_PRIVATE),
    validate('json', rssSourceInput),
    async (c) => {
      try {
        const [row] = await c.var.deps.db
          .insert(rssSources)
          .values(sourceValues(c.req.valid('json')))
          .returning();
        return c.json(row, 201);
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicateUrl();
        throw err;
      }
    },
  )
  .put(
    '/admin/rss/sources/:id',
    can('rss.manage'),
    clearsNothing(SOURCES_ARE_PRIVATE),
    validate('param', idParam),
    validate('json', rssSourceInput),
    async (c) => {
      let row: typeof rssSources.$inferSelect | undefined;
      try {
        [row] = await c.var.deps.db
          .update(rssSources)
          .set({ ...sourceValues(c.req.valid('json')), updatedAt: new Date() })
          .where(eq(rssSources.id, c.req.valid('param').id))
          .returning();
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicateUrl();
        throw err;
      }
      if (!row) throw notFound('RSS source not found');
      return c.json(row);
    },
  )
  // Its imported articles stay: they are the site's content now, not the source's.
  .delete(
    '/admin/rss/sources/:id',
    can('rss.manage'),
    clearsNothing(SOURCES_ARE_PRIVATE),
    validate('param', idParam),
    async (c) => {
      const gone = await c.var.deps.db
        .delete(rssSources)
        .where(eq(rssSources.id, c.req.valid('param').id))
        .returning({ id: rssSources.id });
      if (!gone.length) throw notFound('RSS source not found');
      return c.body(null, 204);
    },
  );
