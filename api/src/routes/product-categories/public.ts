import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { publicCache } from '../../lib/cache/cache';
import { productCategories } from '../../db/schema';

/** The shop's category buttons: every category, oldest first (the order admins created them in). */
export const productCategoryPublicRoutes = new Hono<AppEnv>()
  .use('/product-categories', publicCache())
  .get('/product-categories', async (c) => {
    const rows = await c.var.deps.db
      .select({
        id: productCategories.id,
        name: productCategories.name,
        description: productCategories.description,
      })
      .from(productCategories)
      .orderBy(asc(productCategories.id));
    return c.json(rows);
  });
