import { adminFlagInput } from '@site/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAdmin } from '../../auth/middleware';
import type { AppEnv } from '../../context';
import { user } from '../../db/schema';
import { conflict, notFound } from '../../lib/http/errors';
import { validate } from '../../lib/http/validate';
import { clearsNothing } from '../../lib/cache/write-clears';

const userIdParam = z.object({ id: z.string().min(1).max(100) });

const columns = {
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  profileImageUrl: user.image,
  isAdmin: user.isAdmin,
  createdAt: user.createdAt,
};

/** Users and their admin flag (spec §2 Users tab). */
export const adminUsersRoutes = new Hono<AppEnv>()
  .get('/admin/users', requireAdmin, async (c) => {
    const rows = await c.var.deps.db.select(columns).from(user).orderBy(desc(user.createdAt)).limit(1000);
    return c.json(rows);
  })
  .put(
    '/admin/users/:id/admin',
    requireAdmin,
    clearsNothing('the admin flag shows on no public page'),
    validate('param', userIdParam),
    validate('json', adminFlagInput),
    async (c) => {
      const { id } = c.req.valid('param');
      const { isAdmin } = c.req.valid('json');
      const db = c.var.deps.db;
      // One statement, so two admins demoting each other at once cannot leave the site with none.
      const keepsAnAdmin = isAdmin
        ? undefined
        : sql`(select count(*) from ${user} where ${user.isAdmin} and ${user.id} <> ${id}) > 0`;
      const [row] = await db
        .update(user)
        .set({ isAdmin, updatedAt: sql`now()` })
        .where(and(eq(user.id, id), keepsAnAdmin))
        .returning(columns);
      if (row) return c.json(row);
      const [exists] = await db.select({ id: user.id }).from(user).where(eq(user.id, id));
      if (!exists) throw notFound('User not found');
      throw conflict('This is the last admin. Make someone else an admin first.');
    },
  );
