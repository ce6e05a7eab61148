import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type FetchLimits, FeedFetchError, fetchFeed } from '../src/rss/fetch-feed';

/** The fetcher's edges against a loopback server whose every answer the test chooses. */
const FEED = '<rss version="2.0"><channel><title>Edge</title></channel></rss>';
const limits: FetchLimits = { timeoutMs: 3000, maxBytes: 1000, maxRedirects: 2, allowPrivate: true };
let server: http.Server;
let base: string;
let lastHeaders: IncomingHttpHeaders = {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    lastHeaders = req.headers;
    const url = new URL(req.url ?? '/', 'http://x');
    const p = url.pathname;
    const status = Number(url.searchParams.get('status') ?? 200);
    if (p === '/status') {
      if (url.searchParams.has('to')) res.setHeader('location', url.searchParams.get('to')!);
      res.writeHead(status).end(FEED);
    } else if (p.startsWith('/hops/')) {
      const n = Number(p.slice('/hops/'.length));
      if (n > 0) res.writeHead(302, { location: `/hops/${n - 1}` }).end();
      else res.end(FEED);
    } else if (p === '/encoded') {
      const enc = url.searchParams.get('enc')!;
      const body =
        enc === 'br'
          ? zlib.brotliCompressSync(FEED)
          : enc === 'deflate'
            ? zlib.deflateSync(FEED)
            : zlib.gzipSync(FEED);
      res.writeHead(200, { 'content-encoding': enc }).end(body);
    } else if (p === '/sized') {
      const n = Number(url.searchParams.get('n'));
      const declare = url.searchParams.get('declare') === '1';
      res.writeHead(200, declare ? { 'content-length': String(n) } : {});
      // Written in two parts so Node does not add a Content-Length of its own.
      res.write('x'.repeat(Math.floor(n / 2)));
      res.end('x'.repeat(n - Math.floor(n / 2)));
    } else if (p === '/stall') {
      // Headers and a first part of the body, then nothing more: only the deadline ends it.
      res.writeHead(200);
      res.write('x'.repeat(10));
    } else if (p === '/cut') {
      res.writeHead(200, { 'content-length': '500' });
      res.write('x'.repeat(10));
      setTimeout(() => res.socket?.destroy(), 20);
    } else res.end(FEED);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('feed fetcher edges', () => {
  it('sends a GET that asks for feeds, names itself and accepts compression', async () => {
    await fetchFeed(`${base}/plain`, limits);
    expect(lastHeaders.accept).toMatch(/^application\/rss\+xml, application\/atom\+xml/);
    expect(lastHeaders['accept-encoding']).toBe('gzip, deflate, br');
    expect(lastHeaders['user-agent']).toBe('BloomAndBalance-RSS/1.0');
  });

  it('follows 300-399 with a Location only', async () => {
    const to = encodeURIComponent('/plain');
    expect(await fetchFeed(`${base}/status?status=300&to=${to}`, limits)).toBe(FEED);
    expect(await fetchFeed(`${base}/status?status=399&to=${to}`, limits)).toBe(FEED);
    // A success that happens to carry a Location is the feed itself.
    expect(await fetchFeed(`${base}/status?status=200&to=${encodeURIComponent('/elsewhere')}`, limits)).toBe(
      FEED,
    );
    await expect(fetchFeed(`${base}/status?status=400&to=${to}`, limits)).rejects.toThrow('HTTP 400');
    await expect(fetchFeed(`${base}/status?status=302`, limits)).rejects.toThrow('HTTP 302');
    await expect(fetchFeed(`${base}/status?status=300`, limits)).rejects.toThrow('HTTP 300');
  });

  it('2xx is success, anything else an error', async () => {
    expect(await fetchFeed(`${base}/status?status=299`, limits)).toBe(FEED);
    await expect(fetchFeed(`${base}/status?status=404`, limits)).rejects.toThrow('HTTP 404');
  });

  it('exactly maxRedirects redirects are followed; one more is refused', async () => {
    expect(await fetchFeed(`${base}/hops/2`, limits)).toBe(FEED);
    await expect(fetchFeed(`${base}/hops/3`, limits)).rejects.toThrow('Too many redirects (more than 2)');
  });

  it.each(['gzip', 'x-gzip', 'deflate', 'br'])('decodes %s bodies', async (enc) => {
    expect(await fetchFeed(`${base}/encoded?enc=${enc}`, limits)).toBe(FEED);
  });

  it('a body of exactly maxBytes is read, declared or not; one byte more is refused', async () => {
    expect(await fetchFeed(`${base}/sized?n=1000`, limits)).toHaveLength(1000);
    expect(await fetchFeed(`${base}/sized?n=1000&declare=1`, limits)).toHaveLength(1000);
    await expect(fetchFeed(`${base}/sized?n=1001`, limits)).rejects.toThrow('Feed larger than 1 KB');
    await expect(fetchFeed(`${base}/sized?n=1001&declare=1`, limits)).rejects.toThrow(
      'Feed larger than 1 KB',
    );
  });

  it('the deadline also ends a body that stops arriving half-way', async () => {
    const started = Date.now();
    await expect(fetchFeed(`${base}/stall`, { ...limits, timeoutMs: 300 })).rejects.toThrow(
      'Timed out after 300 ms',
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a connection closed mid-body is an error, not a short feed', async () => {
    await expect(fetchFeed(`${base}/cut`, limits)).rejects.toThrow(FeedFetchError);
  });

  it('network failures and bad URLs come back as FeedFetchError with a message', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const refused = fetchFeed(`http://127.0.0.1:${port}/`, limits);
    await expect(refused).rejects.toBeInstanceOf(FeedFetchError);
    await expect(refused).rejects.toThrow(/ECONNREFUSED/);
    await expect(fetchFeed('not a url', limits)).rejects.toThrow('Invalid URL not a url');
    await expect(fetchFeed(`${'x'.repeat(300)}`, limits)).rejects.toThrow(/^Invalid URL x{200}$/);
  });

  it('https is spoken as TLS (an http server on that port fails the handshake, it is not read)', async () => {
    const res = fetchFeed(`${base.replace('http:', 'https:')}/plain`, limits);
    await expect(res).rejects.toBeInstanceOf(FeedFetchError);
    await expect(res).rejects.not.toThrow(/only http\(s\)|Protocol/);
  });

  it('the meta address 0.0.0.0 is refused even when private addresses are allowed', async () => {
    const port = new URL(base).port;
    await expect(fetchFeed(`http://0.0.0.0:${port}/plain`, limits)).rejects.toThrow(/not allowed/);
  });

  it('the defaults: private addresses refused, 15 s, 5 MB, 5 redirects', async () => {
    expect(DEFAULT_LIMITS).toEqual({
      timeoutMs: 15_000,
      maxBytes: 5_242_880,
      maxRedirects: 5,
      allowPrivate: false,
    });
    await expect(fetchFeed(`${base}/plain`)).rejects.toThrow(/not allowed/);
    expect(await fetchFeed(`${base}/sized?n=6000`, { ...DEFAULT_LIMITS, allowPrivate: true })).toHaveLength(
      6000,
    );
  });
});
