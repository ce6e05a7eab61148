import { LIMITS } from '@site/shared';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/context';
import { ApiError } from '../src/lib/http/errors';
import { type FetchLimits, SafeFetchError } from '../src/lib/http/safe-fetch';
import { PICTURE_TIMEOUT_MS, pictureLimits, pictureProblem, RunPictures } from '../src/rss/feed-pictures';
import { DAMAGED_MESSAGE } from '../src/uploads/image-check';

const feedLimits: FetchLimits = {
  timeoutMs: 20_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 4,
  allowPrivate: false,
};

/**
 * What a feed's picture problem is called in the run's warnings (feed-warnings.ts): the kind, from
 * the fetch's or the upload check's error, never the upstream's own words.
 */
describe('pictureProblem: each refusal as its kind (issue 39 §3)', () => {
  const limits = { ...feedLimits, timeoutMs: 1_234 };
  it.each([
    [new SafeFetchError('http-status', 'HTTP 404'), { kind: 'http-status', status: 404 }],
    [new SafeFetchError('http-status', 'HTTP 503 Service Unavailable'), { kind: 'http-status', status: 503 }],
    [new SafeFetchError('http-status', 'no status'), { kind: 'http-status', status: 0 }],
    [new SafeFetchError('timeout', 'slow'), { kind: 'timeout', ms: 1_234 }],
    [new SafeFetchError('invalid-url', 'bad'), { kind: 'address' }],
    [new SafeFetchError('scheme', 'ftp'), { kind: 'address' }],
    [new SafeFetchError('private-address', 'x'), { kind: 'private-address' }],
    [new SafeFetchError('unreachable', 'x'), { kind: 'unreachable' }],
    [new SafeFetchError('redirects', 'x'), { kind: 'redirects' }],
    [new SafeFetchError('too-large', 'x'), { kind: 'too-large' }],
    [new SafeFetchError('incomplete', 'x'), { kind: 'incomplete' }],
    [new ApiError(413, 'The file is too big'), { kind: 'too-large' }],
    [new ApiError(415, DAMAGED_MESSAGE), { kind: 'damaged' }],
    [new ApiError(415, 'Only JPEG, PNG, GIF and WebP pictures can be uploaded.'), { kind: 'not-a-picture' }],
    [new ApiError(400, 'The file is empty.'), { kind: 'empty' }],
    [new ApiError(400, 'The picture is too large in pixels.'), { kind: 'dimensions' }],
    [new ApiError(500, 'Something else'), { kind: 'not-stored' }],
    [new Error('disk full'), { kind: 'not-stored' }],
    ['a string thrown', { kind: 'not-stored' }],
  ])('%s', (err, problem) => {
    expect(pictureProblem(err, limits)).toEqual(problem);
  });
});

describe('pictureLimits: the feed fetcher’s rules, an upload’s size, a short deadline', () => {
  it('takes the redirects and private rule of the feed, the upload size, and the shorter deadline', () => {
    expect(pictureLimits(feedLimits)).toEqual({
      timeoutMs: PICTURE_TIMEOUT_MS,
      maxBytes: LIMITS.uploadMaxBytes,
      maxRedirects: 4,
      allowPrivate: false,
    });
    expect(pictureLimits({ ...feedLimits, timeoutMs: 500 }).timeoutMs).toBe(500);
    expect(PICTURE_TIMEOUT_MS).toBe(10_000);
  });

  it('keeps the feed’s allowed addresses when it has them, and overrides win', () => {
    const allowAddresses = ['127.0.0.1'];
    const limits = pictureLimits({ ...feedLimits, allowPrivate: true, allowAddresses } as FetchLimits, {
      maxBytes: 10,
    });
    expect(limits).toMatchObject({ allowPrivate: true, allowAddresses, maxBytes: 10 });
    expect('allowAddresses' in pictureLimits(feedLimits)).toBe(false);
  });
});

describe('RunPictures: one fetch per address and per item in a run', () => {
  const deps = { env: { SITE_URL: 'https://bloom.example', RSS_ALLOW_PRIVATE: false } } as unknown as AppDeps;

  it('nothing to fetch: no address, one of this site’s own routes, a script address', () => {
    const feed = new RunPictures(deps, feedLimits).forFeed();
    expect(feed.picture('a', null)).toBeNull();
    expect(feed.picture('b', '')).toBeNull();
    expect(feed.picture('c', 'https://bloom.example/api/logout')).toBeNull();
    expect(feed.picture('d', 'javascript:alert(1)')).toBeNull();
  });

  it('an item is claimed once (the same item in two feeds), an address fetched once; a stopped feed fetches nothing', async () => {
    const pictures = new RunPictures(deps, feedLimits);
    const first = pictures.forFeed();
    // Stopped before the queue reached them: answered "not stored" without a request (no server here).
    first.stop();
    const url = 'https://pictures.example/a.jpg';
    const one = first.picture('item-1', url);
    expect(one).not.toBeNull();
    expect(await one).toEqual({ url: null, problem: { kind: 'not-stored' } });
    // The same item again, from another feed of the run: claimed already.
    expect(pictures.forFeed().picture('item-1', url)).toBeNull();
    // Another item with the same address shares the first's result.
    expect(first.picture('item-2', url)).toBe(one);
    const other = first.picture('item-3', 'https://pictures.example/b.jpg');
    expect(other).not.toBe(one);
    expect(await other).toEqual({ url: null, problem: { kind: 'not-stored' } });
  });
});
