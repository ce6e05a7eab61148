import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isPublic } from '../db/schema/content';

/** The London day of now(), in SQL: every roll-up row is keyed by it. */
export const londonToday = sql`(now() at time zone 'Europe/London')::date`;

/**
 * One click: the raw row (for the CSV) and its three daily roll-ups (for the reports), in one
 * statement, so the redirect still pays a single round trip.
 */
export async function recordClick(
  db: Database,
  productId: number,
  referrerPath: string | null,
  /** Tests and the bench back-date clicks; the redirect leaves it to now(). */
  at?: Date,
) {
  const createdAt = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  await db.execute(sql`
    with click as (
      insert into affiliate_clicks (product_id, referrer_path, created_at)
      values (${productId}, ${referrerPath}, ${createdAt})
      returning product_id, (created_at at time zone 'Europe/London')::date as day,
                coalesce(referrer_path, '') as path
    ),
    by_product as (
      insert into click_days_by_product (day, product_id, clicks)
      select day, product_id, 1 from click
      on conflict (day, product_id) do update set clicks = click_days_by_product.clicks + 1
    ),
    by_page as (
      insert into click_days_by_page (day, referrer_path, clicks)
      select day, path, 1 from click
      on conflict (day, referrer_path) do update set clicks = click_days_by_page.clicks + 1
    )
    insert into click_days_by_product_page (product_id, day, referrer_path, clicks)
    select product_id, day, path, 1 from click
    on conflict (product_id, day, referrer_path)
    do update set clicks = click_days_by_product_page.clicks + 1`);
}

/**
 * One read of an article readers may see today; false when there is none. The same isPublic() test as
 * the page itself: a scheduled article whose time has come is read like any other (issue 26).
 */
export async function recordRead(db: Database, articleId: number): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into article_read_days (article_id, day, reads)
    select id, ${londonToday}, 1 from articles
    where id = ${articleId} and ${isPublic()}
    on conflict (article_id, day) do update set reads = article_read_days.reads + 1
    returning article_id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
