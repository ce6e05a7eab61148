import {
  adminArticleFilter,
  adminArticleListQuery,
  BULK_FILTER_MAX,
  articleBulkInput,
  articleInput,
  idParam,
  readTimeMinutes,
} from '@site/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { requireAdmin } from '../../auth/middleware';
import type { AppEnv } from '../../context';
import type { Database } from '../../db/client';
import { articles } from '../../db/schema';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { articleBodyHtml } from '../../lib/html';
import { validate } from '../../lib/validate';
import { sameVersion, staleSave } from '../../lib/version';
import { adminArticleColumns, adminArticleOrder, adminArticleWhere } from './admin-list';
import { searchAdminArticles } from './admin-search';
import { countMatches, runBulk } from './bulk';
import { publishFields } from './publishing';
import { slugTaken, uniqueSlug } from './slug';
import { storedBody } from './body-html';
import { alsoClears, byId, clears } from '../../lib/write-clears';

/** Every public list, count, search, feed and sitemap of articles (lib/surrogate-keys.ts). */
const ARTICLE_LISTS = 'list:articles';

const slugConflict = () => conflict('That slug is already used by another article. Choose another.');

async function readAdminArticle(db: Database, id: number) {
  const [row] = await db.select(adminArticleColumns).from(articles).where(eq(articles.id, id));
  if (!row) throw notFound('Article not found');
  return row;
}

/** Admin reads and writes for articles (spec §7): a searchable list that includes drafts, and bulk actions. */
export const contentAdminRoutes = new Hono<AppEnv>()
  .get('/admin/content', requireAdmin, validate('query', adminArticleListQuery), async (c) => {
    const query = c.req.valid('query');
    const db = c.var.deps.db;
    if (query.q) {
      // A search counts its matches up to the cap: past it the tab says "1000+ results".
      const { rows, total } = await searchAdminArticles(db, query);
      c.header('X-Total-Count', String(total.count));
      if (total.capped) c.header('X-Total-Count-Capped', 'true');
      return c.json(rows);
    }
    const where = adminArticleWhere(query);
    const [rows, [total]] = await Promise.all([
      db
        .select(adminArticleColumns)
        .from(articles)
        .where(where)
        .orderBy(...adminArticleOrder(query.sort))
        .limit(query.limit)
        .offset(query.offset),
      db.select({ n: count() }).from(articles).where(where),
    ]);
    c.header('X-Total-Count', String(total?.n ?? 0));
    return c.json(rows);
  })
  // The exact number of matches, up to the bulk cap: what "Select all N results" confirms when the list
  // only said "1000+". `capped` means more than BULK_FILTER_MAX match (too many for one action).
  .get('/admin/content/count', requireAdmin, validate('query', adminArticleFilter), async (c) => {
    const n = await countMatches(c.var.deps.db, c.req.valid('query'));
    return c.json({ count: Math.min(n, BULK_FILTER_MAX), capped: n > BULK_FILTER_MAX });
  })
  .post(
    '/admin/content/bulk',
    requireAdmin,
    clears([ARTICLE_LISTS]),
    validate('json', articleBulkInput),
    async (c) => {
      const changed = await runBulk(c.var.deps.db, c.req.valid('json'));
      alsoClears(c, ...changed.map((id) => `article:${id}`));
      return c.json({ changed: changed.length });
    },
  )
  // The article exactly as the public GET /api/content/:identifier would send it, whatever its status.
  .get('/admin/content/:id/preview', requireAdmin, validate('param', idParam), async (c) => {
    const { origin: _o, ...a } = await readAdminArticle(c.var.deps.db, c.req.valid('param').id);
    c.header('cache-control', 'no-store');
    return c.json({ ...a, contentHtml: articleBodyHtml(a.content, c.var.deps.env.SITE_URL) });
  })
  .get('/admin/content/:id', requireAdmin, validate('param', idParam), async (c) => {
    return c.json(await readAdminArticle(c.var.deps.db, c.req.valid('param').id));
  })
  .post('/content', requireAdmin, clears([ARTICLE_LISTS]), validate('json', articleInput), async (c) => {
    const db = c.var.deps.db;
    const { updatedAt: _ignored, publishedAt: _at, ...input } = c.req.valid('json');
    if (input.slug && (await slugTaken(db, input.slug))) throw slugConflict();
    const slug = input.slug || (await uniqueSlug(db, input.title));
    try {
      const [row] = await db
        .insert(articles)
        .values({
          ...input,
          ...publishFields(c.req.valid('json')),
          slug,
          isExternal: input.isExternal ?? false,
          readTime: readTimeMinutes(input.content),
          ...storedBody(input.title, input.content, c.var.deps.env.SITE_URL),
        })
        .returning({ id: articles.id });
      if (!row) throw new Error('insert returned no row');
      // Its own page is new too: stored when written (web/stored-pages.ts).
      alsoClears(c, `article:${row.id}`);
      return c.json(await readAdminArticle(db, row.id), 201);
    } catch (err) {
      if (isUniqueViolation(err)) throw slugConflict();
      throw err;
    }
  })
  .put(
    '/content/:id',
    requireAdmin,
    clears(byId('article', ARTICLE_LISTS)),
    validate('param', idParam),
    validate('json', articleInput),
    async (c) => {
      const db = c.var.deps.db;
      const { id } = c.req.valid('param');
      const { updatedAt: loaded, publishedAt: _at, ...input } = c.req.valid('json');
      const [existing] = await db.select().from(articles).where(eq(articles.id, id));
      if (!existing) throw notFound('Article not found');
      if (input.slug && input.slug !== existing.slug && (await slugTaken(db, input.slug, id)))
        throw slugConflict();
      try {
        const [row] = await db
          .update(articles)
          .set({
            ...input,
            ...publishFields(c.req.valid('json'), existing),
            slug: input.slug || existing.slug,
            isExternal: input.isExternal ?? existing.isExternal,
            readTime: readTimeMinutes(input.content),
            ...storedBody(input.title, input.content, c.var.deps.env.SITE_URL),
            updatedAt: sql`now()`,
          })
          .where(and(eq(articles.id, id), sameVersion(articles.updatedAt, loaded)))
          .returning({ id: articles.id });
        if (!row) {
          const [now] = await db
            .select({ updatedAt: articles.updatedAt })
            .from(articles)
            .where(eq(articles.id, id));
          if (!now) throw notFound('Article not found');
          throw staleSave('article', loaded, now.updatedAt);
        }
        return c.json(await readAdminArticle(db, row.id));
      } catch (err) {
        if (isUniqueViolation(err)) throw slugConflict();
        throw err;
      }
    },
  )
  .delete(
    '/content/:id',
    requireAdmin,
    clears(byId('article', ARTICLE_LISTS)),
    validate('param', idParam),
    async (c) => {
      const { id } = c.req.valid('param');
      const gone = await c.var.deps.db
        .delete(articles)
        .where(eq(articles.id, id))
        .returning({ id: articles.id });
      if (!gone.length) throw notFound('Article not found');
      return c.body(null, 204);
    },
  );
