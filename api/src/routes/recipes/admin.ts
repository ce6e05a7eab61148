import { adminRecipeListQuery, idParam, recipeInput, recipeUpdate, WWE_TAG } from '@site/shared';
import { and, asc, count, desc, eq, ilike, not, or, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { z } from 'zod';
import { can } from '../../auth/policy';
import type { AppEnv } from '../../context';
import { recipes } from '../../db/schema';
import { notFound } from '../../lib/http/errors';
import { containsPattern } from '../../lib/text/like';
import { validate } from '../../lib/http/validate';
import { refuseUnsavedWrite, sameVersion } from '../../lib/http/version';
import { byId, clears } from '../../lib/cache/write-clears';

const RECIPE_ORDER: Record<z.output<typeof adminRecipeListQuery>['sort'], SQL[]> = {
  newest: [desc(recipes.createdAt), desc(recipes.id)],
  title: [asc(recipes.title), asc(recipes.id)],
};
const wweTagged = sql`${recipes.tags} @> ${JSON.stringify([WWE_TAG])}::jsonb`;

/** Admin writes for recipes (spec §7) and a paged list, newest first. */
export const recipesAdminRoutes = new Hono<AppEnv>()
  .get('/admin/recipes', can('catalog.manage'), validate('query', adminRecipeListQuery), async (c) => {
    const { q, cuisine, difficulty, wwe, sort, limit, offset } = c.req.valid('query');
    const db = c.var.deps.db;
    // Search over title, ingredients and author; filter by cuisine, difficulty and the WWE tag.
    const where = and(
      q
        ? or(
            ilike(recipes.title, containsPattern(q)),
            ilike(sql`${recipes.ingredients}::text`, containsPattern(q)),
            ilike(recipes.author, containsPattern(q)),
          )
        : undefined,
      cuisine ? eq(recipes.cuisine, cuisine) : undefined,
      difficulty ? eq(recipes.difficulty, difficulty) : undefined,
      wwe === undefined ? undefined : wwe ? wweTagged : not(wweTagged),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(recipes)
        .where(where)
        .orderBy(...RECIPE_ORDER[sort])
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(recipes).where(where),
    ]);
    c.header('X-Total-Count', String(total?.n ?? 0));
    return c.json(rows);
  })
  .post(
    '/recipes',
    can('catalog.manage'),
    clears(['list:recipes']),
    validate('json', recipeInput),
    async (c) => {
      const { updatedAt: _ignored, ...input } = c.req.valid('json');
      const [row] = await c.var.deps.db.insert(recipes).values(input).returning();
      if (!row) throw new Error('insert returned no row');
      return c.json(row, 201);
    },
  )
  // A field the body leaves out keeps its value (issue 31 §7); drizzle's SET skips undefined ones.
  .put(
    '/recipes/:id',
    can('catalog.manage'),
    clears(byId('recipe', 'list:recipes')),
    validate('param', idParam),
    validate('json', recipeUpdate),
    async (c) => {
      const { id } = c.req.valid('param');
      const { updatedAt: loaded, ...input } = c.req.valid('json');
      const db = c.var.deps.db;
      const [row] = await db
        .update(recipes)
        .set({ ...input, updatedAt: sql`now()` })
        .where(and(eq(recipes.id, id), sameVersion(recipes.updatedAt, loaded)))
        .returning();
      if (!row) return refuseUnsavedWrite(db, recipes, id, 'recipe', loaded);
      return c.json(row);
    },
  )
  .delete(
    '/recipes/:id',
    can('catalog.manage'),
    clears(byId('recipe', 'list:recipes')),
    validate('param', idParam),
    async (c) => {
      const { id } = c.req.valid('param');
      const gone = await c.var.deps.db
        .delete(recipes)
        .where(eq(recipes.id, id))
        .returning({ id: recipes.id });
      if (!gone.length) throw notFound('Recipe not found');
      return c.body(null, 204);
    },
  );
