import { idParam, LIMITS, productInput } from '@site/shared';
import { count, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAdmin } from '../../auth/middleware';
import type { AppEnv } from '../../context';
import type { Database } from '../../db/client';
import { affiliateClicks, productCategories, productLinkChecks, products } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { validate } from '../../lib/validate';

const adminListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.productsMax).default(LIMITS.adminList),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Only products whose current affiliate link failed its latest check (the "Broken links" filter). */
  broken: z.enum(['true', 'false']).optional(),
});

type Parsed = z.output<typeof productInput>;
const money = (n: number | null | undefined) => (n === null || n === undefined ? null : n.toFixed(2));

/** Column values from a validated body; prices are stored as exact decimals. */
function toRow(input: Parsed) {
  return {
    ...input,
    price: input.price.toFixed(2),
    originalPrice: money(input.originalPrice),
    categoryId: input.categoryId ?? null,
    rating: input.rating ?? null,
    reviewCount: input.reviewCount ?? 0,
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

const clickCount =
  sql<number>`(select ${count()} from ${affiliateClicks} where ${affiliateClicks.productId} = ${products.id})`.mapWith(
    Number,
  );

/** The latest link check failed, for the link the product has now (an edited link is unchecked). */
const linkBroken =
  sql<boolean>`exists (select 1 from ${productLinkChecks} where ${productLinkChecks.productId} = ${products.id} and ${productLinkChecks.broken} and ${productLinkChecks.url} = ${products.affiliateUrl})`.mapWith(
    Boolean,
  );

/** Admin writes for products (spec §7) and a list that carries each product's click count. */
export const productsAdminRoutes = new Hono<AppEnv>()
  .get('/admin/products', requireAdmin, validate('query', adminListQuery), async (c) => {
    const { limit, offset, broken } = c.req.valid('query');
    const rows = await c.var.deps.db
      .select({ product: products, clickCount, linkBroken })
      .from(products)
      .where(broken === 'true' ? linkBroken : undefined)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(limit)
      .offset(offset);
    return c.json(rows.map((r) => ({ ...r.product, clickCount: r.clickCount, linkBroken: r.linkBroken })));
  })
  .post('/products', requireAdmin, validate('json', productInput), async (c) => {
    const input = c.req.valid('json');
    await assertCategory(c.var.deps.db, input.categoryId);
    const [row] = await c.var.deps.db.insert(products).values(toRow(input)).returning();
    if (!row) throw new Error('insert returned no row');
    return c.json(row, 201);
  })
  .put(
    '/products/:id',
    requireAdmin,
    validate('param', idParam),
    validate('json', productInput),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      await assertCategory(c.var.deps.db, input.categoryId);
      const [row] = await c.var.deps.db
        .update(products)
        .set({ ...toRow(input), updatedAt: sql`now()` })
        .where(eq(products.id, id))
        .returning();
      if (!row) throw notFound('Product not found');
      return c.json(row);
    },
  )
  .delete('/products/:id', requireAdmin, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const gone = await c.var.deps.db
      .delete(products)
      .where(eq(products.id, id))
      .returning({ id: products.id });
    if (!gone.length) throw notFound('Product not found');
    return c.body(null, 204);
  });
