import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../context';
import type { DatabaseHandle } from '../../db/client';
import { clearCachedKeys, clearPublicCache } from './cache';
import { purgeCdn } from './cdn';
import { markPagesStale, refreshStoredPages } from '../../web/stored-pages';
import { ALL } from './surrogate-keys';

/** The PostgreSQL NOTIFY channel every instance of one database listens on. */
export const CACHE_CHANNEL = 'public_cache';
/** NOTIFY payloads stop at 8000 bytes; past this many keys, clear everything instead. */
const MAX_KEYS = 100;

/**
 * After a write: mark the stored pages showing `keys` stale (web/stored-pages.ts), then drop the cached
 * reads showing them here at once, on every other instance through NOTIFY (they hear it within
 * milliseconds) and at the CDN (CDN_PURGE_URL); then render the stored pages again in the background.
 * The store goes first, so no instance re-reads an old stored page after clearing its own copy.
 * Never throws; resolves once every cache has been told (the answer to the write waits for that).
 */
export async function invalidate(deps: AppDeps, keys: readonly string[]) {
  if (keys.length === 0) return;
  const sent = keys.length > MAX_KEYS ? [ALL] : [...new Set(keys)];
  await markPagesStale(deps, sent).catch((err: unknown) =>
    deps.logger.error({ err }, '[pages] could not mark stored pages stale'),
  );
  clearCachedKeys(deps, sent);
  deps.cacheBus?.publish(sent);
  purgeCdn(deps, sent);
  void refreshStoredPages(deps, sent);
}

/**
 * Join this instance to the others on the same database: publish our writes' keys, and clear what
 * theirs changed. Our own notifications come back to us too; the sender id skips them. If the LISTEN
 * connection was lost, notifications may have been missed meanwhile, so the whole cache goes.
 */
export async function startCacheSync(
  deps: AppDeps,
  db: Pick<DatabaseHandle, 'listen' | 'notify'>,
): Promise<() => Promise<void>> {
  const me = randomUUID();
  const stop = await db.listen(
    CACHE_CHANNEL,
    (payload) => {
      try {
        const msg = JSON.parse(payload) as { from?: string; keys?: unknown };
        if (msg.from === me) return;
        const keys = Array.isArray(msg.keys)
          ? msg.keys.filter((k): k is string => typeof k === 'string')
          : [ALL];
        clearCachedKeys(deps, keys.length ? keys : [ALL]);
      } catch {
        clearPublicCache(deps);
      }
    },
    () => clearPublicCache(deps),
  );
  deps.cacheBus = {
    publish(keys) {
      db.notify(CACHE_CHANNEL, JSON.stringify({ from: me, keys })).catch((err: Error) =>
        // The others then serve the old copy until their TTL (PUBLIC_CACHE_MS) runs out.
        deps.logger.warn({ err: err.message }, '[cache] could not notify the other instances'),
      );
    },
  };
  return async () => {
    deps.cacheBus = undefined;
    await stop();
  };
}
