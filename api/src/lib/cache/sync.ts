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
  const marked = await markPagesStale(deps, sent).then(
    () => true,
    (err: unknown) => {
      deps.logger.error({ err }, '[pages] could not mark stored pages stale; retrying until it can');
      return false;
    },
  );
  tellEveryCache(deps, sent);
  if (!marked) void markStaleLater(deps, sent);
}

function tellEveryCache(deps: AppDeps, keys: string[]) {
  clearCachedKeys(deps, keys);
  deps.cacheBus?.publish(keys);
  purgeCdn(deps, keys);
  void refreshStoredPages(deps, keys);
}

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 30_000;

/**
 * The write has committed, so its stored pages must not outlive a failed mark (the database dropped
 * the connection, say): they would be served as fresh until the next edit or build. Retried with
 * backoff until it takes (or the instance stops; the next start's job renders stale pages only, so a
 * mark lost to a shutdown is the one window left), then every cache is told again, since instances
 * may have re-read the old stored page meanwhile.
 */
async function markStaleLater(deps: AppDeps, keys: string[]) {
  for (let wait = RETRY_FIRST_MS; !deps.lifecycle.shuttingDown; wait = Math.min(wait * 2, RETRY_MAX_MS)) {
    await new Promise((resolve) => setTimeout(resolve, wait).unref());
    if (deps.lifecycle.shuttingDown) return;
    try {
      await markPagesStale(deps, keys);
    } catch {
      continue;
    }
    deps.logger.info({ keys: keys.length }, '[pages] stored pages marked stale after a retry');
    tellEveryCache(deps, keys);
    return;
  }
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
