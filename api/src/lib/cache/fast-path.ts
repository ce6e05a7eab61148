import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { hasSessionCredentials } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { type CachedEntry, countLookup, getCached, pageCacheKey } from './cache';
import { labelRoute } from '../../observe/request';
import { cachedResponse } from './cached-response';

/** Headers that belong to one answer or one encoding, never replayed from another request. */
const OWN = new Set([
  'content-encoding',
  'content-length',
  'vary',
  'etag',
  'x-request-id',
  'set-cookie',
  'date',
]);
const outerHeaders = new WeakMap<CachedEntry, [string, string][]>();
const routes = new WeakMap<CachedEntry, string>();

/**
 * A fresh cached public read (lib/cache/cache.ts publicCache) or anonymous page render (web/ssr.ts) is
 * answered here, before the rest of the
 * middleware: no routing, no per-request header work, no body-limit or IP bookkeeping. What those
 * middlewares add to such an answer (security headers) is recorded from the first full pass and
 * replayed, so a hit carries the same headers as the miss that filled it. Revalidations
 * (If-None-Match) and expired entries take the full path, which answers 304s and refreshes.
 */
export function publicCacheFastPath(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (deps.env.PUBLIC_CACHE_MS <= 0 || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    // API reads are keyed by URL; pages by path, and only for readers without a session.
    const api = c.req.path.startsWith('/api/');
    if (!api && hasSessionCredentials(c.req.raw.headers)) return next();
    const key = api ? c.req.url : pageCacheKey(new URL(c.req.url));
    const entry = getCached(deps, key);
    // The anonymous answer of a read that shows signed-in readers more is for anonymous readers only.
    if (entry?.anonymousOnly && hasSessionCredentials(c.req.raw.headers)) return next();
    const outer = entry && outerHeaders.get(entry);
    if (entry && outer && !c.req.header('if-none-match')) {
      countLookup(deps, 'hit');
      labelRoute(c, routes.get(entry) ?? '*');
      return cachedResponse(entry, c.req.header('accept-encoding'), outer);
    }
    await next();
    const filled = getCached(deps, key);
    if (
      !filled ||
      (filled.anonymousOnly && hasSessionCredentials(c.req.raw.headers)) ||
      outerHeaders.has(filled) ||
      c.res.status !== 200
    )
      return;
    const inner = new Set(filled.headers.map(([name]) => name));
    const added: [string, string][] = [];
    c.res.headers.forEach((value, name) => {
      if (!inner.has(name) && !OWN.has(name)) added.push([name, value]);
    });
    outerHeaders.set(filled, added);
    routes.set(filled, routePath(c));
  };
}
