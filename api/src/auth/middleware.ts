import type { CurrentUser } from '@site/shared';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, SessionUser } from '../context';
import type { Env } from '../env';
import { roleOf } from './role';

/** Whether a request carries anything that could name a session (a session cookie or a bearer token). */
export function hasSessionCredentials(headers: Headers): boolean {
  return Boolean(headers.get('authorization')) || Boolean(headers.get('cookie')?.includes('session_token'));
}

/** The signed-in user (cookie or bearer token), looked up once per request. */
export async function currentUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const cached = c.get('user');
  if (cached !== undefined) return cached;
  // No session cookie and no bearer token: nobody to look up. Skipping better-auth here halves the
  // cost of an anonymous server render (docs/performance.md).
  if (!hasSessionCredentials(c.req.raw.headers)) {
    c.set('user', null);
    return null;
  }
  const session = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  const user = (session?.user as SessionUser | undefined) ?? null;
  c.set('user', user);
  return user;
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await currentUser(c))) return c.json({ message: 'You need to sign in to do that.' }, 401);
  await next();
};

/** The spec's "current user" shape (§3), with the staff role (issue 42). */
export function toCurrentUser(u: SessionUser, env: Pick<Env, 'REQUIRE_2FA_ROLES'>): CurrentUser {
  const role = roleOf(u);
  return {
    id: u.id,
    profileImageUrl: u.image ?? null,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    email: u.email,
    isAdmin: role === 'admin',
    role,
    twoFactorEnabled: Boolean(u.twoFactorEnabled),
    twoFactorRequired: Boolean(role && env.REQUIRE_2FA_ROLES.includes(role)),
    createdAt: new Date(u.createdAt).toISOString(),
  };
}
