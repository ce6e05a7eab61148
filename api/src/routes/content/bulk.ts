import { type adminArticleFilter, type articleBulkInput, BULK_FILTER_MAX } from '@site/shared';
import { and, asc, count, inArray, ne, not, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { articles } from '../../db/schema';
import { isPublic } from '../../db/schema/content';
import { ApiError } from '../../lib/http/errors';
import { adminArticleWhere } from './admin-list';

type Bulk = z.output<typeof articleBulkInput>;
type Filter = z.output<typeof adminArticleFilter>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const articlesWord = (n: number) => `${n} article${n === 1 ? '' : 's'}`;

/** The filter's matches, counted up to one past the cap: what "Select all N results" would change. */
export async function countMatches(db: Database, filter: Filter): Promise<number> {
  return countUpTo(db, adminArticleWhere(filter), BULK_FILTER_MAX + 1);
}

/** Articles matching `where`, counted up to `max` at most: reads `max` rows, however many match. */
export async function countUpTo(db: Database, where: SQL | undefined, max: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(db.select({ one: sql`1` }).from(articles).where(where).limit(max).as('m'));
  return Number(row?.n ?? 0);
}

/**
 * The ids of every article the filter matches, locked until the transaction ends. The editor confirmed
 * `expected` of them: if that is no longer the number (someone added, published or deleted meanwhile),
 * 409 and nothing changes, so the confirmation's count is exactly what is acted on.
 */
async function matchingIds(tx: Tx, filter: Filter, expected: number): Promise<number[]> {
  const rows = await tx
    .select({ id: articles.id })
    .from(articles)
    .where(adminArticleWhere(filter))
    .orderBy(asc(articles.id))
    .limit(BULK_FILTER_MAX + 1)
    .for('update');
  if (rows.length !== expected) {
    const now = rows.length > BULK_FILTER_MAX ? `more than ${BULK_FILTER_MAX}` : String(rows.length);
    throw new ApiError(
      409,
      `The results changed since you chose them: ${now} match now, not ${articlesWord(expected)}. Check the list and try again.`,
      { expected, count: rows.length },
    );
  }
  return rows.map((r) => r.id);
}

/**
 * One action on many articles, in one transaction: all of them change or none. The articles are the
 * selected ids, or every match of the list's filter. Answers how many actually changed (publishing an
 * article that is already public changes nothing).
 */
/** Runs one bulk action; answers the ids it changed (a row already in the asked-for state is not changed). */
export async function runBulk(db: Database, bulk: Bulk): Promise<number[]> {
  const touched = { updatedAt: sql`now()` };
  return db.transaction(async (tx) => {
    const ids = inArray(
      articles.id,
      bulk.filter ? await matchingIds(tx, bulk.filter, bulk.expected) : bulk.ids,
    );
    let rows: { id: number }[];
    switch (bulk.action) {
      case 'publish':
        rows = await tx
          .update(articles)
          .set({
            ...touched,
            status: 'published',
            // Keep a past date (it was public once); a scheduled one is published now.
            publishedAt: sql`case when ${articles.publishedAt} <= now() then ${articles.publishedAt} else now() end`,
          })
          .where(and(ids, not(isPublic())))
          .returning({ id: articles.id });
        break;
      case 'unpublish':
        rows = await tx
          .update(articles)
          .set({
            ...touched,
            status: 'draft',
            publishedAt: sql`case when ${articles.publishedAt} <= now() then ${articles.publishedAt} else null end`,
          })
          .where(and(ids, ne(articles.status, 'draft')))
          .returning({ id: articles.id });
        break;
      case 'category':
        rows = await tx
          .update(articles)
          .set({ ...touched, category: bulk.category })
          .where(and(ids, ne(articles.category, bulk.category)))
          .returning({ id: articles.id });
        break;
      case 'delete':
        rows = await tx.delete(articles).where(ids).returning({ id: articles.id });
        break;
    }
    return rows.map((r) => r.id);
  });
}
