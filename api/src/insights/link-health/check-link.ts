import { performance } from 'node:perf_hooks';
import { type FetchLimits, openFollowingRedirects, withDeadline } from '../../lib/http/safe-fetch';

/** A link check is quick: it reads statuses, never bodies. */
export const LINK_LIMITS: FetchLimits = {
  timeoutMs: 10_000,
  maxBytes: 64 * 1024,
  maxRedirects: 5,
  allowPrivate: false,
};

const HEADERS = {
  accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
  'user-agent': 'BloomAndBalance-LinkCheck/1.0 (+affiliate link health)',
};

export interface LinkResult {
  status: number | null;
  finalUrl: string | null;
  durationMs: number;
  error: string | null;
  broken: boolean;
}

const site = (u: URL) => u.hostname.toLowerCase().replace(/^www\./, '');

/**
 * A retailer that drops a product often redirects to its own (or a parent's) home page with a 200:
 * a deep link that lands on a different site's "/" counts as broken.
 */
export function isRedirectToOtherHome(from: string, to: string): boolean {
  try {
    const a = new URL(from);
    const b = new URL(to);
    const home = b.pathname === '/' && !b.search;
    return home && a.pathname !== '/' && site(a) !== site(b);
  } catch {
    return false;
  }
}

/**
 * Checks one affiliate URL with the RSS fetcher's safety rules (lib/http/safe-fetch.ts): HEAD first, GET
 * when the server refuses HEAD (405/501). Broken: 4xx/5xx, a timeout or any failure, or a redirect to
 * a different site's home page. The body is never read.
 */
export async function checkLink(url: string, limits: FetchLimits = LINK_LIMITS): Promise<LinkResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const { status, finalUrl } = await withDeadline(limits, async (signal) => {
      let opened = await openFollowingRedirects(url, { method: 'HEAD', headers: HEADERS }, limits, signal);
      const refused = opened.res.statusCode === 405 || opened.res.statusCode === 501;
      if (refused) {
        opened.res.destroy();
        opened = await openFollowingRedirects(url, { method: 'GET', headers: HEADERS }, limits, signal);
      }
      opened.res.destroy();
      return { status: opened.res.statusCode ?? 0, finalUrl: opened.finalUrl };
    });
    const otherHome = isRedirectToOtherHome(url, finalUrl);
    return {
      status,
      finalUrl,
      durationMs: elapsed(),
      error: otherHome ? 'Redirects to another site’s home page' : status >= 400 ? `HTTP ${status}` : null,
      broken: status >= 400 || otherHome,
    };
  } catch (err) {
    return {
      status: null,
      finalUrl: null,
      durationMs: elapsed(),
      error: (err as Error).message,
      broken: true,
    };
  }
}
