import { useEffect } from 'react';

/** Where the article page reports a read (api/src/routes/read-beacon.ts; docs/insights.md). */
export const READ_BEACON_PATH = '/api/insights/read';

function viewId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Runs `fn` once the page has loaded, is shown (not prerendering) and the main thread is idle. */
function whenIdleAfterLoad(fn: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  const run = () => {
    if (cancelled) return;
    const doc = document as Document & { prerendering?: boolean };
    if (doc.prerendering) {
      doc.addEventListener('prerenderingchange', run, { once: true });
      return;
    }
    idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(() => !cancelled && fn(), { timeout: 5000 })
        : window.setTimeout(() => !cancelled && fn(), 1000);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    if (idle !== undefined) {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    }
  };
}

/**
 * One read per page view of this article, sent with navigator.sendBeacon when the page is idle after
 * load: no request competes with the page becoming interactive. The view id is random and only lets
 * the server count a resent beacon once; no cookie is set.
 */
export function useReadBeacon(articleId: number | undefined) {
  useEffect(() => {
    if (!articleId || typeof navigator.sendBeacon !== 'function') return;
    return whenIdleAfterLoad(() => {
      const body = new Blob([JSON.stringify({ articleId, view: viewId() })], { type: 'application/json' });
      navigator.sendBeacon(READ_BEACON_PATH, body);
    });
  }, [articleId]);
}
