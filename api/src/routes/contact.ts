import { contactInput } from '@site/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { contactMessages } from '../db/schema';
import { ApiError } from '../lib/http/errors';
import { idempotencyKey, onceFor } from '../lib/http/idempotency';
import { overRateLimit } from '../lib/http/rate-limit';
import { validate } from '../lib/http/validate';
import { clearsNothing } from '../lib/cache/write-clears';

/** Per client: at most this many messages in one window (a person rarely sends more; a bot always does). */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 } as const;
export const contactRoutes = new Hono<AppEnv>().post(
  '/contact',
  clearsNothing('a message is shown to admins only'),
  validate('json', contactInput),
  async (c) => {
    const { website: _honeypot, ...fields } = c.req.valid('json');
    // A retried submission (same Idempotency-Key) gets the first answer and stores nothing.
    return onceFor(c, 'contact', idempotencyKey(c), {
      request: c.req.valid('json'),
      check: async () => {
        if (await overRateLimit(c, { prefix: 'contact:', ...CONTACT_RATE_LIMIT })) {
          throw new ApiError(429, 'Too many messages from this connection. Please try again later.');
        }
      },
      // Answer only after the row is committed: an acknowledged message is never lost.
      write: async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({ ...fields, status: 'unread' })
          .returning({ id: contactMessages.id });
        if (!row) throw new Error('contact insert returned no row');
        return { status: 201, body: { id: row.id, message: 'Message received' } };
      },
    });
  },
);
