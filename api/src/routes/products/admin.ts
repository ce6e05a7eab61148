import { adminProductListQuery, idParam, productInput, productUpdate } from '@site/shared';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { z } from 'zod';
import { can } from '../../auth/policy';
import type { AppEnv } from '../../context';
import type { Database } from '../../db/client';
import { productCategories, productLinkChecks, products } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http/errors';
import { containsPattern } from '../../lib/text/like';
import { validate } from '../../lib/http/validate';
import { refuseUnsavedWrite, sameVersion } from '../../lib/http/version';
import { byId, clears } from '../../lib/cache/write-clears';

type Parsed = z.output<typeof productUpdate>;
const money = (n: number | null | undefined) => (n === null || n === undefined ? null : n.toFixed(2));
/** Leaves a field the body did not name undefined, which an UPDATE's SET skips (issue 31 §7). */
const named = <T, R>(value: T | undefined, as: (v: T) => R): R | undefined =>
  value === undefined ? undefined : as(value);

/** Column values from a validated body; prices are stored as exact decimals. A create fills the rest in. */
function toRow({ updatedAt: _loaded, ...input }: Parsed) {
  return {
    ...input,
    price: named(input.price, (p) => p.toFixed(2)),
    originalPrice: named(input.originalPrice, money),
    categoryId: named(input.categoryId, (id) => id ?? null),
    rating: named(input.rating, (r) => r ?? null),
    reviewCount: named(input.reviewCount, (n) => n ?? 0),
  };
}

async function assertCategory(db: Database, id: number | null | undefined) {
  if (!id) return;
  const [row] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(eq(productCategories.id, id));
  if (!row)
    throw badRequest('categoryId: That product category does not exist', [
      { path: 'categoryId', message: 'That product category does not exist' },
    ]);
}

// Columns written out with their tables: drizzle leaves a single-table select's columns unqualified,
// and an unqualified "id" inside this subquery would be affiliate_clicks.id (every count was wrong).
const clickCount =
  sql<number>`(select count(*) from "affiliate_clicks" where "affiliate_clicks"."product_id" = "products"."id")`.mapWith(
    Number,
  );

/** The latest link check failed, for the link the product has now (an edited link is unchecked). */
const linkBroken =
  sql<boolean>`exists (select 1 from ${productLinkChecks} where ${productLinkChecks.productId} = ${products.id} and ${productLinkChecks.broken} and ${productLinkChecks.url} = ${products.affiliateUrl})`.mapWith(
    Boolean,
  );

const PRODUCT_ORDER: Record<z.output<typeof adminProductListQuery>['sort'], SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  'price-asc': [asc(products.price), asc(products.id)],
  'price-desc': [desc(products.price), desc(products.id)],
  clicks: [sql`${clickCount} desc`, desc(products.id)],
};

/** Admin writes for products (spec §7) and a list that carries each product's click count. */
export const productsAdminRoutes = new Hono<AppEnv>()
  .get('/admin/products', can('catalog.manage'), validate('query', adminProductListQuery), async (c) => {
    const { q, categoryId, stock, broken, sort, limit, offset } = c.req.valid('query');
    const db = c.var.deps.db;
    // Search over title, vendor and tags; filter by category and stock.
    const where = and(
      q
        ? or(
            ilike(products.title, containsPattern(q)),
            ilike(products.vendor, containsPattern(q)),
            ilike(sql`${products.tags}::text`, containsPattern(q)),
          )
        : undefined,
      categoryId ? eq(products.categoryId, categoryId) : undefined,
      stock ? eq(products.inStock, stock === 'in') : undefined,
      broken === 'true' ? linkBroken : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ product: products, clickCount, linkBroken })
        .from(products)
        .where(where)
        .orderBy(...PRODUCT_ORDER[sort])
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(products).where(where),
    ]);
    c.header('X-Total-Count', String(total?.n ?? 0));
    return c.json(rows.map((r) => ({ ...r.product, clickCount: r.clickCount, linkBroken: r.linkBroken })));
  })
  .post(
    '/products',
    can('catalog.manage'),
    clears(['list:products']),
    validate('json', productInput),
    async (c) => {
      const { updatedAt: _ignored, ...input } = c.req.valid('json');
      await assertCategory(c.var.deps.db, input.categoryId);
      const [row] = await c.var.deps.db
        .insert(products)
        .values({
          ...input,
          price: input.price.toFixed(2),
          originalPrice: money(input.originalPrice),
          categoryId: input.categoryId ?? null,
          rating: input.rating ?? null,
          reviewCount: input.reviewCount ?? 0,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return c.json(row, 201);
    },
  )
  .put(
    '/products/:id',
    can('catalog.manage'),
    clears(byId('product', 'list:products')),
    validate('param', idParam),
    validate('json', productUpdate),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.var.deps.db;
      await assertCategory(db, input.categoryId);
      const [row] = await db
        .update(products)
        .set({ ...toRow(input), updatedAt: sql`now()` })
        .where(and(eq(products.id, id), sameVersion(products.updatedAt, input.updatedAt)))
        .returning();
      if (!row) return refuseUnsavedWrite(db, products, id, 'product', input.updatedAt);
      return c.json(row);
    },
  )
  .delete(
    '/products/:id',
    can('catalog.manage'),
    clears(byId('product', 'list:products')),
    validate('param', idParam),
    async (c) => {
      const { id } = c.req.valid('param');
      const gone = await c.var.deps.db
        .delete(products)
        .where(eq(products.id, id))
        .returning({ id: products.id });
      if (!gone.length) throw notFound('Product not found');
      return c.body(null, 204);
    },
  );
