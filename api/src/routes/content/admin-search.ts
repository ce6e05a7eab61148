import { ADMIN_SEARCH_COUNT_CAP, type adminArticleListQuery } from '@site/shared';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { articles } from '../../db/schema';
import { articleSearchDocument } from '../../db/schema/content';
import {
  ADMIN_ARTICLE_SORTS,
  adminAfterCursor,
  adminArticleColumns,
  adminArticleOrder,
  adminArticleWhere,
  adminPosition,
} from './admin-list';
import { bitmapScansOnly, type Tx } from './search-plan';
import { tsQuery } from './search-query';

type Query = z.output<typeof adminArticleListQuery>;

/** The plan's thresholds (tests lower them to take every path on a small table). */
export interface SearchTuning {
  /** Up to this many matches are all read from the GIN index and sorted (at least the count's cap). */
  indexMatches: number;
  /** A walk of the sort index reads at most this many rows; by default 60 per row of the page. */
  walkRows?: number;
}

/**
 * Reading all of the matches costs a heap visit each; walking the sort index costs a vector read
 * (TOAST) per row walked, few when matches are dense. At 100,000 articles they cross near 4,000
 * matches (docs/performance.md, "Admin article search").
 */
export const ADMIN_SEARCH_TUNING: SearchTuning = { indexMatches: 4000 };

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
 * articles). So the plan is chosen here, from what the GIN index answers:
 *
 * 1. Up to `indexMatches` + 1 matches with their sort key, by bitmap scans only (the GIN index ANDed
 *    with the filters' btree indexes). Their number is the count. When that is all of them, the page
 *    is the top of them.
 * 2. Otherwise matches are dense (4% of the articles or more at 100,000). Date sorts walk the sort's
 *    index, testing each row's vector, until the page is full; the walk is bounded (matches can come
 *    late in the order, all of one story's weeks). Else:
 * 3. The first matches are a sample, and its (offset + limit)-th best key a bound: that many matches
 *    sort at or before it, so the page lies among the matches within it. Those are read by bitmap
 *    scans again, the bound as a range of the sort's index: about (offset + limit) × matches / sample.
 *
 * Then the page's wide rows are read by id. Rows and order are always those of the plain
 * `where … order by … limit … offset …`, ties included (api/test/admin-search-plans.test.ts).
 */
export async function searchAdminArticles(
  db: Database,
  query: Query,
  tuning: SearchTuning = ADMIN_SEARCH_TUNING,
) {
  // A cursor page is the same search narrowed to the rows after the cursor: every plan holds as is.
  const where = and(adminArticleWhere(query), adminAfterCursor(query));
  const pageEnd = query.offset + query.limit;
  // Counted to the cap whatever the plan, and a sample that holds a whole page.
  const sample = Math.max(tuning.indexMatches, ADMIN_SEARCH_COUNT_CAP, pageEnd) + 1;
  const probe = await bitmapScansOnly(db, (tx) =>
    firstMatches(tx, query, where, sample, tuning.indexMatches),
  );
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
  return { rows, total, plan };
}

/** Step 1: the number of matches up to `sample`; the page's ids when they are at most `idsUpTo`, else the bound. */
async function firstMatches(tx: Tx, query: Query, where: SQL | undefined, sample: number, idsUpTo: number) {
  const sort = ADMIN_ARTICLE_SORTS[query.sort];
  const m = tx.$with('m').as(
    tx
      .select({ id: articles.id, key: sql`${sort.key()}`.as('key') })
      .from(articles)
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
      bound: sql<string | null>`case when count(*) > ${idsUpTo} then (
        select ${m.key}::text from ${m} order by ${order} limit 1 offset ${query.offset + query.limit - 1}) end`,
    })
    .from(m);
  return { n: row?.n ?? 0, ids: row?.ids ?? null, bound: row?.bound ?? null };
}

/** Step 2: the page's ids from a bounded walk of the sort's index; fewer than a page when it ran out. */
async function walkSortIndex(db: Database, query: Query, rows: number): Promise<number[]> {
  const tsq = tsQuery(query.q ?? '');
  if (!tsq) return [];
  const w = db
    .select({
      id: articles.id,
      key: sql`${ADMIN_ARTICLE_SORTS[query.sort].key()}`.as('key'),
      doc: sql`${articleSearchDocument}`.as('doc'),
    })
    .from(articles)
    .where(and(adminArticleWhere({ ...query, q: undefined }), adminAfterCursor(query)))
    .orderBy(...adminArticleOrder(query.sort))
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

/** Step 3: the page's ids among the matches that sort at or before the bound (the sort keys are never null). */
async function matchesWithin(tx: Tx, query: Query, where: SQL | undefined, bound: string | null) {
  const sort = ADMIN_ARTICLE_SORTS[query.sort];
  const key = sort.key();
  const at = sql`cast(${bound} as ${sql.raw(sort.type)})`;
  const within = bound === null ? undefined : sort.desc ? sql`${key} >= ${at}` : sql`${key} <= ${at}`;
  const page = await tx
    .select({ id: articles.id })
    .from(articles)
    .where(and(where, within))
    .orderBy(...adminArticleOrder(query.sort))
    .limit(query.limit)
    .offset(query.offset);
  return page.map((r) => r.id);
}
