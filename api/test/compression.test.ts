import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { pickEncoding } from '../src/lib/cache/accept-encoding';
import { webAssetsDir } from '../src/web/paths';
import { testApp } from './helpers';

const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

/** An app with one published article whose list entry is big enough to be compressed. */
async function appWithLongArticle(title: string, env: Record<string, string> = {}): Promise<Booted> {
  const booted = await testApp('pglite', { env });
  await booted.deps.db.insert(s.articles).values({
    slug: title.toLowerCase().replaceAll(' ', '-'),
    title,
    excerpt: 'An excerpt long enough to be worth compressing. '.repeat(40),
    content: 'c',
    category: 'wellness',
    status: 'published',
    publishedAt: new Date(),
  });
  return booted;
}

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it('reads q-values as RFC 9110 does: spaces and case do not matter, q=0 or a bad q refuses', () => {
    expect(pickEncoding('gzip;q=0')).toBeNull();
    expect(pickEncoding('gzip; q=0')).toBeNull();
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.5')).toBe('br');
    expect(pickEncoding(' GZIP ; Q=0.5 ')).toBe('gzip');
    expect(pickEncoding('BR')).toBe('br');
    expect(pickEncoding('br;q=abc, gzip')).toBe('gzip');
    expect(pickEncoding('*;q=0')).toBeNull();
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity, *')).toBe('br');
    expect(pickEncoding('gzip, *;q=0')).toBe('gzip');
    expect(pickEncoding('')).toBeNull();
  });
});

