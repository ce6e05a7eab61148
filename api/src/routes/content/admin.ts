import {
  ADMIN_SEARCH_COUNT_CAP,
  adminArticleFilter,
  adminArticleListQuery,
  BULK_FILTER_MAX,
  articleBulkInput,
  articleInput,
  articleUpdate,
  idParam,
  readTimeMinutes,
} from '@site/shared';
import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { currentUser } from '../../auth/middleware';
import { authorize, can, mayDoToAny } from '../../auth/policy';
import type { AppEnv } from '../../context';
import { articles } from '../../db/schema';
import { conflict, isUniqueViolation, notFound } from '../../lib/http/errors';
import { articleBodyHtml } from '../../lib/text/html';
import { validate } from '../../lib/http/validate';
import { refuseUnsavedWrite, sameVersion } from '../../lib/http/version';
import {
  adminAfterCursor,
  adminArticleColumns,
  adminArticleOrder,
  adminArticleWhere,
  adminPosition,
  ownedBy,
  readAdminArticle,
} from './admin-list';
import { withNextCursor } from './keyset';
import { searchAdminArticles } from './admin-search';
import { searchWindows } from './search-window';
import { countMatches, countUpTo, runBulk } from './bulk';
import { publishFields } from './publishing';
import { slugTaken, uniqueSlug } from './slug';
import { storedBody } from './body-html';
import { alsoClears, byId, clears } from '../../lib/cache/write-clears';
import { dropAutosave, keptRevisions, storeRevision, updateSlugRedirects } from './revision-store';
import { authorizeArticleChange } from './ownership';
import { auditAs, auditCount } from '../../audit/record';
import { publishingAction } from './publishing';

/** Every public list, count, search, feed and sitemap of articles (lib/cache/surrogate-keys.ts). */
const ARTICLE_LISTS = 'list:articles';

/** Readers could open it under its slug: published, or scheduled and due (as isPublic() decides). */
function wasPublic(a: { status: string; publishedAt: Date | null; createdAt: Date }, now = new Date()) {
  return a.status !== 'draft' && (a.publishedAt ?? a.createdAt) <= now;
}

const slugConflict = () => conflict('That slug is already used by another article. Choose another.');

