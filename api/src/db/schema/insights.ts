import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { articles } from './content';
import { products } from './shop';

// Clicks rolled up per London day, kept in step with affiliate_clicks by the /go redirect (one
// statement). The reports read only these, so 90 days answer from a few thousand rows however many
// clicks there were; each report reads the narrowest one it can. '' = the click named no page.

/** Series and top products. */
export const clickDaysByProduct = pgTable(
  'click_days_by_product',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.productId] }),
    index('click_days_by_product_product_idx').on(t.productId, t.day),
  ],
);

/** Top pages of all products. */
export const clickDaysByPage = pgTable(
  'click_days_by_page',
  {
    day: date('day', { mode: 'string' }).notNull(),
    referrerPath: text('referrer_path').notNull().default(''),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.referrerPath] })],
);

/** Top pages of one product. */
export const clickDaysByProductPage = pgTable(
  'click_days_by_product_page',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    referrerPath: text('referrer_path').notNull().default(''),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day, t.referrerPath] })],
);

/** Article reads: one row per article per London day, nothing about the reader. */
export const articleReadDays = pgTable(
  'article_read_days',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    reads: integer('reads').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.day] }),
    // Covers the most-read report: an index-only scan of the range.
    index('article_read_days_day_idx').on(t.day, t.articleId, t.reads),
  ],
);

/** The latest check of each product's affiliate link (the link-health job overwrites it). */
export const productLinkChecks = pgTable(
  'product_link_checks',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    status: integer('status'),
    finalUrl: text('final_url'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    broken: boolean('broken').notNull().default(false),
  },
  (t) => [index('product_link_checks_broken_idx').on(t.broken)],
);
