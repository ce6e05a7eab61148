import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import { hasSessionCredentials } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { cachedResponse } from './cached-response';
import { publicCacheControl } from './cdn';
import { ALL, keyHeaders, keysForRead, parseKeys } from './surrogate-keys';
import type { CachedEntry } from './types';

export type { CachedEntry } from './types';

/**
 * An entry as the store keeps it: the entry object itself, never a copy, since its compressed forms
 * (cached-response.ts) are kept per entry object: a copy would compress again on its first hit.
 */
interface Kept {
  entry: CachedEntry;
  expires: number;
}

/**
 * What an entry holds in memory: its body, the br and gzip forms made on demand (cached-response.ts,
 * together about half the body for text) and its headers.
 */
const weight = ({ entry }: Kept) => Math.round(entry.body.byteLength * 1.5) + 512;

/**
 * One instance's entries, bounded by bytes: a crowd reading 100,000 articles would otherwise fill it
 * with rendered pages until the process outgrew a small instance. Past the budget the oldest go first.
 */
class Store extends Map<string, Kept> {
  bytes = 0;
  constructor(private readonly maxBytes: number) {
    super();
  }
  override set(key: string, kept: Kept) {
    this.delete(key);
    super.set(key, kept);
    this.bytes += weight(kept);
    for (const [oldest, old] of this) {
      if (this.bytes <= this.maxBytes || oldest === key) break;
      super.delete(oldest);
      this.bytes -= weight(old);
    }
    return this;
  }
  override delete(key: string) {
    const had = this.get(key);
    if (had) this.bytes -= weight(had);
    return super.delete(key);
  }
  override clear() {
    this.bytes = 0;
    super.clear();
  }
}

// One micro-cache per app instance (tests build many apps in one process).
const stores = new WeakMap<AppDeps, Store>();

function storeFor(deps: AppDeps) {
  let store = stores.get(deps);
  if (!store) {
    store = new Store(deps.env.PUBLIC_CACHE_MAX_MB * 1024 * 1024);
    stores.set(deps, store);
  }
  return store;
}

/** Bytes held by this instance's public cache (tests and the bench). */
export function cachedBytes(deps: AppDeps) {
  return stores.get(deps)?.bytes ?? 0;
}

/** The cache key of an anonymous server render of `url` (web/ssr.ts, lib/cache/fast-path.ts). */
export function pageCacheKey(url: URL) {
  return `ssr:${url.pathname}${url.search}`;
}

/** A live cached entry of this instance, or undefined. */
export function getCached(deps: AppDeps, key: string): CachedEntry | undefined {
  const hit = stores.get(deps)?.get(key);
  return hit && hit.expires > Date.now() ? hit.entry : undefined;
}

/**
 * An entry at most `grace` ms past its TTL. Served only while its refresh is already running, so a
 * reader never waits on another's query and no extra refresh is started; a write clears it as usual.
 */
function getStale(deps: AppDeps, key: string, grace: number): CachedEntry | undefined {
  const hit = stores.get(deps)?.get(key);
  return hit && hit.expires + grace > Date.now() ? hit.entry : undefined;
}

export function putCached(deps: AppDeps, key: string, ttl: number, entry: CachedEntry) {
  storeFor(deps).set(key, { entry, expires: Date.now() + ttl });
}

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

/**
 * While one request refreshes an expired entry, the previous copy for everyone else (at most `grace`
 * ms past its TTL), so no reader waits on another's query or render; undefined when nothing refreshes.
 */
export function staleWhileRefreshing(deps: AppDeps, key: string, grace: number): CachedEntry | undefined {
  return flights.get(deps)?.has(key) ? getStale(deps, key, grace) : undefined;
}

const generations = new WeakMap<AppDeps, number>();

/**
 * How many times this instance's public cache was cleared: a value read from the database and kept
 * beside the cache (routes/content/go-live.ts) holds only while this is unchanged, so every write,
 * here or on another instance (lib/cache/sync.ts), ends it as it ends the cached reads.
 */
export function cacheGeneration(deps: AppDeps) {
  return generations.get(deps) ?? 0;
}

function nextGeneration(deps: AppDeps) {
  generations.set(deps, cacheGeneration(deps) + 1);
}

/** Forget every cached public read of this instance. */
export function clearPublicCache(deps: AppDeps) {
  nextGeneration(deps);
  stores.get(deps)?.clear();
}

/**
 * Forget this instance's cached reads that show any of `keys` (and those that name nothing, to be
 * safe). A linear pass: writes are rare and the store is bounded (PUBLIC_CACHE_MAX_MB).
 */
export function clearCachedKeys(deps: AppDeps, keys: readonly string[]) {
  if (keys.length === 0) return;
  nextGeneration(deps);
  const store = stores.get(deps);
  if (!store) return;
  if (keys.includes(ALL)) return store.clear();
  const changed = new Set(keys);
  for (const [key, { entry }] of store) {
    if (!entry.keys?.length || entry.keys.some((k) => changed.has(k))) store.delete(key);
  }
}

/** Counted only when /metrics is on: the hit path stays as short as it can. */
export function countLookup(deps: AppDeps, result: 'hit' | 'stale' | 'miss') {
  if (deps.metrics.enabled) deps.metrics.cache.inc({ result });
}

