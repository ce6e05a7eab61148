import {
  type FetchLimits,
  openFollowingRedirects,
  readBody,
  SafeFetchError,
  withDeadline,
} from '../lib/http/safe-fetch';
import { decodeFeed } from './decode-feed';
import { FeedFetchError } from './feed-errors';

export type { FetchLimits };
export { FeedFetchError };

export const DEFAULT_LIMITS: FetchLimits = {
  timeoutMs: 15_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
  allowPrivate: false,
};

const FEED_HEADERS = {
  accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.5',
  'accept-encoding': 'gzip, deflate, br',
  'user-agent': 'BloomAndBalance-RSS/1.0',
};

/**
 * GET a feed without trusting its server (lib/http/safe-fetch.ts: http(s) only, no private addresses,
 * bounded redirects, one deadline, a cap on the decoded body); anything but 2xx fails. The text is
 * decoded by BOM, XML declaration, then HTTP charset (decode-feed.ts).
 */
export async function fetchFeed(url: string, limits: FetchLimits = DEFAULT_LIMITS): Promise<string> {
  try {
    return await withDeadline(limits, async (signal) => {
      const { res } = await openFollowingRedirects(
        url,
        { method: 'GET', headers: FEED_HEADERS, noun: 'feeds' },
        limits,
        signal,
      );
      const status = res.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new SafeFetchError('http-status', `HTTP ${status}`);
      }
      return decodeFeed(await readBody(res, limits, signal, 'Feed'), res.headers['content-type']);
    });
  } catch (err) {
    if (err instanceof SafeFetchError) throw new FeedFetchError(err.kind, err.message);
    throw err;
  }
}
