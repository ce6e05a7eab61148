import { createHash } from 'node:crypto';
import { contactInput } from '@site/shared';
import { and, like, lt, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../context';
import { contactMessages, rateLimit } from '../db/schema';
import { ApiError } from '../lib/errors';
import { clientIp } from '../lib/client-ip';
import { validate } from '../lib/validate';

/** Per client: at most this many messages in one window (a person rarely sends more; a bot always does). */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 } as const;
const KEY_PREFIX = 'contact:';

/**
 * Counts this client's request in PostgreSQL (better-auth's shared rate_limit table), so every
 * instance sees the same count. One atomic upsert per request; the key names a fixed window.
 * The address is hashed: no personal data is kept.
 */
async function overContactLimit(c: Context<AppEnv>) {
  const { db, env } = c.var.deps;
  const now = Date.now();
  const window = Math.floor(now / CONTACT_RATE_LIMIT.windowMs);
  const ipHash = createHash('sha256')
    .update(`${env.BETTER_AUTH_SECRET ?? 'contact'}|${clientIp(c, env.TRUST_PROXY)}`)
    .digest('hex')
    .slice(0, 32);
  const key = `${KEY_PREFIX}${ipHash}:${window}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: key, key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: { count: sql`${rateLimit.count} + 1`, lastRequest: now },
    })
    .returning({ count: rateLimit.count });
  // Old windows are useless; drop them now and then rather than on every request.
  if (Math.random() < 0.05) {
    await db
      .delete(rateLimit)
      .where(
        and(
          like(rateLimit.key, `${KEY_PREFIX}%`),
          lt(rateLimit.lastRequest, now - 2 * CONTACT_RATE_LIMIT.windowMs),
        ),
      );
  }
  return (row?.count ?? 0) > CONTACT_RATE_LIMIT.max;
}

export const contactRoutes = new Hono<AppEnv>().post(
  '/contact',
  validate('json', contactInput),
  async (c) => {
    if (await overContactLimit(c)) {
      throw new ApiError(429, 'Too many messages from this connection. Please try again later.');
    }
    const { website: _honeypot, ...fields } = c.req.valid('json');
    // Answer only after the row is committed: an acknowledged message is never lost.
    const [row] = await c.var.deps.db
      .insert(contactMessages)
      .values({ ...fields, status: 'unread' })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error('contact insert returned no row');
    return c.json({ id: row.id, message: 'Message received' }, 201);
  },
);
