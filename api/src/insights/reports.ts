import {
  type ClicksQuery,
  type ClicksReport,
  fillDays,
  INSIGHTS,
  type ReadsQuery,
  type ReadsReport,
} from '@site/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

type Rows<T> = { rows: T[] };
const rows = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

const total = (series: { count: number }[]) => series.reduce((n, r) => n + r.count, 0);

/**
 * Clicks per London day (zeros filled in), top products and top referring pages. Each part reads the
 * narrowest roll-up (db/schema/insights.ts), and the top lists aggregate first and join titles for the
 * ten winners only.
 */
export async function clicksReport(db: Database, q: ClicksQuery): Promise<ClicksReport> {
  const product = q.productId ? sql`and product_id = ${q.productId}` : sql``;
  const range = sql`day between ${q.from}::date and ${q.to}::date`;
  const pages = q.productId
    ? sql`select referrer_path as path, sum(clicks)::int as clicks from click_days_by_product_page
          where product_id = ${q.productId} and ${range}`
    : sql`select referrer_path as path, sum(clicks)::int as clicks from click_days_by_page where ${range}`;
  const [days, topProducts, topPages, sponsors] = await Promise.all([
    rows<{ day: string; count: number }>(
      db,
      sql`select day::text as day, sum(clicks)::int as count from click_days_by_product
          where ${range} ${product} group by day`,
    ),
    rows<{ productId: number; title: string; clicks: number }>(
      db,
      sql`select t.product_id as "productId", p.title, t.clicks
          from (select product_id, sum(clicks)::int as clicks from click_days_by_product
                where ${range} ${product} group by product_id
                order by clicks desc, product_id limit ${INSIGHTS.topCount}) t
          join products p on p.id = t.product_id
          order by t.clicks desc, t.product_id`,
    ),
    rows<{ path: string; clicks: number }>(
      db,
      sql`${pages} group by referrer_path order by clicks desc, referrer_path limit ${INSIGHTS.topCount}`,
    ),
    rows<{ sponsorId: number; name: string; clicks: number }>(
      db,
      sql`select s.id as "sponsorId", s.name, sum(d.clicks)::int as clicks
          from newsletter_sponsor_click_days d join newsletter_sponsors s on s.id = d.sponsor_id
          where ${range} group by s.id, s.name order by clicks desc, s.id limit ${INSIGHTS.topCount}`,
    ),
  ]);
  const series = fillDays(q.from, q.to, days);
  return {
    from: q.from,
    to: q.to,
    productId: q.productId ?? null,
    total: total(series),
    series,
    topProducts,
    topPages: topPages.map((p) => ({ path: p.path || null, clicks: p.clicks })),
    sponsors,
  };
}

/** Reads per London day (zeros filled in) and the most-read articles of the range. */
export async function readsReport(db: Database, q: ReadsQuery): Promise<ReadsReport> {
  const article = q.articleId ? sql`and article_id = ${q.articleId}` : sql``;
  const range = sql`day between ${q.from}::date and ${q.to}::date`;
  const [days, mostRead] = await Promise.all([
    rows<{ day: string; count: number }>(
      db,
      sql`select day::text as day, sum(reads)::int as count from article_read_days
          where ${range} ${article} group by day`,
    ),
    rows<{ articleId: number; title: string; reads: number }>(
      db,
      sql`select t.article_id as "articleId", a.title, t.reads
          from (select article_id, sum(reads)::int as reads from article_read_days
                where ${range} ${article} group by article_id
                order by reads desc, article_id limit ${INSIGHTS.topCount}) t
          join articles a on a.id = t.article_id
          order by t.reads desc, t.article_id`,
    ),
  ]);
  const series = fillDays(q.from, q.to, days);
  return { from: q.from, to: q.to, articleId: q.articleId ?? null, total: total(series), series, mostRead };
}
