import { articleInput, idParam, LIMITS, readTimeMinutes } from '@site/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAdmin } from '../../auth/middleware';
import type { AppEnv } from '../../context';
import { articles } from '../../db/schema';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { slugTaken, uniqueSlug } from './slug';

const adminListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.contentMax).default(LIMITS.adminList),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  status: z.enum(['draft', 'published', 'all']).default('all'),
});

const slugConflict = () => conflict('That slug is already used by another article. Choose another.');

/** Admin writes for articles (spec §7) and a list that includes drafts. */
export const contentAdminRoutes = new Hono<AppEnv>()
  .get('/admin/content', requireAdmin, validate('query', adminListQuery), async (c) => {
    const { limit, offset, status } = c.req.valid('query');
    const rows = await c.var.deps.db
      .select()
      .from(articles)
      .where(status === 'all' ? undefined : eq(articles.status, status))
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(limit)
      .offset(offset);
    return c.json(rows.map(({ externalKey: _k, ...a }) => a));
  })
  .get('/admin/content/:id', requireAdmin, validate('param', idParam), async (c) => {
    const [row] = await c.var.deps.db
      .select()
      .from(articles)
      .where(eq(articles.id, c.req.valid('param').id));
    if (!row) throw notFound('Article not found');
    const { externalKey: _k, ...a } = row;
    return c.json(a);
  })
  .post('/content', requireAdmin, validate('json', articleInput), async (c) => {
    const db = c.var.deps.db;
    const input = c.req.valid('json');
    if (input.slug && (await slugTaken(db, input.slug))) throw slugConflict();
    const slug = input.slug || (await uniqueSlug(db, input.title));
    try {
      const [row] = await db
        .insert(articles)
        .values({
          ...input,
          slug,
          isExternal: input.isExternal ?? false,
          readTime: readTimeMinutes(input.content),
          publishedAt: input.status === 'published' ? new Date() : null,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      const { externalKey: _k, ...a } = row;
      return c.json(a, 201);
    } catch (err) {
      if (isUniqueViolation(err)) throw slugConflict();
      throw err;
    }
  })
  .put(
    '/content/:id',
    requireAdmin,
    validate('param', idParam),
    validate('json', articleInput),
    async (c) => {
      const db = c.var.deps.db;
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const [existing] = await db.select().from(articles).where(eq(articles.id, id));
      if (!existing) throw notFound('Article not found');
      if (input.slug && input.slug !== existing.slug && (await slugTaken(db, input.slug, id)))
        throw slugConflict();
      try {
        const [row] = await db
          .update(articles)
          .set({
            ...input,
            slug: input.slug || existing.slug,
            isExternal: input.isExternal ?? existing.isExternal,
            readTime: readTimeMinutes(input.content),
            // First publish stamps the date; later edits keep it.
            publishedAt: existing.publishedAt ?? (input.status === 'published' ? new Date() : null),
            updatedAt: sql`now()`,
          })
          .where(eq(articles.id, id))
          .returning();
        if (!row) throw notFound('Article not found');
        const { externalKey: _k, ...a } = row;
        return c.json(a);
      } catch (err) {
        if (isUniqueViolation(err)) throw slugConflict();
        throw err;
      }
    },
  )
  .delete('/content/:id', requireAdmin, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const gone = await c.var.deps.db
      .delete(articles)
      .where(eq(articles.id, id))
      .returning({ id: articles.id });
    if (!gone.length) throw notFound('Article not found');
    return c.body(null, 204);
  });
