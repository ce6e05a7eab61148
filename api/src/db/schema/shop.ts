import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const productCategories = pgTable('product_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    originalPrice: numeric('original_price', { precision: 10, scale: 2 }),
    imageUrl: text('image_url'),
    vendor: text('vendor'),
    rating: real('rating'),
    reviewCount: integer('review_count').notNull().default(0),
    inStock: boolean('in_stock').notNull().default(true),
    // restrict: a category with products cannot be deleted (answered with 409).
    categoryId: integer('category_id').references(() => productCategories.id, { onDelete: 'restrict' }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    affiliateUrl: text('affiliate_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('products_category_idx').on(t.categoryId, t.id)],
);

/** One row per affiliate click-through (no personal data). */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    referrerPath: text('referrer_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('affiliate_clicks_product_idx').on(t.productId),
    // The CSV export walks a time range in order.
    index('affiliate_clicks_created_idx').on(t.createdAt, t.id),
  ],
);
