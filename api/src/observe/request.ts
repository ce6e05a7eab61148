import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppDeps, AppEnv } from '../context';
import { loggablePath } from './redact';
import { EVERY_LINE } from './repeats';

const routeLabels = new WeakMap<Request, string>();
const requestIds = new WeakMap<Request, string>();

/** The id of the request being answered (X-Request-Id), for the lines logged while answering it. */
export const requestIdOf = (c: Context): string | undefined => requestIds.get(c.req.raw);

/** For answers given before routing (lib/cache/fast-path.ts): the route pattern that made them. */
export function labelRoute(c: Context, route: string) {
  routeLabels.set(c.req.raw, route);
}

/**
 * A caller's id is kept only in the short form load balancers send (a UUID, nginx's 32 hex, Heroku's
 * and Render's ids): 8-64 ASCII letters, digits and `._:-`, starting with a letter or digit. Anything
 * else (quotes, spaces, a kilobyte of text, `--` lookalikes of flags) gets an id made here.
 */
const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,63}$/;

/**
 * One JSON line per request (id, method, route pattern, status, duration) and the request metrics.
 * The id comes from X-Request-Id (a load balancer's) or is made here, and is echoed back so a
 * reader's report can be matched to the line. Nothing from the headers or body is logged.
 */
export function observeRequests(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const { metrics } = deps;
  const logLines = deps.env.LOG_REQUESTS ?? deps.env.NODE_ENV !== 'test';
  // The line's fields are fixed and already safe (a checked id, a pattern, a loggable path), so it
  // skips the redaction pass: 3-4 µs a line, and 8-10% of the bytes a request allocated (issue 29).
  const logger = deps.logger.child({}, { redact: [] });
  // One line per request, each with its id: never folded as repeats (observe/repeats.ts).
  (logger as unknown as Record<symbol, boolean>)[EVERY_LINE] = true;
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header('x-request-id');
    const id = given && REQUEST_ID.test(given) ? given : randomUUID();
    requestIds.set(c.req.raw, id);
    await next();
    c.res.headers.set('x-request-id', id);
    if (!logLines && !metrics.enabled) return;
    const ms = performance.now() - started;
    // The pattern (/api/content/:identifier), not the path: bounded label values, no ids in metrics.
    const route = routeLabels.get(c.req.raw) ?? routePath(c);
    const status = c.res.status;
    if (logLines) {
      const line = {
        reqId: id,
        method: c.req.method,
        route,
        path: loggablePath(c.req.path),
        status,
        ms: Math.round(ms * 10) / 10,
      };
      // A 503 is the site saying "not now" (shutting down, database or file store out of reach),
      // whose cause is logged once on its own: a warning, not an error per request.
      if (status === 503) logger.warn(line, 'request refused for now');
      else if (status >= 500) logger.error(line, 'request failed');
      else logger.info(line, 'request');
    }
    if (metrics.enabled) {
      metrics.requests.inc({ method: c.req.method, route, status: String(status) });
      metrics.duration.observe({ method: c.req.method, route }, ms / 1000);
    }
  };
}
