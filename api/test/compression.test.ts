import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { pickEncoding } from '../src/web/compressed';
import { webAssetsDir } from '../src/web/paths';
import { testApp } from './helpers';

const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

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
    booted = await testApp('pglite');
    await booted.deps.db.insert(s.articles).values({
      slug: 'long-read',
      title: 'A long read',
      excerpt: 'An excerpt long enough to matter. '.repeat(40),
      content: 'c',
      category: 'wellness',
      status: 'published',
      publishedAt: new Date(),
    });
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

  it('server-rendered pages and JSON are gzipped for clients that accept it; ETag revalidation still answers 304', async () => {
    const page = await booted.app.request('/', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(await bytes(page)).toString()).toContain('<html');

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
