import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { user } from '../db/schema';

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * Makes an email-and-password account through better-auth (its hashing, its password rules), for a
 * one-time link (first admin, staff invitation). Sign-up answers a taken address like a new one, with
 * a made-up id (auth.ts, issue 27 §3), so only an id that names a stored row counts: the caller must
 * never give a role to an account someone else made with that address.
 */
export async function createAccount(
  c: Context<AppEnv>,
  account: NewAccount,
): Promise<{ id: string } | { failed: 'taken' | 'invalid' }> {
  const { auth, db } = c.var.deps;
  const made = await auth.api
    .signUpEmail({
      body: { ...account, name: `${account.firstName} ${account.lastName}`.trim() },
      headers: c.req.raw.headers,
      asResponse: true,
    })
    .catch(() => null);
  if (!made?.ok) return { failed: made?.status === 422 ? 'taken' : 'invalid' };
  const id = ((await made.json().catch(() => null)) as { user?: { id?: unknown } } | null)?.user?.id;
  const [row] =
    typeof id === 'string' ? await db.select({ id: user.id }).from(user).where(eq(user.id, id)) : [];
  return row ? { id: row.id } : { failed: 'taken' };
}

/**
 * Signs the new account in on `res` (sign-up made no session). A failure leaves `res` without a
 * cookie: the account exists and signs in from the sign-in page.
 */
export async function signInOnto<R extends Response>(
  c: Context<AppEnv>,
  res: R,
  account: NewAccount,
): Promise<R> {
  const signedIn = await c.var.deps.auth.api
    .signInEmail({
      body: { email: account.email, password: account.password },
      headers: c.req.raw.headers,
      asResponse: true,
    })
    .catch(() => null);
  for (const cookie of signedIn?.headers.getSetCookie() ?? []) res.headers.append('set-cookie', cookie);
  return res;
}
