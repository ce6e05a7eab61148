import { ARTICLE_CATEGORIES, LIMITS } from '@site/shared';
import { desc, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { articles } from '../../db/schema';
import { PUBLIC_STATUSES } from '../../db/schema/content';
import { onSearchConnections } from './search-plan';
import { prefixQuery } from './search-query';
import { SEARCH_WINDOWS, type SearchWindowTuning, searchWindows, worthWidening } from './search-window';
import { summaryColumns } from './summary-columns';

/** Ranked: the newest this many matches (ranking every match of a common word costs 0.1-0.3 s). */
const SEARCH_CANDIDATES = 200;
/** A search's filter-button counts stop here ("1000+"): counting every match of a common word is slow. */
export const SEARCH_COUNT_CAP = 1000;

/**
 * Public articles matching `tsq`, in `category` when given, as rows `s` of `article_search` (migration
 * 0017: the narrow copy of each article's status, date, category and vector). Public as isPublic() says:
 * published, or scheduled and due.
 *
 * The matches come from the GIN index alone: the inner select holds only the vector test, and
 * `offset 0` keeps PostgreSQL from moving the other tests into it. The copy also has date and
 * category indexes (the admin search's, migration 0023), and with the tests side by side the planner
 * took a bitmap of every article dated before now, then tested each one's vector (read from TOAST).
 * `since` (a search window's bound, search-window.ts) goes inside, written as the window's partial
 * GIN index says it, so the planner reads that index (or, should it be gone, ANDs the date index's
 * range with the whole GIN bitmap): only the window's matching rows are read.
 */
export function matching(tsq: SQL, category?: string, since?: string) {
  return sql`(select * from article_search where search_vector @@ ${tsq}${since ? sql` and sort_at >= ${since}::timestamptz` : sql``} offset 0) s
    where s.status in ${PUBLIC_STATUSES} and s.sort_at <= now()${category ? sql` and s.category = ${category}` : sql``}`;
}

const tsquery = (query: string) => sql`to_tsquery('english'::regconfig, ${query})`;

/** Which rows a public search's candidates came from (the tests see every path). */
export type SearchPlan = 'all matches' | 'newest window' | 'a wider window' | 'all matches after the windows';

/**
 * GET /api/content/search: the newest SEARCH_CANDIDATES matches ranked by ts_rank, then newest first;
 * at most LIMITS.searchMaxResults, as article summaries. Answers [] for text without a word.
 */
export async function searchArticles(
  deps: Pick<AppDeps, 'db' | 'searchDb' | 'dbKind' | 'logger'>,
  q: string,
  category?: string,
) {
  return (await findArticles(deps, q, category)).rows;
}

/**
 * The search, and which plan found it. Where there are windows of the newest rows (search-window.ts),
 * they are searched first, smallest first, each through its own GIN index: if one holds
 * SEARCH_CANDIDATES matches, those are the newest matches of all, so the answer is the one the whole
 * table gives. Otherwise the whole table is searched after all; a word too rare for the windows costs
 * their index lookups more (a tenth of the whole one's at 1,000,000 articles), and a window with too
 * few matches to promise 200 in the next one skips it (worthWidening). `asked`: how many windows were.
 * (Asking the planner's estimate first, to skip the window for such words, was slower: at 1,000,000
 * articles two random words cost PostgreSQL 27-29 ms with the window tried above twice the candidates
 * expected there, 19 ms above once, 16-18 ms at half.)
 */
export async function findArticles(
  deps: Pick<AppDeps, 'db' | 'searchDb' | 'dbKind' | 'logger'>,
  q: string,
  category?: string,
  tunings: readonly SearchWindowTuning[] = SEARCH_WINDOWS,
) {
  const query = prefixQuery(q);
  if (!query) return { rows: [], plan: 'all matches' as SearchPlan, asked: 0 };
  const tsq = tsquery(query);
  const windows = searchWindows(deps, tunings);
  return onSearchConnections(deps, async (db: Database) => {
    let asked = 0;
    for (const [i, window] of windows.entries()) {
      asked++;
      const rows = await rankedCandidates(db, tsq, category, window.since);
      const found = rows[0]?.candidates ?? 0;
      if (found >= SEARCH_CANDIDATES)
        return {
          rows: rows.map(withoutCount),
          plan: (i ? 'a wider window' : 'newest window') as SearchPlan,
          asked,
        };
      const next = windows[i + 1];
      if (next && !worthWidening(found, SEARCH_CANDIDATES, window, next)) break;
    }
    return {
      rows: (await rankedCandidates(db, tsq, category)).map(withoutCount),
      plan: (windows.length ? 'all matches after the windows' : 'all matches') as SearchPlan,
      asked,
    };
  });
}

const withoutCount = <T extends { candidates: number }>({ candidates: _n, ...row }: T) => row;

/**
 * The ranked page, each row with the number of candidates it was ranked among. `since` narrows the
 * matches to the window's rows (dated at or after it), read through the window's own GIN index.
 */
function rankedCandidates(db: Database, tsq: SQL, category?: string, since?: string) {
  // The vectors are read for the candidates alone, after the newest are chosen off the narrow rows:
  // the sort carries each vector's out-of-line pointer, so only the 200 kept are read, for ts_rank.
  // (Looking the candidates up again by id to read them cost 600 buffer hits a search, a quarter.)
  const top = sql`(select c.id, ts_rank(c.search_vector, ${tsq}) as rank, c.sort_at, count(*) over () as n from (
      select s.id, s.search_vector, s.sort_at from ${matching(tsq, category, since)}
      order by s.sort_at desc, s.id desc limit ${SEARCH_CANDIDATES}) c
    order by rank desc, c.sort_at desc, c.id desc limit ${LIMITS.searchMaxResults}) as top`;
  return db
    .select({ ...summaryColumns, candidates: sql<number>`top.n::int`.mapWith(Number) })
    .from(articles)
    .innerJoin(top, sql`top.id = ${articles.id}`)
    .orderBy(sql`top.rank desc`, sql`top.sort_at desc`, desc(articles.id));
}

/** A search's matches per category, counted up to SEARCH_COUNT_CAP (then `capped: true`). */
export async function countMatches(deps: Pick<AppDeps, 'db' | 'searchDb'>, q: string) {
  const counts: Record<string, number | boolean> & { all: number } = { all: 0 };
  for (const cat of ARTICLE_CATEGORIES) counts[cat] = 0;
  const query = prefixQuery(q);
  if (!query) return counts;
  const rows = await onSearchConnections(deps, async (db: Database) => {
    const result = (await db.execute(sql`select category, count(*)::int as n
      from (select s.category from ${matching(tsquery(query))} limit ${SEARCH_COUNT_CAP}) m
      group by category`)) as unknown as { rows: { category: string; n: number }[] };
    return result.rows;
  });
  for (const r of rows) {
    counts[r.category] = Number(r.n);
    counts.all += Number(r.n);
  }
  if (counts.all >= SEARCH_COUNT_CAP) counts.capped = true;
  return counts;
}
