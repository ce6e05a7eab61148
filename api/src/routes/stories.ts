import { storyInput } from '@site/shared';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context';
import { storySubmissions } from '../db/schema';
import { clientIp } from '../lib/http/client-ip';
import { ApiError } from '../lib/http/errors';
import { idempotencyKey, onceFor } from '../lib/http/idempotency';
import { validate } from '../lib/http/validate';
import { clearsNothing } from '../lib/cache/write-clears';

const WINDOW_MS = 60 * 60 * 1000;
const MAX_PER_WINDOW = 5;

// Per app instance (tests build many apps), so keyed by its deps rather than a module-level map.
const hits = new WeakMap<AppDeps, Map<string, number[]>>();

/** At most 5 stories an hour from one address: enough for a person, useless for a spammer. */
function allow(deps: AppDeps, ip: string, now = Date.now()): boolean {
  let byIp = hits.get(deps);
  if (!byIp) {
    byIp = new Map();
    hits.set(deps, byIp);
  }
  const recent = (byIp.get(ip) ?? []).filter((t) => now - t < WINDOW_MS);
  if (recent.length >= MAX_PER_WINDOW) {
    byIp.set(ip, recent);
    return false;
  }
  recent.push(now);
  byIp.set(ip, recent);
  if (byIp.size > 10_000) byIp.clear(); // bounded memory
  return true;
}

export const storyRoutes = new Hono<AppEnv>().post(
  '/stories',
  clearsNothing('a submitted story is shown to admins only'),
  validate('json', storyInput),
  async (c) => {
    const { deps } = c.var;
    const { name, email, title, story } = c.req.valid('json');
    // A retried submission (same Idempotency-Key) gets the first answer and stores nothing.
    return onceFor(c, 'stories', idempotencyKey(c), {
      request: c.req.valid('json'),
      check: async () => {
        if (!allow(deps, clientIp(c, deps.env.TRUST_PROXY))) {
          throw new ApiError(429, 'Too many stories from your connection. Please try again in an hour.');
        }
      },
      write: async (tx) => {
        await tx.insert(storySubmissions).values({ name, email, title, story });
        return { status: 201, body: { message: 'Thank you! Your story has been sent to our editors.' } };
      },
    });
  },
);