/** Admin reads and writes for articles (spec §7): a searchable list that includes drafts, and bulk actions. */
export const contentAdminRoutes = new Hono<AppEnv>()
  .get('/admin/content', can('article.read'), validate('query', adminArticleListQuery), async (c) => {
    const query = ownedBy(c.req.valid('query'), await currentUser(c));
    const db = c.var.deps.db;
    // Counted up to the cap, whether searching or not: past it the tab says "1000+ results" (an exact
    // count of 1,000,000 articles scanned them all). A cursor page (Load more) leaves the total to the
    // first page, which the list shows.
    const sendTotal = (total: { count: number; capped: boolean }) => {
      if (query.cursor) return;
      c.header('X-Total-Count', String(total.count));
      if (total.capped) c.header('X-Total-Count-Capped', 'true');
    };
    if (query.q) {
      const windows = searchWindows(c.var.deps);
      const { rows, total } = await searchAdminArticles(db, query, undefined, windows);
      sendTotal(total);
      return c.json(withNextCursor(c, rows, query.limit));
    }
    const where = adminArticleWhere(query);
    const [rows, n] = await Promise.all([
      db
        .select({ ...adminArticleColumns, position: adminPosition(query.sort) })
        .from(articles)
        .where(and(where, adminAfterCursor(query)))
        .orderBy(...adminArticleOrder(query.sort))
        .limit(query.limit)
        .offset(query.offset),
      query.cursor ? 0 : countUpTo(db, where, ADMIN_SEARCH_COUNT_CAP + 1),
    ]);
    sendTotal({ count: Math.min(n, ADMIN_SEARCH_COUNT_CAP), capped: n > ADMIN_SEARCH_COUNT_CAP });
    return c.json(withNextCursor(c, rows, query.limit));
  })
  // The exact number of matches, up to the bulk cap: what "Select all N results" confirms when the list
  // only said "1000+". `capped` means more than BULK_FILTER_MAX match (too many for one action).
  .get('/admin/content/count', can('article.bulk'), validate('query', adminArticleFilter), async (c) => {
    const n = await countMatches(c.var.deps.db, ownedBy(c.req.valid('query'), await currentUser(c)));
    return c.json({ count: Math.min(n, BULK_FILTER_MAX), capped: n > BULK_FILTER_MAX });
  })
  .post(
    '/admin/content/bulk',
    can('article.bulk'),
    clears([ARTICLE_LISTS]),
    validate('json', articleBulkInput),
    async (c) => {
      const bulk = c.req.valid('json');
      const me = await currentUser(c);
      const changed = await runBulk(
        c.var.deps.db,
        bulk.filter ? { ...bulk, filter: ownedBy(bulk.filter, me) } : bulk,
      );
      alsoClears(c, ...changed.map((id) => `article:${id}`));
      auditCount(c, changed.length);
      return c.json({ changed: changed.length });
    },
  )
  // The article exactly as the public GET /api/content/:identifier would send it, whatever its status:
  // the preview page, and the rich editor, which opens the body as rendered (a markdown-like body is
  // converted once, by the site's own renderer).
  .get('/admin/content/:id/preview', can('article.read'), validate('param', idParam), async (c) => {
    const { origin: _o, ...a } = await readAdminArticle(c.var.deps.db, c.req.valid('param').id);
    c.header('cache-control', 'no-store');
    return c.json({ ...a, contentHtml: articleBodyHtml(a.content, c.var.deps.env.SITE_URL) });
  })
  .get('/admin/content/:id', can('article.read'), validate('param', idParam), async (c) => {
    return c.json(await readAdminArticle(c.var.deps.db, c.req.valid('param').id));
  })
  .post(
    '/content',
    can('article.create'),
    clears([ARTICLE_LISTS]),
    validate('json', articleInput),
    async (c) => {
      const { db, env } = c.var.deps;
      const { updatedAt: _ignored, publishedAt: _at, redirectOldSlug: _r, ...input } = c.req.valid('json');
      const user = (await currentUser(c))!;
      // A contributor's new article must be a draft (the form sends one; the schema's default publishes).
      if (input.status !== 'draft') await authorize(c, 'article.publish', user.id);
      if (input.slug && (await slugTaken(db, input.slug))) throw slugConflict();
      const slug = input.slug || (await uniqueSlug(db, input.title));
      try {
        const body = storedBody(input.title, input.content, env.SITE_URL);
        const created = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(articles)
            .values({
              ...input,
              ...publishFields(c.req.valid('json')),
              slug,
              isExternal: input.isExternal ?? false,
              readTime: readTimeMinutes(input.content),
              ...body,
              createdBy: user.id,
            })
            .returning({ id: articles.id });
          if (!row) throw new Error('insert returned no row');
          await storeRevision(tx, {
            articleId: row.id,
            kind: 'create',
            user,
            title: input.title,
            content: body.content,
            keep: keptRevisions(c),
          });
          const superseded = await updateSlugRedirects(tx, row.id, slug);
          await dropAutosave(tx, user?.id, 'new');
          return { id: row.id, superseded };
        });
        // Its own page is new too (stored when written: web/stored-pages.ts), and an article whose old
        // address it took over changes.
        alsoClears(c, `article:${created.id}`, ...created.superseded.map((other) => `article:${other}`));
        return c.json(await readAdminArticle(db, created.id), 201);
      } catch (err) {
        if (isUniqueViolation(err)) throw slugConflict();
        throw err;
      }
    },
  )
  /**
   * A save names the fields it changes; every other one keeps its value (issue 31 §7). With the
   * `updatedAt` the form loaded it lands only on that version (409 otherwise). Each save stores a
   * revision of the title and body, and a new slug keeps the old address as a 301 unless `redirectOldSlug` is false.
   */
  .put(
    '/content/:id',
    can('article.edit'),
    clears(byId('article', ARTICLE_LISTS)),
    validate('param', idParam),
    validate('json', articleUpdate),
    async (c) => {
      const { db, env } = c.var.deps;
      const { id } = c.req.valid('param');
      const { updatedAt: loaded, publishedAt, redirectOldSlug, status, ...input } = c.req.valid('json');
      const user = await currentUser(c);
      const [existing] = await db.select().from(articles).where(eq(articles.id, id));
      if (!existing) throw notFound('Article not found');
      await authorizeArticleChange(c, existing, status);
      auditAs(c, publishingAction(existing, status, publishedAt));
      const slug = input.slug || existing.slug;
      if (slug !== existing.slug && (await slugTaken(db, slug, id))) throw slugConflict();
      // Without a status the publishing state stays; a new time alone reschedules a scheduled article.
      const publishing =
        status !== undefined
          ? publishFields({ status, publishedAt }, existing)
          : publishedAt !== undefined && existing.status === 'scheduled'
            ? publishFields({ status: 'scheduled', publishedAt }, existing)
            : {};
      try {
        const saved = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(articles)
            .set({
              ...input,
              ...publishing,
              slug,
              ...(input.content === undefined
                ? {}
                : {
                    readTime: readTimeMinutes(input.content),
                    ...storedBody(input.title ?? existing.title, input.content, env.SITE_URL),
                  }),
              updatedAt: sql`now()`,
            })
            .where(and(eq(articles.id, id), sameVersion(articles.updatedAt, loaded)))
            .returning({ id: articles.id, title: articles.title, content: articles.content });
          if (!row) return refuseUnsavedWrite(tx, articles, id, 'article', loaded);
          await storeRevision(tx, {
            articleId: id,
            kind: 'save',
            user,
            title: row.title,
            content: row.content,
            keep: keptRevisions(c),
          });
          // Kept unless the editor said not to (issue 40 §13): a reader's bookmark or a link elsewhere
          // should not turn into a 404 because an API client left the flag out.
          const movedFromPublic = redirectOldSlug !== false && slug !== existing.slug && wasPublic(existing);
          const superseded = await updateSlugRedirects(tx, id, slug, movedFromPublic ? existing.slug : null);
          await dropAutosave(tx, user?.id, id);
          alsoClears(c, ...superseded.map((other) => `article:${other}`));
          return row;
        });
        return c.json(await readAdminArticle(db, saved.id));
      } catch (err) {
        if (isUniqueViolation(err)) throw slugConflict();
        throw err;
      }
    },
  )
  .delete(
    '/content/:id',
    can('article.delete'),
    clears(byId('article', ARTICLE_LISTS)),
    validate('param', idParam),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var.deps;
      // Editors delete any article in one statement; an author only their own, so the owner is read first.
      if (!(await mayDoToAny(c, 'article.delete'))) {
        const [row] = await db
          .select({ createdBy: articles.createdBy })
          .from(articles)
          .where(eq(articles.id, id));
        if (!row) throw notFound('Article not found');
        await authorize(c, 'article.delete', row.createdBy);
      }
      const gone = await db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
      if (!gone.length) throw notFound('Article not found');
      return c.body(null, 204);
    },
  );
