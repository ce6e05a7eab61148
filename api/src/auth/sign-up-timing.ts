import { setTimeout as sleep } from 'node:timers/promises';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';

/**
 * Sign-up answers no sooner than SIGN_UP_MIN_MS after it arrived (issue 27 §3). better-auth already
 * hashes the password for a taken email too, but a new account also costs two inserts, which a busy
 * database turns into a measurable difference (medians 210 vs 290 ms on a loaded embedded database).
 * Under the floor both answers take the same time, so the timing tells nothing either.
 */
export const evenSignUpTime: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  await next();
  const left = c.var.deps.env.SIGN_UP_MIN_MS - (performance.now() - started);
  if (left > 0) await sleep(left);
};
