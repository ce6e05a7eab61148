import { createHash } from 'node:crypto';
import { and, like, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { rateLimit } from '../../db/schema/index';
import { clientIp } from './client-ip';
import { sweepDue } from '../jobs/sweep';
import { isUniqueViolation } from './errors';

/**
 * better-auth's `rate_limit` table is unique on both `id` and `key` (we store the same text in both).
 * ON CONFLICT handles its target index only: two first requests of a window racing can meet on the
 * other one and get a unique violation (a contact form's concurrent retries answered 409 in CI). The
 * row exists by then, so the statement run again takes the conflict path.
 */
async function raced<T>(statement: () => Promise<T>): Promise<T> {
  try {
    return await statement();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return statement();
  }
}

export interface RateLimitRule {
  /** Names the limit in the shared table, e.g. 'contact:'. */
  prefix: string;
  max: number;
  windowMs: number;
}

/** The client's address, hashed with the server's secret: nothing personal is stored. */
export function clientHash(c: Context<AppEnv>, salt: string): string {
  const { env } = c.var.deps;
  return createHash('sha256')
    .update(`${env.BETTER_AUTH_SECRET ?? salt}|${clientIp(c, env.TRUST_PROXY)}`)
    .digest('hex')
    .slice(0, 32);
}

/**
 * Counts this client's request in PostgreSQL (better-auth's shared rate_limit table), so every
 * instance sees the same count. One atomic upsert per request; the key names a fixed window.
 * True when the client has gone over the limit.
 */
export async function overRateLimit(c: Context<AppEnv>, rule: RateLimitRule): Promise<boolean> {
  const { db } = c.var.deps;
  const now = Date.now();
  const window = Math.floor(now / rule.windowMs);
  const key = `${rule.prefix}${clientHash(c, rule.prefix)}:${window}`;
  const [row] = await raced(() =>
    db
      .insert(rateLimit)
      .values({ id: key, key, count: 1, lastRequest: now })
      .onConflictDoUpdate({
        target: rateLimit.key,
        set: { count: sql`${rateLimit.count} + 1`, lastRequest: now },
      })
      .returning({ count: rateLimit.count }),
  );
  // Windows before the last two are useless: dropped every few minutes, not on every request.
  if (sweepDue(db, rule.prefix, now)) {
    await db
      .delete(rateLimit)
      .where(and(like(rateLimit.key, `${rule.prefix}%`), lt(rateLimit.lastRequest, now - 2 * rule.windowMs)));
  }
  return (row?.count ?? 0) > rule.max;
}

/**
 * True the first time `key` is claimed within `ttlMs` (the shared table again, so every instance
 * agrees): a resent request with the same key is recognised and not counted twice.
 */
export async function claimOnce(db: AppEnv['Variables']['deps']['db'], key: string, ttlMs: number) {
  const now = Date.now();
  const rows = await raced(() =>
    db
      .insert(rateLimit)
      .values({ id: key, key, count: 1, lastRequest: now })
      .onConflictDoNothing({ target: rateLimit.key })
      .returning({ key: rateLimit.key }),
  );
  const prefix = key.slice(0, key.indexOf(':') + 1);
  if (sweepDue(db, prefix, now)) {
    await db
      .delete(rateLimit)
      .where(and(like(rateLimit.key, `${prefix}%`), lt(rateLimit.lastRequest, now - ttlMs)));
  }
  return rows.length > 0;
}
