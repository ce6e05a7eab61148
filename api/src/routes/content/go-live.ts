import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { articles } from '../../db/schema';
import { articleDate, PUBLIC_STATUSES } from '../../db/schema/content';

/**
 * When the next scheduled article goes live (epoch ms), or null: the moment public article reads
 * change with no write behind them (isPublic() compares with now()). Off the newest-first partial
 * index, so one index probe.
 */
export async function nextGoLive(db: Database): Promise<number | null> {
  const date = articleDate(articles);
  const result = (await db.execute(sql`
    select ${date} as at from ${articles}
    where ${articles.status} in ${PUBLIC_STATUSES} and ${date} > now()
    order by ${date} asc limit 1`)) as unknown as { rows: Array<{ at: Date | string }> };
  const at = result.rows[0]?.at;
  return at === undefined ? null : new Date(at).getTime();
}
