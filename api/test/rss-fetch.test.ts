import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FetchLimits, FeedFetchError, fetchFeed } from '../src/rss/fetch-feed';
import { FeedParseError, parseFeed } from '../src/rss/parse-feed';
import { normaliseLink, plainText, safeHtml } from '../src/rss/sanitize';
import { type FeedServer, startFeedServer } from './rss-feed-server';

const limits: FetchLimits = { timeoutMs: 1500, maxBytes: 64 * 1024, maxRedirects: 3, allowPrivate: true };
let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds.close());

describe('safe feed fetcher', () => {
  it('fetches a feed and follows a bounded redirect', async () => {
    expect(await fetchFeed(`${feeds.base}/rss.xml`, limits)).toContain('<rss version="2.0"');
    expect(await fetchFeed(`${feeds.base}/redirect-to-rss`, limits)).toContain('Council opens');
  });

  it('inflates a gzip feed, and caps the inflated size of a compression bomb', async () => {
    expect(await fetchFeed(`${feeds.base}/gzip`, limits)).toContain('Council opens');
    await expect(fetchFeed(`${feeds.base}/gzip-bomb`, limits)).rejects.toThrow('Feed larger than 64 KB');
  });

  it('refuses loopback, private and link-local addresses unless RSS_ALLOW_PRIVATE', async () => {
    const strict = { ...limits, allowPrivate: false };
    const before = feeds.hits.get('/rss.xml') ?? 0;
    for (const url of [
      `${feeds.base}/rss.xml`,
      `http://localhost:${new URL(feeds.base).port}/rss.xml`,
      'http://10.0.0.1/feed',
      'http://192.168.1.1/feed',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/feed',
    ]) {
      await expect(fetchFeed(url, strict), url).rejects.toThrow(/not allowed|private|DNS lookup|refused/i);
    }
    expect(feeds.hits.get('/rss.xml') ?? 0).toBe(before);
  });

  it('checks the address again after a redirect: a public host cannot bounce us into a private range', async () => {
    // 127.0.0.1 stands in for a public host; every other private address stays refused.
    const publicLocal = { ...limits, allowPrivate: false, allowAddresses: ['127.0.0.1'] };
    expect(await fetchFeed(`${feeds.base}/redirect-to-rss`, publicLocal)).toContain('Council opens');
    await expect(fetchFeed(`${feeds.base}/to-private`, publicLocal)).rejects.toThrow(
      /127\.0\.0\.2.*is not allowed.*private/,
    );
    await expect(fetchFeed(`${feeds.base}/to-metadata`, publicLocal)).rejects.toThrow(
      /169\.254\.169\.254.*is not allowed.*private/,
    );
  });

  it('refuses non-http(s) URLs, also as a redirect target', async () => {
    await expect(fetchFeed('file:///etc/passwd', limits)).rejects.toThrow(/only http\(s\)/);
    await expect(fetchFeed('ftp://127.0.0.1/feed', limits)).rejects.toThrow(/only http\(s\)/);
    await expect(fetchFeed(`${feeds.base}/to-file`, limits)).rejects.toThrow(/Refused file: URL/);
    await expect(fetchFeed(`${feeds.base}/to-javascript`, limits)).rejects.toThrow(/Refused javascript: URL/);
  });

  it('fails an error status, a redirect loop, an oversize body and a response that never ends', async () => {
    await expect(fetchFeed(`${feeds.base}/500`, limits)).rejects.toThrow('HTTP 500');
    await expect(fetchFeed(`${feeds.base}/loop-a`, limits)).rejects.toThrow(
      'Too many redirects (more than 3)',
    );
    await expect(fetchFeed(`${feeds.base}/huge`, limits)).rejects.toThrow('Feed larger than 64 KB');
    await expect(fetchFeed(`${feeds.base}/huge-declared`, limits)).rejects.toThrow('Feed larger than 64 KB');
    const started = Date.now();
    const hang = fetchFeed(`${feeds.base}/hang`, limits);
    await expect(hang).rejects.toBeInstanceOf(FeedFetchError);
    await expect(hang).rejects.toThrow('Timed out after 1500 ms');
    // The hang endpoint never ends: finishing at all proves the timer; the bound leaves room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(8000);
  });
});

