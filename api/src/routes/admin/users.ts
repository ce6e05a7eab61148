import { adminFlagInput, type StaffRole, userRoleInput } from '@site/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { can } from '../../auth/policy';
import type { AppEnv } from '../../context';
import { session, user } from '../../db/schema';
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
  // As roleOf() (auth/role.ts) reads it: isAdmin wins, a stray 'admin' without it is no role.
  role: sql<StaffRole | null>`(case when ${user.isAdmin} then 'admin' when ${user.role} = 'admin' then null else ${user.role} end)`,
  createdAt: user.createdAt,
};

/**
 * Gives `id` the role (null = a reader). isAdmin is written with it, so it stays true exactly for admins.
 * One statement, so two admins demoting each other at once cannot leave the site with none.
 */
async function setRole(c: Context<AppEnv>, id: string, role: StaffRole | null) {
  const db = c.var.deps.db;
  const keepsAnAdmin =
    role === 'admin'
      ? undefined
      : sql`(select count(*) from ${user} where ${user.isAdmin} and ${user.id} <> ${id}) > 0`;
  const [row] = await db
    .update(user)
    .set({ role, isAdmin: role === 'admin', updatedAt: sql`now()` })
    .where(and(eq(user.id, id), keepsAnAdmin))
    .returning(columns);
  if (row) return c.json(row);
  const [exists] = await db.select({ id: user.id }).from(user).where(eq(user.id, id));
  if (!exists) throw notFound('User not found');
  throw conflict('This is the last admin. Make someone else an admin first.');
}

/** Users and their staff roles (spec §2 Users tab; issue 42). */
export const adminUsersRoutes = new Hono<AppEnv>()
  .get('/admin/users', can('users.manage'), async (c) => {
    const rows = await c.var.deps.db.select(columns).from(user).orderBy(desc(user.createdAt)).limit(1000);
    return c.json(rows);
  })
  .put(
    '/admin/users/:id/role',
    can('users.manage'),
    clearsNothing('a staff role shows on no public page'),
    validate('param', userIdParam),
    validate('json', userRoleInput),
    (c) => setRole(c, c.req.valid('param').id, c.req.valid('json').role),
  )
  // The spec's admin switch (§7): on makes an admin, off takes every staff role away.
  .put(
    '/admin/users/:id/admin',
    can('users.manage'),
    clearsNothing('the admin flag shows on no public page'),
    validate('param', userIdParam),
    validate('json', adminFlagInput),
    (c) => setRole(c, c.req.valid('param').id, c.req.valid('json').isAdmin ? 'admin' : null),
  )
  // Signs the user out everywhere: their next request, on any device, is anonymous.
  .delete(
    '/admin/users/:id/sessions',
    can('users.manage'),
    clearsNothing('sessions show on no public page'),
    validate('param', userIdParam),
    async (c) => {
      const { id } = c.req.valid('param');
      const db = c.var.deps.db;
      const [exists] = await db.select({ id: user.id }).from(user).where(eq(user.id, id));
      if (!exists) throw notFound('User not found');
      const ended = await db.delete(session).where(eq(session.userId, id)).returning({ id: session.id });
      return c.json({ ended: ended.length });
    },
  );
