import { createHmac } from 'node:crypto';
import { and, lt, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { signInAttempts } from '../db/schema';
import { sweepDue } from '../lib/jobs/sweep';

/** Attempts on one account before each further one waits; the waits grow, then stay at the cap. */
export const SIGN_IN_FREE_ATTEMPTS = 10;
/** Quiet time (after the last attempt, or the end of its wait) that forgets an account's attempts. */
export const SIGN_IN_RESET_MS = 15 * 60_000;
/** Waits after the 10th, 11th, 12th... attempt: 1, 2, 4, 8 minutes, then 15 at most. */
export const SIGN_IN_MAX_WAIT_MINUTES = 15;

export const TOO_MANY_SIGN_INS_MESSAGE =
  'Too many sign-in attempts for this account. Please wait a few minutes and try again.';

/** The account's key: the email as better-auth compares it, hashed with the server secret. */
function accountKey(email: string, secret: string): string {
  return createHmac('sha256', secret).update(email.trim().toLowerCase()).digest('hex').slice(0, 40);
}

async function emailOf(req: Request): Promise<string | null> {
  try {
    const type = req.headers.get('content-type') ?? '';
    const text = await req.clone().text();
    const email = type.includes('json')
      ? (JSON.parse(text) as { email?: unknown } | null)?.email
      : new URLSearchParams(text).get('email');
    return typeof email === 'string' && email.trim() ? email : null;
  } catch {
    return null; // better-auth answers the malformed body itself
  }
}

/**
 * Per-account sign-in limit (issue 27 §2), on top of better-auth's per-address one: behind a proxy an
 * attacker can rotate addresses, but not the account they guess at. Every attempt is counted before
 * the password is checked, in one atomic statement, so a burst from many addresses cannot slip past
 * the count; the 10th and each later one start a wait (1, 2, 4, 8, then 15 minutes) during which the
 * account answers 429 without checking anything. A success clears the count, and 15 quiet minutes
 * after a wait forget it, so the owner is never locked out for good. An address with no account is
 * counted the same way, so the answers never tell whether one exists.
 */
export const signInThrottle: MiddlewareHandler<AppEnv> = async (c, next) => {
  const email = await emailOf(c.req.raw);
  if (!email) return next();
  const { db, env } = c.var.deps;
  const account = accountKey(email, env.BETTER_AUTH_SECRET ?? 'development-sign-in-throttle');
  const t = signInAttempts;
  const forgotten = sql`coalesce(${t.lockedUntil}, ${t.lastAttemptAt}) < now() - ${`${SIGN_IN_RESET_MS} milliseconds`}::interval`;
  const attempts = sql`case when ${forgotten} then 1 else ${t.attempts} + 1 end`;
  const wait = sql`least(power(2, ${attempts} - ${SIGN_IN_FREE_ATTEMPTS}), ${SIGN_IN_MAX_WAIT_MINUTES}) * interval '1 minute'`;
  // Counted only while the account is not waiting: attempts during a wait are refused, not counted.
  const [counted] = await db
    .insert(t)
    .values({ account, attempts: 1 })
    .onConflictDoUpdate({
      target: t.account,
      set: {
        attempts,
        lastAttemptAt: sql`now()`,
        lockedUntil: sql`case when ${attempts} >= ${SIGN_IN_FREE_ATTEMPTS} then now() + ${wait} else null end`,
      },
      setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= now()`,
    })
    .returning({ attempts: t.attempts });
  if (!counted) {
    const [row] = await db
      .select({ seconds: sql<number>`ceil(extract(epoch from ${t.lockedUntil} - now()))::int` })
      .from(t)
      .where(sql`${t.account} = ${account}`);
    c.header('retry-after', String(Math.max(1, row?.seconds ?? 60)));
    return c.json({ message: TOO_MANY_SIGN_INS_MESSAGE }, 429);
  }
  await next();
  if (c.res.status === 200) await db.delete(t).where(sql`${t.account} = ${account}`);
  if (sweepDue(db, 'sign-in-attempts')) {
    const stale = new Date(Date.now() - SIGN_IN_RESET_MS - SIGN_IN_MAX_WAIT_MINUTES * 60_000);
    await db
      .delete(t)
      .where(
        and(
          lt(t.lastAttemptAt, stale),
          sql`coalesce(${t.lockedUntil}, ${t.lastAttemptAt}) < ${stale.toISOString()}::timestamptz`,
        ),
      )
      .catch(() => undefined);
  }
};