describe('feed parsing (rss-parser)', () => {
  it('reads RSS 2.0: GUID or normalised link as key, dates, authors, enclosure and media images', async () => {
    const items = await parseFeed(await fetchFeed(`${feeds.base}/rss.xml`, limits), `${feeds.base}/rss.xml`);
    expect(items).toHaveLength(3);
    const [park, library, market] = items;
    expect(park).toMatchObject({
      key: `${new URL(feeds.base).host}#news-park-1`,
      title: 'Council opens new riverside park',
      url: `${feeds.base}/news/park?utm_source=rss`,
      excerpt: 'The park has three playgrounds.',
      author: 'Ada Writer',
      imageUrl: `${feeds.base}/img/park.jpg`,
    });
    expect(park?.content).toBe('<p>The park has <b>three</b> playgrounds.</p>');
    expect(park?.publishedAt?.toISOString()).toBe('2026-01-09T09:00:00.000Z');
    expect(library).toMatchObject({
      key: `${feeds.base}/news/library`,
      imageUrl: `${feeds.base}/img/library.png`,
    });
    expect(market?.content).toContain(
      `<a href="${feeds.base}/market" rel="noopener noreferrer nofollow" target="_blank">`,
    );
  });

  it('reads Atom entries', async () => {
    const items = await parseFeed(
      await fetchFeed(`${feeds.base}/atom.xml`, limits),
      `${feeds.base}/atom.xml`,
    );
    expect(items.map((i) => [i.key, i.title, i.url, i.author])).toEqual([
      ['urn:uuid:sport-cup', 'Harriers win the county cup', `${feeds.base}/sport/cup`, 'Sam Sport'],
      ['urn:uuid:sport-marathon', 'Marathon entries open', `${feeds.base}/sport/marathon`, null],
    ]);
    expect(items[0]?.publishedAt?.toISOString()).toBe('2026-01-09T18:00:00.000Z');
  });

  it('refuses malformed XML, non-feeds and entity-expansion bombs', async () => {
    for (const path of ['/malformed', '/not-xml', '/bomb']) {
      const xml = await fetchFeed(`${feeds.base}${path}`, limits);
      await expect(parseFeed(xml, feeds.base), path).rejects.toBeInstanceOf(FeedParseError);
    }
    await expect(parseFeed(await fetchFeed(`${feeds.base}/bomb`, limits), feeds.base)).rejects.toThrow(
      'Refused a feed with DTD entity declarations',
    );
  });

  it('strips script, handler attributes and javascript: URLs from every field', async () => {
    const items = await parseFeed(await fetchFeed(`${feeds.base}/hostile.xml`, limits), feeds.base);
    // The item whose link is javascript: is dropped: there is nothing safe to link to.
    expect(items).toHaveLength(1);
    const [item] = items;
    if (!item) throw new Error('no item');
    // The title is text (shown escaped everywhere): what the publisher escaped twice stays as written.
    const { title, ...stored } = item;
    expect(title).toBe('Safe words <script>again');
    expect(JSON.stringify(stored)).not.toMatch(
      /<script|onerror|onclick|onmouseover|onload|javascript:|<iframe|<svg|<img|style=|data:/i,
    );
    expect(item.author).toBe('Eve');
    expect(item.imageUrl).toBeNull();
    expect(item.content).toContain(
      `<a href="${feeds.base}/ok" rel="noopener noreferrer nofollow" target="_blank">fine</a>`,
    );
    expect(item.content).toContain('<p>Body text</p>');
  });

  it('sanitising helpers: plain text drops markup; links lose tracking and fragments', () => {
    expect(plainText('<b>Hi</b> &amp; <i>bye</i>')).toBe('Hi & bye');
    expect(safeHtml('<a href="javascript:x" onclick="y">t</a>')).toBe('<a>t</a>');
    expect(normaliseLink('HTTP://Example.COM/a/?utm_medium=rss&b=2&a=1#top')).toBe(
      'http://example.com/a?a=1&b=2',
    );
  });
});
