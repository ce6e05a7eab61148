import { LIMITS } from '@site/shared';
import pLimit from 'p-limit';
import type { AppDeps } from '../context';
import { ApiError } from '../lib/http/errors';
import {
  type FetchLimits,
  openFollowingRedirects,
  readBody,
  SafeFetchError,
  withDeadline,
} from '../lib/http/safe-fetch';
import { allowedImageSrc } from '../lib/text/html';
import { storePicture } from '../pictures/store';
import { DAMAGED_MESSAGE } from '../uploads/image-check';
import type { PictureProblem } from './feed-warnings';

/**
 * Pictures from feeds are ours (issue 39 §3): the picture chosen for a new item (pick-image.ts) is
 * fetched once by the server, checked like an upload and stored (pictures/store.ts), so readers'
 * browsers never contact a feed's server and a publisher's hotlink cannot break our pages.
 */

/** One picture's whole exchange, redirects and body included: a slow picture server must not hold the run. */
export const PICTURE_TIMEOUT_MS = 10_000;
/** Pictures fetched at once per feed: a feed of 100 items is not 100 round trips in a row. */
export const PICTURES_AT_ONCE = 2;

const PICTURE_HEADERS = {
  // What checkImage keeps; no AVIF, which some image CDNs would otherwise answer with.
  accept: 'image/webp,image/jpeg,image/png,image/gif;q=0.9,*/*;q=0.1',
  'user-agent': 'BloomAndBalance-RSS/1.0',
};

export type PictureResult = { url: string; problem: null } | { url: null; problem: PictureProblem };

/** The picture limits of a run: the feed fetcher's rules, an upload's size, a short deadline. */
export function pictureLimits(feedLimits: FetchLimits, overrides: Partial<FetchLimits> = {}): FetchLimits {
  return {
    // Never longer than a feed may take (tests run feeds with short deadlines).
    timeoutMs: Math.min(PICTURE_TIMEOUT_MS, feedLimits.timeoutMs),
    maxBytes: LIMITS.uploadMaxBytes,
    maxRedirects: feedLimits.maxRedirects,
    allowPrivate: feedLimits.allowPrivate,
    ...(feedLimits.allowAddresses ? { allowAddresses: feedLimits.allowAddresses } : {}),
    ...overrides,
  };
}

/** GET a picture through the safe outbound fetch (lib/http/safe-fetch.ts); anything but 2xx fails. */
export async function fetchPictureBytes(url: string, limits: FetchLimits): Promise<Buffer> {
  return withDeadline(limits, async (signal) => {
    const { res } = await openFollowingRedirects(
      url,
      { method: 'GET', headers: PICTURE_HEADERS, noun: 'pictures' },
      limits,
      signal,
    );
    const status = res.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      res.destroy();
      throw new SafeFetchError('http-status', `HTTP ${status}`);
    }
    return readBody(res, limits, signal, 'Picture');
  });
}

/** Why a fetch or the upload checks refused a picture, as a kind (never the upstream's own text). */
export function pictureProblem(err: unknown, limits: FetchLimits): PictureProblem {
  if (err instanceof SafeFetchError) {
    switch (err.kind) {
      case 'http-status':
        return { kind: 'http-status', status: Number(/HTTP (\d{3})/.exec(err.message)?.[1] ?? 0) };
      case 'timeout':
        return { kind: 'timeout', ms: limits.timeoutMs };
      case 'invalid-url':
      case 'scheme':
        return { kind: 'address' };
      default:
        return { kind: err.kind };
    }
  }
  if (err instanceof ApiError) {
    if (err.status === 413) return { kind: 'too-large' };
    if (err.status === 415) return { kind: err.message === DAMAGED_MESSAGE ? 'damaged' : 'not-a-picture' };
    if (err.status === 400) return { kind: /empty/i.test(err.message) ? 'empty' : 'dimensions' };
  }
  return { kind: 'not-stored' };
}

/**
 * One run's pictures. Each address is fetched and stored at most once per run (a feed that gives
 * every item its logo, an item two sources share), and an item's picture is claimed by its key, so
 * the same new item in two feeds of one run costs one fetch.
 */
export class RunPictures {
  private readonly byUrl = new Map<string, Promise<PictureResult>>();
  private readonly claimed = new Set<string>();

  constructor(
    private readonly deps: AppDeps,
    readonly limits: FetchLimits,
  ) {}

  /** One feed's new items: `PICTURES_AT_ONCE` fetched at a time; `stop()` drops what has not started. */
  forFeed() {
    const limit = pLimit(PICTURES_AT_ONCE);
    let stopped = false;
    return {
      /**
       * The picture for a new item, or null when there is nothing to fetch: no picture, an address
       * that may not be shown (issue 27: one of this site's own routes), or an item another feed of
       * this run has claimed.
       */
      picture: (key: string, url: string | null): Promise<PictureResult> | null => {
        const privateAllowed = this.deps.env.RSS_ALLOW_PRIVATE;
        if (
          !url ||
          !allowedImageSrc(url, this.deps.env.SITE_URL, { privateAllowed }) ||
          this.claimed.has(key)
        )
          return null;
        this.claimed.add(key);
        let pending = this.byUrl.get(url);
        if (!pending) {
          pending = limit(() =>
            stopped ? { url: null, problem: { kind: 'not-stored' } } : this.fetchAndStore(url),
          );
          this.byUrl.set(url, pending);
        }
        return pending;
      },
      stop: () => {
        stopped = true;
      },
    };
  }

  private async fetchAndStore(url: string): Promise<PictureResult> {
    try {
      const bytes = await fetchPictureBytes(url, this.limits);
      const stored = await storePicture(this.deps, bytes, { sourceUrl: url });
      return { url: stored.url, problem: null };
    } catch (err) {
      return { url: null, problem: pictureProblem(err, this.limits) };
    }
  }
}
