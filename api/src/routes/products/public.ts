import { idParam, productListQuery } from '@site/shared';
import { and, asc, eq, getTableColumns, ne, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppEnv } from '../../context';
import { publicCache } from '../../lib/cache/cache';
import { products } from '../../db/schema';
import { notFound } from '../../lib/http/errors';
import { validate } from '../../lib/http/validate';

// A signed-out reader's list feeds cards: no long description or features (a 300-product list was
// 208 KB), and no affiliate URL, which belongs to the sign-in-gated detail and the /go click-through.
const { description: _d, features: _f, affiliateUrl: _a, ...cardColumns } = getTableColumns(products);

/** Public product reads. The list is open (the shop is browsable); the detail needs sign-in (spec §2). */
export const productPublicRoutes = new Hono<AppEnv>()
  // Cards for everyone (cached, public); whole products for a signed-in reader (private, never stored:
  // issue 26). Details depend on who asks (sign-in), so they are not cached.
  .use('/products', publicCache({ bySession: true }))
  .get('/products', validate('query', productListQuery), async (c) => {
    const { categoryId, limit, offset, exclude } = c.req.valid('query');
    const where: SQL[] = [];
    if (categoryId) where.push(eq(products.categoryId, categoryId));
    if (exclude) where.push(ne(products.id, exclude));
    const signedIn = Boolean(await currentUser(c));
    const rows = await c.var.deps.db
      .select(signedIn ? getTableColumns(products) : cardColumns)
      .from(products)
      .where(where.length ? and(...where) : undefined)
      // Stable order: the same request always lists the same products in the same order.
      .orderBy(asc(products.id))
      .limit(limit)
      .offset(offset);
    return c.json(rows);
  })
  .get('/products/:id', requireUser, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const [row] = await c.var.deps.db.select().from(products).where(eq(products.id, id));
    if (!row) throw notFound('Product not found');
    return c.json(row);
  });
