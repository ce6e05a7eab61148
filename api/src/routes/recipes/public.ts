import { idParam, recipeListQuery } from '@site/shared';
import { and, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppEnv } from '../../context';
import { publicCache } from '../../lib/cache/cache';
import { recipes } from '../../db/schema';
import { notFound } from '../../lib/http/errors';
import { validate } from '../../lib/http/validate';

// What a signed-out reader's page shows of a recipe: its card. Ingredients, instructions and nutrition
// belong to the sign-in-gated recipe page, and the list gave them to anyone who asked (issue 26).
const { ingredients: _i, instructions: _s, nutritionalInfo: _n, ...cardColumns } = getTableColumns(recipes);

/** Public recipe reads: the list is open, the detail needs sign-in (spec §2 Recipe page). */
export const recipePublicRoutes = new Hono<AppEnv>()
  // Cards for everyone (cached, public); whole recipes for a signed-in reader (private, never stored).
  // Details depend on who asks (sign-in), so they are not cached.
  .use('/recipes', publicCache({ bySession: true }))
  .get('/recipes', validate('query', recipeListQuery), async (c) => {
    const { cuisine, difficulty, tag, limit, offset } = c.req.valid('query');
    const where: SQL[] = [];
    if (cuisine) where.push(eq(recipes.cuisine, cuisine));
    if (difficulty) where.push(eq(recipes.difficulty, difficulty));
    // jsonb containment, served by the GIN index on tags.
    if (tag) where.push(sql`${recipes.tags} @> ${JSON.stringify([tag])}::jsonb`);
    const signedIn = Boolean(await currentUser(c));
    const rows = await c.var.deps.db
      .select(signedIn ? getTableColumns(recipes) : cardColumns)
      .from(recipes)
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(recipes.createdAt), desc(recipes.id))
      .limit(limit)
      .offset(offset);
    return c.json(rows);
  })
  .get('/recipes/:id', requireUser, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const [row] = await c.var.deps.db.select().from(recipes).where(eq(recipes.id, id));
    if (!row) throw notFound('Recipe not found');
    return c.json(row);
  });
