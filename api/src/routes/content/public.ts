import { ARTICLE_CATEGORIES, contentListQuery, countsQuery, LIMITS, searchQuery } from '@site/shared';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { articles } from '../../db/schema';
import { articleDate, isPublic, PUBLIC_STATUSES } from '../../db/schema/content';
import { keepUntil, publicCache } from '../../lib/cache/cache';
import { addKeys } from '../../lib/cache/surrogate-keys';
import { notFound } from '../../lib/http/errors';
import { validate } from '../../lib/http/validate';
import { nextGoLive } from './go-live';
import { afterCursor, instantText, withNextCursor } from './keyset';
import { countMatches, searchArticles } from './public-search';
import { summaryColumns } from './summary-columns';
import { readPublicArticle, readRelatedArticles } from './article-reads';
import { bodyHtml } from './body-html';
import { movedArticle, movedResponse } from './slug-redirects';

/** Published, or scheduled and due (isPublic): evaluated by each query, so a cached answer is the only lag. */
const published = isPublic();
/** Spec §2: newest first by publishedAt, else createdAt; id breaks ties so pages never overlap. */
const newestFirst = [desc(articleDate(articles)), desc(articles.id)];

/**
 * Public articles per category, `all` their sum. For a search, its matches, counted up to
 * SEARCH_COUNT_CAP (then `capped: true`: the buttons say "1000+").
 */
async function categoryCounts(deps: AppDeps, q: string | undefined) {
  if (q !== undefined) return countMatches(deps, q);
  const counts: Record<string, number | boolean> & { all: number } = { all: 0 };
  for (const cat of ARTICLE_CATEGORIES) counts[cat] = 0;
  // The kept per-category counts (migration 0022) less the few whose time has not come: counting
  // every public article scanned the table (311 ms at 1,000,000); this reads a few rows (2 ms).
  const future = sql`(select ${articles.category} as category, count(*) as n from ${articles}
    where ${articles.status} in ${PUBLIC_STATUSES} and ${articleDate(articles)} > statement_timestamp()
    group by ${articles.category})`;
  const { rows } = (await deps.db.execute(
    sql`select c.category, (c.n - coalesce(f.n, 0))::int as n from article_category_counts c
      left join ${future} f on f.category = c.category`,
  )) as unknown as { rows: { category: string; n: number }[] };
  for (const r of rows) {
    // A category none is public in now stays out, as it did when counted from the articles.
    if (Number(r.n) <= 0) continue;
    counts[r.category] = Number(r.n);
    counts.all += Number(r.n);
  }
  return counts;
}

/** Public reads: public articles only (drafts are the admin area's business). */
export const contentPublicRoutes = new Hono<AppEnv>()
  .use('/content', publicCache())
  // Searches are the costly misses (tens of ms of PostgreSQL for a common word) and writes clear them:
  // kept SEARCH_CACHE_MS, ended early by the next scheduled article going live.
  // The filter buttons' counts of a search's matches cost the same search, so they are kept alike.
  .use('/content/search', publicCache({ keepMs: (env) => env.SEARCH_CACHE_MS }))
  .use('/content/counts', publicCache({ keepMs: (env) => env.SEARCH_CACHE_MS }))
  .use('/content/*', publicCache())
  .get('/content', validate('query', contentListQuery), async (c) => {
    const { category, limit, offset, cursor } = c.req.valid('query');
    const where: SQL[] = [published];
    if (category) where.push(eq(articles.category, category));
    // Keyset: the page after the cursor, read from the "public newest" index at that position.
    if (cursor) where.push(afterCursor(articleDate(articles), articles.id, cursor, 'timestamptz', true));
    const rows = await c.var.deps.db
      .select({ ...summaryColumns, position: instantText(articleDate(articles)) })
      .from(articles)
      .where(and(...where))
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset);
    // The array stays the answer (spec §7); the next page's cursor is a header, kept with it by the cache.
    return c.json(withNextCursor(c, rows, limit));
  })
  // Per category, for the filter buttons: of every public article, or of a search's matches (?q=).
  .get('/content/counts', validate('query', countsQuery), async (c) => {
    const [counts, goLive] = await Promise.all([
      categoryCounts(c.var.deps, c.req.valid('query').q),
      nextGoLive(c.var.deps),
    ]);
    keepUntil(c, goLive);
    return c.json(counts);
  })
  .get('/content/featured', async (c) => {
    const rows = await c.var.deps.db
      .select(summaryColumns)
      .from(articles)
      .where(and(published, eq(articles.isExternal, false)))
      .orderBy(...newestFirst)
      .limit(LIMITS.featured);
    return c.json(rows);
  })
  .get('/content/search', validate('query', searchQuery), async (c) => {
    const { q, category } = c.req.valid('query');
    // A category page searches its category only.
    const [rows, goLive] = await Promise.all([
      searchArticles(c.var.deps, q, category),
      nextGoLive(c.var.deps),
    ]);
    keepUntil(c, goLive);
    return c.json(rows);
  })
  /**
   * Related articles (spec: up to 2 from the same category, excluding itself), chosen so the answer
   * does not move when unrelated articles are published: the two published just before this one, or,
   * for the oldest of a category, the nearest after it. A stored page (web/stored-pages.ts) can then
   * keep them; it names each one as a surrogate key, so editing or withdrawing one refreshes it.
   */
  .get('/content/:identifier/related', async (c) => {
    const related = await readRelatedArticles(c.var.deps.db, c.req.param('identifier'));
    if (!related) throw notFound('Article not found');
    const { selfId, rows } = related;
    addKeys(c, `article:${selfId}`, ...rows.map((r) => `article:${r.id}`));
    return c.json(rows);
  })
  .get('/content/:identifier', async (c) => {
    const id = c.req.param('identifier');
    const row = await readPublicArticle(c.var.deps.db, id);
    if (!row) {
      // An old slug of a renamed article says where it went (issue 31 §6).
      const moved = await movedArticle(c, id);
      if (moved) return movedResponse(c, `/api/content/${moved.slug}`, moved);
      throw notFound('Article not found');
    }
    addKeys(c, `article:${row.id}`);
    const { contentHtmlRev: _stored, ...article } = row;
    return c.json({ ...article, contentHtml: bodyHtml(row, c.var.deps.env.SITE_URL) });
  });
