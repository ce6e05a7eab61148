import type { articleBulkInput } from '@site/shared';
import { and, inArray, ne, not, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { articles } from '../../db/schema';
import { isPublic } from '../../db/schema/content';

type Bulk = z.output<typeof articleBulkInput>;

/**
 * One action on many articles, in one transaction: all of them change or none. Answers how many
 * actually changed (publishing an article that is already public changes nothing).
 */
export async function runBulk(db: Database, bulk: Bulk): Promise<number> {
  const ids = inArray(articles.id, bulk.ids);
  const touched = { updatedAt: sql`now()` };
  return db.transaction(async (tx) => {
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
    return rows.length;
  });
}