/** Needs `pnpm build` (the test command runs it first). */
describe('compressed responses', () => {
  let booted: Booted;
  // The biggest script of the build: the one every public page loads.
  const bundle = readdirSync(webAssetsDir)
    .filter((n) => n.endsWith('.js'))
    .map((n) => ({ n, size: readFileSync(path.join(webAssetsDir, n)).length }))
    .sort((a, b) => b.size - a.size)[0]!.n;
  const original = readFileSync(path.join(webAssetsDir, bundle));

  beforeAll(async () => {
    booted = await appWithLongArticle('A long read');
  });
  afterAll(async () => booted?.close());

  it('build files go out brotli or gzip as accepted, byte-identical once decoded, raw otherwise', async () => {
    const br = await booted.app.request(`/assets/${bundle}`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    const brBody = await bytes(br);
    expect(brBody.length).toBeLessThan(original.length / 3);
    expect(Number(br.headers.get('content-length'))).toBe(brBody.length);
    expect(zlib.brotliDecompressSync(brBody).equals(original)).toBe(true);

    const gz = await booted.app.request(`/assets/${bundle}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(await bytes(gz)).equals(original)).toBe(true);

    const raw = await booted.app.request(`/assets/${bundle}`);
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect((await bytes(raw)).equals(original)).toBe(true);
    expect(raw.headers.get('cache-control')).toContain('immutable');
  });

  it('server-rendered pages and JSON are compressed for clients that accept it; ETag revalidation still answers 304', async () => {
    const page = await booted.app.request('/', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(await bytes(page)).toString()).toContain('<html');
    const gzPage = await booted.app.request('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzPage.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(await bytes(gzPage)).toString()).toContain('<html');

    const list = await booted.app.request('/api/content', { headers: { 'accept-encoding': 'gzip' } });
    expect(list.headers.get('content-encoding')).toBe('gzip');
    const json = JSON.parse(zlib.gunzipSync(await bytes(list)).toString()) as { title: string }[];
    expect(json.map((a) => a.title)).toEqual(['A long read']);
    const etag = list.headers.get('etag');
    expect(etag).toMatch(/^W\//);
    const again = await booted.app.request('/api/content', {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);

    // In-process callers (the server render's own API calls) send no Accept-Encoding: plain JSON.
    const plain = await booted.app.request('/api/content');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as unknown[]).length).toBe(1);
  });
});

describe('cached answers for browsers', () => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await appWithLongArticle('A cached read', { PUBLIC_CACHE_MS: '60000' });
  });
  afterAll(async () => booted?.close());

  it('are compressed once per entry, decode to the same bytes, keep a weak ETag that revalidates, and vary', async () => {
    const plain = await booted.app.request('/api/content');
    const original = await bytes(plain);
    const strong = plain.headers.get('etag');
    expect(strong).toMatch(/^"[0-9a-f]{40}"$/);

    const br = await booted.app.request('/api/content', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('etag')).toBe(`W/${strong}`);
    const packed = await bytes(br);
    expect(packed.length).toBeLessThan(original.length / 3);
    expect(zlib.brotliDecompressSync(packed).equals(original)).toBe(true);
    // The next hit reuses the same compressed bytes.
    const again = await booted.app.request('/api/content', { headers: { 'accept-encoding': 'br' } });
    expect((await bytes(again)).equals(packed)).toBe(true);

    const gz = await booted.app.request('/api/content', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(await bytes(gz)).equals(original)).toBe(true);

    const revalidated = await booted.app.request('/api/content', {
      headers: { 'accept-encoding': 'br', 'if-none-match': `W/${strong}` },
    });
    expect(revalidated.status).toBe(304);

    // Anonymous page renders are cached too, and go out compressed from the cache.
    await booted.app.request('/news');
    const page = await booted.app.request('/news', { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(await bytes(page)).toString()).toContain('A cached read');
  });

  it('name Accept-Encoding once in one Vary header, after the Vary the answer already had', async () => {
    const json = (acceptEncoding?: string) =>
      booted.app.request(
        '/api/content',
        acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : {},
      );
    await json(); // cached
    for (const ae of [undefined, 'br', 'gzip']) {
      const res = await json(ae);
      expect(res.headers.get('vary'), ae).toBe('Accept-Encoding');
      expect(res.headers.get('content-length'), ae).toBeNull();
    }
    // A page varies by Cookie already: plain, br and gzip all say "Cookie, Accept-Encoding".
    const page = (acceptEncoding?: string) =>
      booted.app.request('/news', acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : {});
    await page(); // cached
    for (const ae of [undefined, 'br', 'gzip']) {
      const res = await page(ae);
      expect(res.headers.get('vary'), ae).toBe('Cookie, Accept-Encoding');
      expect(res.headers.get('content-type'), ae).toBe('text/html; charset=UTF-8');
    }
  });

  it('compress from 1024 bytes, not below, and only in an encoding the client accepts', async () => {
    // Article answers of exactly 1023 and 1024 bytes: a probe gives the size of all but the excerpt.
    const at = new Date('2025-01-01T00:00:00Z');
    const row = (slug: string, excerpt: string) => ({
      slug,
      title: slug,
      excerpt,
      content: 'c',
      category: 'wellness',
      status: 'published' as const,
      publishedAt: at,
    });
    await booted.deps.db.insert(s.articles).values(row('size-0', 'x'));
    const base = (await bytes(await booted.app.request('/api/content/size-0'))).length - 1;
    await booted.deps.db
      .insert(s.articles)
      .values([row('size-a', 'x'.repeat(1023 - base)), row('size-b', 'x'.repeat(1024 - base))]);
    const get = async (slug: string, acceptEncoding?: string) => {
      const url = `/api/content/${slug}`;
      const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
      await booted.app.request(url, { headers }); // the first may be a miss; the second is a cache hit
      return booted.app.request(url, { headers });
    };

    const small = await get('size-a', 'br');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')).toBeNull();
    expect((await bytes(small)).length).toBe(1023);

    const big = await get('size-b', 'br');
    expect(big.headers.get('content-encoding')).toBe('br');
    expect(big.headers.get('vary')).toBe('Accept-Encoding');
    // A hit answered before the middleware still carries the headers they add (security headers).
    expect(big.headers.get('x-content-type-options')).toBe('nosniff');
    expect(big.headers.get('x-frame-options')).toBe('DENY');
    const plain = await get('size-b');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    const original = await bytes(plain);
    expect(original.length).toBe(1024);
    expect(zlib.brotliDecompressSync(await bytes(big)).equals(original)).toBe(true);
    expect(plain.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/);
    expect(big.headers.get('etag')).toBe(`W/${plain.headers.get('etag')}`);

    // What each Accept-Encoding gets, off the cache.
    const cases: [string, string | null][] = [
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0', null],
      ['*;q=0', null],
      ['*', 'br'],
      ['GZIP', 'gzip'],
      ['deflate', null],
    ];
    for (const [ae, expected] of cases) {
      const res = await get('size-b', ae);
      expect(res.headers.get('content-encoding'), ae).toBe(expected);
      const body = await bytes(res);
      const decoded =
        expected === 'br'
          ? zlib.brotliDecompressSync(body)
          : expected === 'gzip'
            ? zlib.gunzipSync(body)
            : body;
      expect(decoded.equals(original), ae).toBe(true);
      expect(res.headers.get('vary'), ae).toBe('Accept-Encoding');
    }
  });
});

describe('a miss of a cached read', () => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await appWithLongArticle('A first read', { PUBLIC_CACHE_MS: '60000' });
    await booted.deps.db
      .insert(s.recipes)
      .values({ title: 'A long recipe', description: 'Slow-cooked and worth the wait. '.repeat(60) });
  });
  afterAll(async () => booted?.close());

  it('goes out in the form its hits reuse: br as the browser asked, the same bytes, a weak ETag and one Vary', async () => {
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const miss = await booted.app.request('/api/content', { headers: browser });
    // hono/compress offers gzip only: a miss it compressed said gzip while every hit said br.
    expect(miss.headers.get('content-encoding')).toBe('br');
    const packed = await bytes(miss);
    // Its hits reuse that form: nothing is compressed again, let alone on the event loop.
    const compressedOnThread = [vi.spyOn(zlib, 'brotliCompressSync'), vi.spyOn(zlib, 'gzipSync')];
    const hit = await booted.app.request('/api/content', { headers: browser });
    const again = await booted.app.request('/api/content', { headers: browser });
    for (const spy of compressedOnThread) {
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    }
    expect((await bytes(hit)).equals(packed)).toBe(true);
    expect((await bytes(again)).equals(packed)).toBe(true);
    expect(miss.headers.get('etag')).toBe(hit.headers.get('etag'));
    expect(miss.headers.get('etag')).toMatch(/^W\/"[0-9a-f]{40}"$/);
    expect(miss.headers.get('vary')).toBe('Accept-Encoding');
    expect(miss.headers.get('x-content-type-options')).toBe('nosniff');
    const list = JSON.parse(zlib.brotliDecompressSync(packed).toString()) as { title: string }[];
    expect(list.map((a) => a.title)).toEqual(['A first read']);

    // A read that varies by session keeps that Vary on its compressed miss, Accept-Encoding added once.
    const recipes = await booted.app.request('/api/recipes', { headers: browser });
    expect(recipes.headers.get('content-encoding')).toBe('br');
    expect(recipes.headers.get('vary')).toBe('Cookie, Authorization, Accept-Encoding');
    expect(recipes.headers.get('etag')).toMatch(/^W\//);
    const cards = JSON.parse(zlib.brotliDecompressSync(await bytes(recipes)).toString()) as unknown[];
    expect(cards).toHaveLength(1);
  });

  it('too small to compress goes out as it is, with its length, also on the miss', async () => {
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    for (const pass of ['miss', 'hit']) {
      const none = await booted.app.request('/api/content?category=style', { headers: browser });
      expect(none.headers.get('content-encoding'), pass).toBeNull();
      expect(none.headers.get('content-length'), pass).toBe('2');
      expect(await none.text(), pass).toBe('[]');
    }
  });
});