export interface PublicCacheOptions {
  /** Seconds browsers may reuse it without asking (default 0: spec §7 wants data never stale). */
  maxAge?: number;
  /**
   * The route shows signed-in readers more than anonymous ones (issue 26: a recipe's ingredients).
   * Only the anonymous answer is public and cached, marked `Vary: Cookie, Authorization`; a request
   * carrying a session skips this cache entirely and its answer stays `private, no-store`.
   */
  bySession?: boolean;
  /**
   * How long each instance keeps this read's answer (default and floor PUBLIC_CACHE_MS, 1 s in
   * production). Longer suits only reads that writes alone change: every write clears them by key on
   * every instance at once. Whatever time changes (a scheduled article going live) the handler
   * declares with keepUntil().
   */
  keepMs?: (env: AppDeps['env']) => number;
}

/**
 * The moment this answer stops being true without any write (epoch ms), for a read kept longer than
 * PUBLIC_CACHE_MS: its cached copy ends then (yet never sooner than PUBLIC_CACHE_MS, the lag of every
 * other public read).
 */
export function keepUntil(c: Context<AppEnv>, at: number | null) {
  if (at !== null) c.set('keepUntil', at);
}

/** Marks the anonymous answer of a bySession read: a shared cache keys it by the session headers. */
const SESSION_VARY = 'Cookie, Authorization';

/**
 * For public GETs whose answer is the same for everyone: an ETag over the body (If-None-Match → 304),
 * a Cache-Control header, and a per-instance micro-cache of PUBLIC_CACHE_MS (1 s in production, off
 * elsewhere) so a burst of readers costs one query. When an entry expires, one reader refreshes it;
 * readers arriving meanwhile get the previous copy (at most one TTL past expiry) instead of waiting.
 * A write on any instance clears the entries showing what it changed, on every instance (lib/cache/sync.ts).
 * Never use it on answers that depend on who asks.
 * max-age defaults to 0 so browsers revalidate every time (cheap 304s), as spec §7 wants data never stale;
 * a CDN may keep it CDN_S_MAXAGE s (lib/cache/cdn.ts), and Surrogate-Key / Cache-Tag name what it shows.
 */
export function publicCache(opts: PublicCacheOptions = {}): MiddlewareHandler<AppEnv> {
  const tag = etag();
  const maxAgeSeconds = opts.maxAge ?? 0;
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    // '/x' and '/x/*' both match '/x': act once per request (a nested pass would wait on its own flight).
    if (handled.has(c.req.raw)) return next();
    handled.add(c.req.raw);
    // A signed-in reader's fuller answer is computed for them alone and never kept (mountApi makes it
    // private, no-store).
    if (opts.bySession && hasSessionCredentials(c.req.raw.headers)) return next();
    // A server render's read is never revalidated: hashing its answer (and cloning it to hash) is wasted.
    const answer = async () => {
      const { deps } = c.var;
      const ttl = deps.env.PUBLIC_CACHE_MS;
      const key = c.req.url;
      const refreshing = ttl > 0 ? flights.get(deps)?.get(key) : undefined;
      const fresh = ttl > 0 ? getCached(deps, key) : undefined;
      const served =
        fresh ??
        (refreshing && (staleWhileRefreshing(deps, key, ttl) ?? (await refreshing.catch(() => null))));
      if (ttl > 0) countLookup(deps, fresh ? 'hit' : served ? 'stale' : 'miss');
      if (served) return answerWith(c, served);
      const run = async (): Promise<Entry | null> => {
        await next();
        if (c.res.status !== 200) return null;
        // What it shows, for this cache and a CDN: the route's keys plus any the handler added.
        const keys = [
          ...new Set([...keysForRead(c.req.path), ...parseKeys(c.res.headers.get('surrogate-key'))]),
        ];
        if (!c.res.headers.has('cache-control')) {
          c.header('cache-control', publicCacheControl(deps.env, maxAgeSeconds));
          for (const [name, value] of keyHeaders(keys)) c.header(name, value);
          if (opts.bySession) c.header('vary', SESSION_VARY);
        }
        if (ttl <= 0) return null;
        const entry = {
          ...(await snapshot(c.res)),
          keys,
          ...(opts.bySession ? { anonymousOnly: true } : {}),
        };
        const kept = Math.max(ttl, opts.keepMs?.(deps.env) ?? 0);
        const until = c.get('keepUntil');
        putCached(
          deps,
          key,
          until === undefined ? kept : Math.max(ttl, Math.min(kept, until - Date.now())),
          entry,
        );
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
      // This request's own answer, or another request's that was already computing it; if that
      // failed, our own.
      if (shared) answerWith(c, shared);
      else if (!ran) await run();
    };
    if (c.get('serverRender')) await answer();
    else await tag(c, answer);
  };
}

/**
 * Answers with a kept entry, in the form its hits will reuse (so hono/compress leaves it alone). The
 * handler's own answer is dropped first: c.res's setter would copy its headers over the new ones
 * (its strong ETag over the compressed form's weak one, its Vary without Accept-Encoding).
 */
function answerWith(c: Context<AppEnv>, entry: Entry) {
  const res = cachedResponse(entry, c.req.header('accept-encoding'));
  c.res = undefined;
  c.res = res;
}

/**
 * The answer as bytes, with its ETag computed once here: the etag middleware keeps an ETag it finds,
 * so cache hits are neither hashed again nor streamed through a cloned Response. Reads the body itself
 * (no clone, whose stream tee cost more than the hash): the request is answered from the entry after.
 */
async function snapshot(res: Response): Promise<Entry> {
  const body = new Uint8Array(await res.arrayBuffer());
  if (!res.headers.has('etag')) res.headers.set('etag', `"${createHash('sha1').update(body).digest('hex')}"`);
  const headers: [string, string][] = [];
  res.headers.forEach((value, name) => {
    headers.push([name, value]);
  });
  return { status: res.status, headers, body };
}
