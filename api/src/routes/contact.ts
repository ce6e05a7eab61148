import { contactInput } from '@site/shared';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../context';
import { contactMessages } from '../db/schema';
import { ApiError } from '../lib/errors';
import { overRateLimit } from '../lib/rate-limit';
import { validate } from '../lib/validate';

/** Per client: at most this many messages in one window (a person rarely sends more; a bot always does). */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 } as const;
const KEY_PREFIX = 'contact:';

const overContactLimit = (c: Context<AppEnv>) =>
  overRateLimit(c, { prefix: KEY_PREFIX, ...CONTACT_RATE_LIMIT });

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
