import type { AppDeps } from '../../context';
import type { Env } from '../../env';

/** Never stored by a shared cache, nor reused by the browser without asking: anything tied to a session. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * For answers that are the same for every anonymous reader: browsers revalidate every time
 * (max-age, 0 by default: spec §7 wants data never stale), a CDN keeps it CDN_S_MAXAGE seconds and may
 * serve it CDN_STALE_WHILE_REVALIDATE more while it refetches. Writes purge it sooner (CDN_PURGE_URL).
 */
export function publicCacheControl(
  env: Pick<Env, 'CDN_S_MAXAGE' | 'CDN_STALE_WHILE_REVALIDATE'>,
  maxAge = 0,
) {
  return `public, max-age=${maxAge}, s-maxage=${env.CDN_S_MAXAGE}, stale-while-revalidate=${env.CDN_STALE_WHILE_REVALIDATE}`;
}

const PURGE_TIMEOUT_MS = 2000;

/**
 * Tell the CDN which surrogate keys a write changed: POST { keys } to CDN_PURGE_URL. Fire and forget:
 * the write has already succeeded and its answer does not wait; a failure is logged, and the CDN's
 * copy then lives out its s-maxage.
 */
export function purgeCdn(deps: Pick<AppDeps, 'env' | 'logger'>, keys: readonly string[]) {
  const url = deps.env.CDN_PURGE_URL;
  if (!url || keys.length === 0) return;
  void fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keys }),
    signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
  })
    .then(async (res) => {
      await res.body?.cancel();
      if (!res.ok) deps.logger.warn({ status: res.status, keys }, '[cdn] purge refused');
    })
    .catch((err: Error) => deps.logger.warn({ err: err.message, keys }, '[cdn] purge failed'));
}
