import http, { type IncomingHttpHeaders } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFollowingRedirects, readBody, SafeFetchError, withDeadline } from '../src/lib/http/safe-fetch';
import { describeFeedError } from '../src/rss/feed-errors';
import { DEFAULT_LIMITS, type FetchLimits, FeedFetchError, fetchFeed } from '../src/rss/fetch-feed';

/** The fetcher's edges against a loopback server whose every answer the test chooses. */
const FEED = '<rss version="2.0"><channel><title>Edge</title></channel></rss>';
const limits: FetchLimits = { timeoutMs: 3000, maxBytes: 1000, maxRedirects: 2, allowPrivate: true };
let server: http.Server;
let base: string;
let lastHeaders: IncomingHttpHeaders = {};
/** Resolves when the server sees the connection of the last /gzip-endless request close. */
let endlessClosed: Promise<void> = Promise.resolve();

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
    } else if (p === '/gzip-stall') {
      // A compressed body that stops arriving: the decoder waits for bytes that never come.
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.write(zlib.gzipSync(FEED).subarray(0, 20));
    } else if (p === '/gzip-endless') {
      // A compression bomb that never ends: only the client closing the connection stops it.
      endlessClosed = new Promise((r) => res.on('close', () => r()));
      res.writeHead(200, { 'content-encoding': 'gzip' });
      const gzip = zlib.createGzip();
      gzip.pipe(res);
      const zeros = Buffer.alloc(64 * 1024);
      const more = () => {
        while (!res.destroyed && gzip.write(zeros));
        if (!res.destroyed) gzip.once('drain', more);
      };
      more();
    } else if (p === '/gzip-cut') {
      // Half a compressed feed, then the connection drops.
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.write(zlib.gzipSync(FEED).subarray(0, 30));
      setTimeout(() => res.socket?.destroy(), 20);
    } else if (p === '/gzip-corrupt') {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(Buffer.from('this is not gzip at all'));
    } else if (p === '/cut') {
      res.writeHead(200, { 'content-length': '500' });
      res.write('x'.repeat(10));
      setTimeout(() => res.socket?.destroy(), 20);
    } else if (p === '/latin1') {
      // No encoding in the XML declaration: only the HTTP charset says how to read "café".
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=ISO-8859-1' });
      res.end(Buffer.from('<rss version="2.0"><channel><title>café</title></channel></rss>', 'latin1'));
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
    // No pooled connections: a feed server is not held open between fetches.
    expect(lastHeaders.connection).toBe('close');
  });

  it('follows 300-399 with a Location only', async () => {
    const to = encodeURIComponent('/plain');
    expect(await fetchFeed(`${base}/status?status=300&to=${to}`, limits)).toBe(FEED);
    expect(await fetchFeed(`${base}/status?status=399&to=${to}`, limits)).toBe(FEED);
    // A success that happens to carry a Location is the feed itself (following it would answer 404).
    const notFound = encodeURIComponent('/status?status=404');
    expect(await fetchFeed(`${base}/status?status=200&to=${notFound}`, limits)).toBe(FEED);
    await expect(fetchFeed(`${base}/status?status=400&to=${to}`, limits)).rejects.toThrow('HTTP 400');
    await expect(fetchFeed(`${base}/status?status=302`, limits)).rejects.toThrow('HTTP 302');
    await expect(fetchFeed(`${base}/status?status=300`, limits)).rejects.toThrow('HTTP 300');
  });

  it('2xx is success, anything else an error', async () => {
    expect(await fetchFeed(`${base}/status?status=299`, limits)).toBe(FEED);
    await expect(fetchFeed(`${base}/status?status=404`, limits)).rejects.toThrow('HTTP 404');
  });

  it('a final status below 200 is an error too, not a feed', async () => {
    // Node hands 1xx answers to 'information'; a server can still send 099 as the final status.
    const raw = net.createServer((socket) => {
      socket.once('data', () =>
        socket.end(`HTTP/1.1 099 Odd\r\nContent-Length: ${FEED.length}\r\nConnection: close\r\n\r\n${FEED}`),
      );
    });
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
    try {
      const port = (raw.address() as AddressInfo).port;
      expect(await failure(fetchFeed(`http://127.0.0.1:${port}/`, limits))).toEqual({
        kind: 'http-status',
        error: 'HTTP 99',
        problem: 'The server answered with an error',
      });
    } finally {
      await new Promise<void>((r) => raw.close(() => r()));
    }
  });

  it('the HTTP charset decides when neither a byte-order mark nor the XML declaration does', async () => {
    expect(await fetchFeed(`${base}/latin1`, limits)).toBe(
      '<rss version="2.0"><channel><title>café</title></channel></rss>',
    );
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

  it('a connection closed mid-body is an error, not a short feed, and says so', async () => {
    await expect(fetchFeed(`${base}/cut`, limits)).rejects.toThrow(FeedFetchError);
    expect(await failure(fetchFeed(`${base}/cut`, limits))).toMatchObject({
      kind: 'incomplete',
      error: 'Connection closed before the feed was complete',
    });
  });

  it('a compressed body cut short fails at once as incomplete, not after the deadline', async () => {
    const started = Date.now();
    expect(await failure(fetchFeed(`${base}/gzip-cut`, { ...limits, timeoutMs: 5000 }))).toMatchObject({
      kind: 'incomplete',
      error: 'Connection closed before the feed was complete',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a body that is not what its encoding says is an error, not an incomplete feed', async () => {
    const failed = await failure(fetchFeed(`${base}/gzip-corrupt`, limits));
    expect(failed.kind).not.toBe('incomplete');
    expect(failed.error).toMatch(/header/i);
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
    // Limits of its own (an allow-list no other test uses), so the connection rules are built here.
    const own = { ...limits, allowAddresses: ['127.0.0.9'] };
    await expect(fetchFeed(`http://0.0.0.0:${port}/plain`, own)).rejects.toThrow(/is not allowed.*meta IP/);
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

/** What the RSS sources tab shows for a fetch that failed: its kind, the stored detail and the plain words. */
const failure = (fetching: Promise<unknown>) =>
  fetching.then(
    () => {
      throw new Error('expected the fetch to fail');
    },
    (err: unknown) => describeFeedError(err),
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('what an editor is told when a feed cannot be fetched', () => {
  it('each failure keeps its own kind, so the sources tab explains it in plain words', async () => {
    expect(await failure(fetchFeed(`${base}/hops/3`, limits))).toEqual({
      kind: 'redirects',
      error: 'Too many redirects (more than 2)',
      problem: 'Too many redirects',
    });
    expect(await failure(fetchFeed(`${base}/sized?n=1001`, limits))).toEqual({
      kind: 'too-large',
      error: 'Feed larger than 1 KB',
      problem: 'The feed is too large (1 KB)',
    });
    expect(await failure(fetchFeed('not a url', limits))).toEqual({
      kind: 'invalid-url',
      error: 'Invalid URL not a url',
      problem: 'Not a valid web address',
    });
    expect(await failure(fetchFeed('file:///etc/passwd', limits))).toEqual({
      kind: 'scheme',
      error: 'Refused file: URL: only http(s) feeds are fetched',
      problem: 'Only http and https addresses can be imported',
    });
    expect(await failure(fetchFeed(`${base}/status?status=503`, limits))).toEqual({
      kind: 'http-status',
      error: 'HTTP 503',
      problem: 'The server answered 503',
    });
    expect(await failure(fetchFeed(`${base}/stall`, { ...limits, timeoutMs: 300 }))).toEqual({
      kind: 'timeout',
      error: 'Timed out after 300 ms',
      problem: 'Timed out after 0.3 s',
    });
  });

  it('a refused private address and a server that is not there are told apart', async () => {
    expect(await failure(fetchFeed(`${base}/plain`, { ...limits, allowPrivate: false }))).toMatchObject({
      kind: 'private-address',
      error: expect.stringMatching(
        /^DNS lookup 127\.0\.0\.1.* is not allowed\. Because, It is private IP address\.$/,
      ),
      problem: 'Refused: the address is private or local',
    });
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    expect(await failure(fetchFeed(`http://127.0.0.1:${port}/`, limits))).toEqual({
      kind: 'unreachable',
      error: `connect ECONNREFUSED 127.0.0.1:${port}`,
      problem: "Could not reach the feed's server",
    });
  });

  it('allowing private addresses for one fetch does not allow them for the next', async () => {
    // Connections are set up per set of rules and reused: the rules must not leak between them.
    expect(await fetchFeed(`${base}/plain`, limits)).toBe(FEED);
    const strict = await failure(fetchFeed(`${base}/plain`, { ...limits, allowPrivate: false }));
    expect(strict.kind).toBe('private-address');
    expect(await fetchFeed(`${base}/plain`, limits)).toBe(FEED);
  });

  it('the deadline also ends a compressed body that stops arriving (the decoder is stopped too)', async () => {
    expect(await failure(fetchFeed(`${base}/gzip-stall`, { ...limits, timeoutMs: 300 }))).toMatchObject({
      kind: 'timeout',
      error: 'Timed out after 300 ms',
    });
  }, 5000);

  it('a compression bomb that never ends is refused and its connection closed at once', async () => {
    expect(await failure(fetchFeed(`${base}/gzip-endless`, limits))).toMatchObject({
      kind: 'too-large',
      error: 'Feed larger than 1 KB',
    });
    // Left open, the bomb's server would keep a socket (and the feed's bytes flowing) until its own timeout.
    const closedSoon = await Promise.race([endlessClosed.then(() => true), sleep(2000).then(() => false)]);
    expect(closedSoon).toBe(true);
  });
});

describe('withDeadline and readBody (shared by the feed fetcher and the link check)', () => {
  const fail = (thrown: unknown) =>
    withDeadline({ timeoutMs: 1000 }, async () => {
      throw thrown;
    }).catch((err: unknown) => err as SafeFetchError);

  it('a connect timeout from the network is a timeout, not an unreachable server', async () => {
    // The kernel's ETIMEDOUT needs an address that drops packets; no loopback server can produce it.
    const err = await fail(Object.assign(new Error('connect ETIMEDOUT 192.0.2.1:80'), { code: 'ETIMEDOUT' }));
    expect(err).toBeInstanceOf(SafeFetchError);
    expect(err).toMatchObject({ kind: 'timeout', message: 'connect ETIMEDOUT 192.0.2.1:80' });
    expect(describeFeedError(new FeedFetchError(err.kind, err.message)).problem).toBe('Timed out');
  });

  it('any other failure becomes an unreachable server with a short message, whatever was thrown', async () => {
    // Node's AggregateError (several addresses refused) can have an empty message.
    expect(await fail(new AggregateError([], ''))).toMatchObject({
      kind: 'unreachable',
      message: 'Fetch failed',
    });
    expect(await fail('socket hang up')).toMatchObject({ kind: 'unreachable', message: 'socket hang up' });
    expect(await fail(null)).toMatchObject({ kind: 'unreachable', message: 'null' });
    const long = await fail(new Error('x'.repeat(1000)));
    expect(long).toMatchObject({ kind: 'unreachable', message: 'x'.repeat(300) });
  });

  it('readBody calls the body a response unless the caller names it', async () => {
    const err = await withDeadline(limits, async (signal) => {
      const { res } = await openFollowingRedirects(
        `${base}/sized?n=1001`,
        { method: 'GET', headers: {} },
        limits,
        signal,
      );
      return readBody(res, limits, signal);
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'too-large', message: 'Response larger than 1 KB' });
  });
});
