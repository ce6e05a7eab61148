import { sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { articles, storedPages } from '../db/schema';
import { articleDate, isPublic, PUBLIC_STATUSES } from '../db/schema/content';
import { londonToday } from '../insights/record';

/**
 * Which pages the store keeps (web/stored-pages.ts), so its disk and its refill after a new build
 * follow the readers, not the archive: the pages of articles read in the last STORED_PAGES_DAYS
 * London days (the reading beacon's daily counts, insights/record.ts) or published in the last
 * STORED_PAGES_DAYS days. Any other page still renders on a miss, and is stored then, until the
 * daily prune.
 */

/** Reads per article over the window: an index-only scan of article_read_days_day_idx. */
const recentReads = (days: number) => sql`
  select article_id, sum(reads) as reads from article_read_days
  where day > ${londonToday} - ${days}::int group by article_id`;

/** Published (or scheduled) within the window: a range of articles_public_newest_idx. */
const recentlyPublished = (days: number) => sql`
  select ${articles.id} from ${articles}
  where ${articles.status} in ${PUBLIC_STATUSES}
    and ${articleDate(articles)} >= now() - make_interval(days => ${days}::int)`;

/**
 * The public articles in the bound whose page this build has not stored (or holds stale), most read
 * first, then newest: the refill's order. One array of ids, taken once (new reads during a refill do
 * not reorder it), and small in memory (8 bytes an id) however many there are.
 */
export async function pagesToFill(deps: AppDeps, build: string): Promise<number[]> {
  const days = deps.env.STORED_PAGES_DAYS;
  const result = (await deps.db.execute(sql`
    with reads as (${recentReads(days)}),
    kept as (select article_id as id from reads union ${recentlyPublished(days)})
    select coalesce(array_agg(${articles.id}
      order by coalesce(reads.reads, 0) desc, ${articleDate(articles)} desc, ${articles.id} desc), '{}') as ids
    from kept join ${articles} on ${articles.id} = kept.id
    left join reads on reads.article_id = ${articles.id}
    where ${isPublic()} and not exists (select 1 from ${storedPages} p
      where p.article_id = ${articles.id} and p.build = ${build} and not p.stale)`)) as unknown as {
    rows: Array<{ ids: Array<number | string> | string }>;
  };
  return parseIds(result.rows[0]?.ids);
}

/** node-postgres and PGlite both parse int[]; a driver that hands back '{1,2}' is read too. */
function parseIds(ids: Array<number | string> | string | undefined): number[] {
  if (!ids) return [];
  const list = typeof ids === 'string' ? ids.replace(/[{}]/g, '').split(',').filter(Boolean) : ids;
  return list.map(Number);
}

/** Stored pages deleted per statement: a first prune of a store filled before the bound holds no long lock. */
const PRUNE_BATCH = 5000;

/**
 * The daily prune (queue/workers.ts), and the end of each refill: deletes the stored pages of
 * articles neither read nor published in the window, a batch at a time. Answers how many went.
 */
export async function pruneStoredPages(deps: AppDeps): Promise<number> {
  const days = deps.env.STORED_PAGES_DAYS;
  let removed = 0;
  for (;;) {
    const result = (await deps.db.execute(sql`
      delete from ${storedPages} where path in (
        select p.path from ${storedPages} p
        where not exists (select 1 from article_read_days r
            where r.article_id = p.article_id and r.day > ${londonToday} - ${days}::int)
          and not exists (select 1 from ${articles}
            where ${articles.id} = p.article_id
              and ${articleDate(articles)} >= now() - make_interval(days => ${days}::int))
        limit ${PRUNE_BATCH})`)) as unknown as { rowCount?: number | null; affectedRows?: number };
    const gone = result.rowCount ?? result.affectedRows ?? 0;
    removed += gone;
    if (gone < PRUNE_BATCH) return removed;
  }
}
