import { ADMIN_SEARCH_COUNT_CAP, type adminArticleListQuery } from '@site/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { articles } from '../../db/schema';
import {
  ADMIN_ARTICLE_SORTS,
  type AdminListTable,
  adminAfterCursor,
  adminArticleColumns,
  adminArticleOrder,
  adminArticleWhere,
  adminPosition,
} from './admin-list';
import { bitmapScansOnly, type Tx } from './search-plan';
import { tsQuery } from './search-query';
import { type Window, worthWidening } from './search-window';

type Query = z.output<typeof adminArticleListQuery>;

/**
 * The articles' narrow copy (migrations 0017 and 0023, kept by a trigger): what the admin list filters
 * and sorts on and the search vector (out of line), ~175 bytes a row (~45 a page) against ~1.5 KB
 * (~5 a page). A bitmap of a common word's first 1,001 matches cost 13 ms here and 100-140 ms over the
 * articles at 1,000,000. Outside the drizzle schema, as the migrations keep it.
 */
export const articleSearch = pgTable('article_search', {
  id: integer('id').notNull(),
  status: text('status').notNull(),
  sortAt: timestamp('sort_at', { withTimezone: true }).notNull(),
  category: text('category').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  title: text('title').notNull(),
  origin: text('origin').notNull(),
  source: text('source'),
  createdBy: text('created_by'),
});

export const ARTICLE_SEARCH_LIST: AdminListTable = {
  id: articleSearch.id,
  status: articleSearch.status,
  date: () => articleSearch.sortAt,
  updatedAt: articleSearch.updatedAt,
  title: articleSearch.title,
  category: articleSearch.category,
  source: articleSearch.source,
  createdBy: articleSearch.createdBy,
  doc: sql`${articleSearch}."search_vector"`,
  origin: {
    editor: () => eq(articleSearch.origin, 'editor'),
    rss: () => eq(articleSearch.origin, 'rss'),
    ai: () => eq(articleSearch.origin, 'ai'),
    story: () => eq(articleSearch.origin, 'story'),
  },
};

/** The plan's thresholds (tests lower them to take every path on a small table). */
export interface SearchTuning {
  /** Up to this many matches are all read from the GIN index and sorted (at least the count's cap). */
  indexMatches: number;
  /** A walk of the sort index reads at most this many rows; by default 60 per row of the page. */
  walkRows?: number;
}

/**
 * Reading all of the matches costs a heap visit each; walking the sort index costs a vector read
 * (TOAST) per row walked, few when matches are dense. The count needs the first 1,001 matches
 * anyway; reading 4,001 instead made the common searches slower at 1,000,000 articles (p50 38 against
 * 32-37 ms) and the rest no faster (docs/performance.md, "Admin article search").
 */
export const ADMIN_SEARCH_TUNING: SearchTuning = { indexMatches: 1000 };

/**
 * Dates follow insertion order, so the first matches (a bitmap scan reads the table in its physical
 * order) are the oldest, and a bound taken from them is loose: for the date sorts a walk comes first.
 * Titles do not, so a bound from the first matches is tight.
 */
const WALK_FIRST: Record<Query['sort'], boolean> = { newest: true, updated: true, title: false };

/**
 * An admin article search: one page of rows and the number of matches, capped.
 *
 * Left to itself PostgreSQL picks badly here. It cannot see that testing a row's vector reads it from
 * TOAST, nor that a word and a filter go together ("career" is never in wellness), so it chose
 * sequential scans, or walks of a sort index that read 20,000-100,000 vectors (0.3-1.5 s at 100,000
 * articles). So the plan is chosen here, from what the GIN index answers, and every step reads the
 * narrow copy (`article_search`), not the articles:
 *
 * 1. Up to `indexMatches` + 1 matches with their sort key, by bitmap scans only (the GIN index ANDed
 *    with the filters' btree indexes). Their number is the count. When that is all of them, the page
 *    is the top of them. Asked first of the public search's windows of the newest rows, smallest
 *    first, whose GIN indexes are a few percent of the whole one: a full sample there is a count past
 *    the cap and a sample for step 3 (at 1,000,000 articles: p95 57-90 ms against 77-94 without, interleaved).
 * 2. Otherwise there are more than 1,000 matches. Date sorts walk the sort's index, testing each
 *    row's vector, until the page is full; the walk is bounded (matches can come late in the order,
 *    all of one story's weeks). Else:
 * 3. The first matches are a sample, and its (offset + limit)-th best position a bound: that many
 *    matches sort at or before it, so the page lies among the matches within it. Those are read by
 *    bitmap scans again, the bound as a range of the sort's index: about (offset + limit) × matches / sample.
 *
 * Then the page's wide rows are read from the articles by id. Rows and order are always those of the plain
 * `where … order by … limit … offset …`, ties included (api/test/admin-search-plans.test.ts).
 */
