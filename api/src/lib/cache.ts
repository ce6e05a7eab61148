import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import type { AppDeps, AppEnv } from '../context';
import { cachedResponse } from './cached-response';

export interface Cached {
  expires: number;
  status: number;
  headers: [string, string][];
  /** Shared by every hit: a Uint8Array body takes @hono/node-server's direct write path, no copy. */
  body: Uint8Array<ArrayBuffer>;
}

// One micro-cache per app instance (tests build many apps in one process).
const stores = new WeakMap<AppDeps, Map<string, Cached>>();
const MAX_ENTRIES = 2000;

function storeFor(deps: AppDeps) {
  let store = stores.get(deps);
  if (!store) {
    store = new Map();
    stores.set(deps, store);
  }
  return store;
}

/** A live cached entry of this instance, or undefined. */
export function getCached(deps: AppDeps, key: string): Cached | undefined {
  const hit = stores.get(deps)?.get(key);
  return hit && hit.expires > Date.now() ? hit : undefined;
}

/**
 * An entry at most `grace` ms past its TTL. Served only while its refresh is already running, so a
 * reader never waits on another's query and no extra refresh is started; a write clears it as usual.
 */
function getStale(deps: AppDeps, key: string, grace: number): Cached | undefined {
  const hit = stores.get(deps)?.get(key);
  return hit && hit.expires + grace > Date.now() ? hit : undefined;
}

export function putCached(deps: AppDeps, key: string, ttl: number, entry: Omit<Cached, 'expires'>) {
  const store = storeFor(deps);
  if (store.size >= MAX_ENTRIES) store.clear();
  store.set(key, { ...entry, expires: Date.now() + ttl });
}

export type CachedEntry = Omit<Cached, 'expires'>;
type Entry = CachedEntry;
const handled = new WeakSet<Request>();
const flights = new WeakMap<AppDeps, Map<string, Promise<Entry | null>>>();

/**
 * One computation per key at a time: when the cached copy expires under load, the first request
 * computes it and the others wait for that result instead of all hitting the database at once.
 */
export function singleFlight(
  deps: AppDeps,
  key: string,
  compute: () => Promise<Entry | null>,
): Promise<Entry | null> {
  let map = flights.get(deps);
  if (!map) {
    map = new Map();
    flights.set(deps, map);
  }
  const pending = map.get(key);
  if (pending) return pending;
  const mine = compute().finally(() => map.delete(key));
  map.set(key, mine);
  return mine;
}

/** Forget every cached public read of this instance (after any successful API write). */
export function clearPublicCache(deps: AppDeps) {
  stores.get(deps)?.clear();
}

/**
 * For public GETs whose answer is the same for everyone: an ETag over the body (If-None-Match → 304),
 * a Cache-Control header, and a per-instance micro-cache of PUBLIC_CACHE_MS (1 s in production, off
 * elsewhere) so a burst of readers costs one query. When an entry expires, one reader refreshes it;
 * readers arriving meanwhile get the previous copy (at most one TTL past expiry) instead of waiting.
 * Writes through this instance clear it at once; other instances catch up within the TTL.
 * Never use it on answers that depend on who asks.
 * max-age defaults to 0 so browsers revalidate every time (cheap 304s), as spec §7 wants data never stale.
 */
export function publicCache(maxAgeSeconds = 0): MiddlewareHandler<AppEnv> {
  const tag = etag();
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    // '/x' and '/x/*' both match '/x': act once per request (a nested pass would wait on its own flight).
    if (handled.has(c.req.raw)) return next();
    handled.add(c.req.raw);
    await tag(c, async () => {
      const { deps } = c.var;
      const ttl = deps.env.PUBLIC_CACHE_MS;
      const key = c.req.url;
      const refreshing = ttl > 0 ? flights.get(deps)?.get(key) : undefined;
      const served =
        ttl > 0
          ? (getCached(deps, key) ??
            (refreshing && (getStale(deps, key, ttl) ?? (await refreshing.catch(() => null)))))
          : undefined;
      if (served) {
        c.res = cachedResponse(served, c.req.header('accept-encoding'));
        return;
      }
      const run = async (): Promise<Entry | null> => {
        await next();
        if (c.res.status === 200 && !c.res.headers.has('cache-control')) {
          c.header('cache-control', `public, max-age=${maxAgeSeconds}, must-revalidate`);
        }
        if (ttl <= 0 || c.res.status !== 200) return null;
        const entry = await snapshot(c.res);
        putCached(deps, key, ttl, entry);
        return entry;
      };
      // Followers that arrive while this runs take its result (above); a failed run shares nothing.
      if (ttl <= 0) {
        await run();
        return;
      }
      let ran = false;
      const shared = await singleFlight(deps, key, () => {
        ran = true;
        return run();
      });
      if (ran) return;
      // Another request was already computing this: take its answer, or compute our own if it failed.
      if (shared) c.res = cachedResponse(shared, c.req.header('accept-encoding'));
      else await run();
    });
  };
}

/**
 * The answer as bytes, with its ETag computed once here: the etag middleware keeps an ETag it finds,
 * so cache hits are neither hashed again nor streamed through a cloned Response.
 */
async function snapshot(res: Response): Promise<Entry> {
  const body = new Uint8Array(await res.clone().arrayBuffer());
  if (!res.headers.has('etag')) res.headers.set('etag', `"${createHash('sha1').update(body).digest('hex')}"`);
  const headers: [string, string][] = [];
  res.headers.forEach((value, name) => {
    headers.push([name, value]);
  });
  return { status: res.status, headers, body };
}
