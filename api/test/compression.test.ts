import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { pickEncoding } from '../src/lib/accept-encoding';
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
});