export async function searchAdminArticles(
  db: Database,
  query: Query,
  tuning: SearchTuning = ADMIN_SEARCH_TUNING,
  /** The public search's windows of the newest rows (search-window.ts), smallest first. */
  windows: readonly Window[] = [],
) {
  // A cursor page is the same search narrowed to the rows after the cursor: every plan holds as is.
  const where = and(
    adminArticleWhere(query, ARTICLE_SEARCH_LIST),
    adminAfterCursor(query, ARTICLE_SEARCH_LIST),
  );
  const pageEnd = query.offset + query.limit;
  // Counted to the cap whatever the plan, and a sample that holds a whole page.
  const sample = Math.max(tuning.indexMatches, ADMIN_SEARCH_COUNT_CAP, pageEnd) + 1;
  // The sample may come from the newest rows alone, through their small GIN index: when they hold a
  // whole sample, so do all rows (the count is past the cap), and any sample's bound is a bound.
  // All probes in one transaction: a word too rare for the windows costs their small lookups more
  // (a window with too few matches to promise a sample in the next skips it: worthWidening).
  const { probe, sampled } = await bitmapScansOnly(db, async (tx) => {
    for (const [i, window] of windows.entries()) {
      const since = sql`${articleSearch.sortAt} >= ${window.since}::timestamptz`;
      const inWindow = await firstMatches(tx, query, and(where, since), sample, tuning.indexMatches);
      if (inWindow.n >= sample)
        return { probe: inWindow, sampled: i ? ('a wider window' as const) : ('window' as const) };
      const next = windows[i + 1];
      if (next && !worthWidening(inWindow.n, sample, window, next)) break;
    }
    return {
      probe: await firstMatches(tx, query, where, sample, tuning.indexMatches),
      sampled: 'table' as const,
    };
  });
  const total = {
    count: Math.min(probe.n, ADMIN_SEARCH_COUNT_CAP),
    capped: probe.n > ADMIN_SEARCH_COUNT_CAP,
  };
  let ids = probe.ids;
  let plan: 'all matches' | 'walk' | 'within the bound' = 'all matches';
  if (!ids && WALK_FIRST[query.sort]) {
    const walkRows = tuning.walkRows ?? Math.min(pageEnd * 60, 10_000);
    const walked = await walkSortIndex(db, query, walkRows);
    if (walked.length === query.limit) [ids, plan] = [walked, 'walk'];
  }
  if (!ids) {
    const bound = probe.bound;
    ids = await bitmapScansOnly(db, (tx) => matchesWithin(tx, query, where, bound));
    plan = 'within the bound';
  }
  const rows = ids.length
    ? await db
        .select({ ...adminArticleColumns, position: adminPosition(query.sort) })
        .from(articles)
        .where(inArray(articles.id, ids))
        .orderBy(...adminArticleOrder(query.sort))
    : [];
  return { rows, total, plan, sampled };
}

