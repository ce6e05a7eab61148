import { idParam } from '@site/shared';
import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context';
import { challenges } from '../db/schema';
import { publicCache } from '../lib/cache/cache';
import { notFound } from '../lib/http/errors';
import { validate } from '../lib/http/validate';

const listQuery = z.object({ active: z.enum(['true', 'false']).optional() });

const columns = {
  id: challenges.id,
  title: challenges.title,
  description: challenges.description,
  imageUrl: challenges.imageUrl,
  participantCount: challenges.participantCount,
  active: challenges.active,
};

export const challengeRoutes = new Hono<AppEnv>()
  .use('/challenges', publicCache())
  .use('/challenges/*', publicCache())
  .get('/challenges', validate('query', listQuery), async (c) => {
    const { active } = c.req.valid('query');
    const q = c.var.deps.db.select(columns).from(challenges).$dynamic();
    if (active) q.where(eq(challenges.active, active === 'true'));
    return c.json(await q.orderBy(asc(challenges.id)).limit(100));
  })
  .get('/challenges/:id', validate('param', idParam), async (c) => {
    const [row] = await c.var.deps.db
      .select(columns)
      .from(challenges)
      .where(eq(challenges.id, c.req.valid('param').id));
    if (!row) throw notFound('Challenge not found');
    return c.json(row);
  });
