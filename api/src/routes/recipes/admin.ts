import { idParam, LIMITS, recipeInput } from '@site/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAdmin } from '../../auth/middleware';
import type { AppEnv } from '../../context';
import { recipes } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { validate } from '../../lib/validate';

const adminListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.productsMax).default(LIMITS.adminList),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** Admin writes for recipes (spec §7) and a paged list, newest first. */
export const recipesAdminRoutes = new Hono<AppEnv>()
  .get('/admin/recipes', requireAdmin, validate('query', adminListQuery), async (c) => {
    const { limit, offset } = c.req.valid('query');
    const rows = await c.var.deps.db
      .select()
      .from(recipes)
      .orderBy(desc(recipes.createdAt), desc(recipes.id))
      .limit(limit)
      .offset(offset);
    return c.json(rows);
  })
  .post('/recipes', requireAdmin, validate('json', recipeInput), async (c) => {
    const [row] = await c.var.deps.db.insert(recipes).values(c.req.valid('json')).returning();
    if (!row) throw new Error('insert returned no row');
    return c.json(row, 201);
  })
  .put('/recipes/:id', requireAdmin, validate('param', idParam), validate('json', recipeInput), async (c) => {
    const [row] = await c.var.deps.db
      .update(recipes)
      .set({ ...c.req.valid('json'), updatedAt: sql`now()` })
      .where(eq(recipes.id, c.req.valid('param').id))
      .returning();
    if (!row) throw notFound('Recipe not found');
    return c.json(row);
  })
  .delete('/recipes/:id', requireAdmin, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const gone = await c.var.deps.db.delete(recipes).where(eq(recipes.id, id)).returning({ id: recipes.id });
    if (!gone.length) throw notFound('Recipe not found');
    return c.body(null, 204);
  });