/** Step 1: the number of matches up to `sample`; the page's ids when they are at most `idsUpTo`, else the bound. */
async function firstMatches(tx: Tx, query: Query, where: SQL | undefined, sample: number, idsUpTo: number) {
  const sort = ADMIN_ARTICLE_SORTS[query.sort];
  const m = tx.$with('m').as(
    tx
      .select({ id: articleSearch.id, key: sql`${sort.key(ARTICLE_SEARCH_LIST)}`.as('key') })
      .from(articleSearch)
      .where(where)
      .limit(sample),
  );
  const order = sql.join(adminArticleOrder(query.sort, m.key, m.id), sql`, `);
  // m is read more than once, so PostgreSQL materialises it: the bitmap scans run once.
  const [row] = await tx
    .with(m)
    .select({
      n: sql<number>`count(*)::int`,
      ids: sql<number[] | null>`case when count(*) <= ${idsUpTo} then array(
        select ${m.id} from ${m} order by ${order} limit ${query.limit} offset ${query.offset}) end`,
      bound: sql<[string, string] | null>`case when count(*) > ${idsUpTo} then (
        select array[${m.key}::text, ${m.id}::text] from ${m} order by ${order}
        limit 1 offset ${query.offset + query.limit - 1}) end`,
    })
    .from(m);
  const bound = row?.bound ? { key: row.bound[0], id: Number(row.bound[1]) } : null;
  return { n: row?.n ?? 0, ids: row?.ids ?? null, bound };
}

/** Step 2: the page's ids from a bounded walk of the sort's index; fewer than a page when it ran out. */
async function walkSortIndex(db: Database, query: Query, rows: number): Promise<number[]> {
  const tsq = tsQuery(query.q ?? '');
  if (!tsq) return [];
  const w = db
    .select({
      id: articleSearch.id,
      key: sql`${ADMIN_ARTICLE_SORTS[query.sort].key(ARTICLE_SEARCH_LIST)}`.as('key'),
      doc: sql`${ARTICLE_SEARCH_LIST.doc}`.as('doc'),
    })
    .from(articleSearch)
    .where(
      and(
        adminArticleWhere({ ...query, q: undefined }, ARTICLE_SEARCH_LIST),
        adminAfterCursor(query, ARTICLE_SEARCH_LIST),
      ),
    )
    .orderBy(
      ...adminArticleOrder(
        query.sort,
        ADMIN_ARTICLE_SORTS[query.sort].key(ARTICLE_SEARCH_LIST),
        articleSearch.id,
      ),
    )
    .limit(rows)
    .as('w');
  const page = await db
    .select({ id: w.id })
    .from(w)
    // ts_match_vq is what @@ calls. As a call no index serves it, so each row walked is tested.
    .where(sql`ts_match_vq(${w.doc}, ${tsq})`)
    .orderBy(...adminArticleOrder(query.sort, w.key, w.id))
    .limit(query.limit)
    .offset(query.offset);
  return page.map((r) => r.id);
}

/**
 * Step 3: the page's ids among the matches that sort at or before the bound (the sort keys are never
 * null). The bound is a (key, id) position, so a key many rows share (a title used again) bounds
 * as tightly as one of its own: a row comparison, a range of the (key, id) index.
 */
async function matchesWithin(
  tx: Tx,
  query: Query,
  where: SQL | undefined,
  bound: { key: string; id: number } | null,
) {
  const sort = ADMIN_ARTICLE_SORTS[query.sort];
  const key = sort.key(ARTICLE_SEARCH_LIST);
  const at = bound && sql`(cast(${bound.key} as ${sql.raw(sort.type)}), ${bound.id})`;
  const position = sql`(${key}, ${articleSearch.id})`;
  // The row comparison alone, which PostgreSQL estimates from the key's statistics. With the key's own
  // range beside it, the two estimates multiplied made 20,000 titles look like 455, and it read them
  // by the title index alone, testing each one's vector: 350-880 ms at 1,000,000 articles, not 60-90.
  const within = !at ? undefined : sort.desc ? sql`${position} >= ${at}` : sql`${position} <= ${at}`;
  const page = await tx
    .select({ id: articleSearch.id })
    .from(articleSearch)
    .where(and(where, within))
    .orderBy(...adminArticleOrder(query.sort, key, articleSearch.id))
    .limit(query.limit)
    .offset(query.offset);
  return page.map((r) => r.id);
}
