import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { cachedBytes, getCached } from '../src/lib/cache/cache';
import { signUpAdmin, testApp } from './helpers';

describe('the public cache is bounded by bytes (PUBLIC_CACHE_MAX_MB)', () => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp('pglite', { env: { PUBLIC_CACHE_MS: '60000', PUBLIC_CACHE_MAX_MB: '1' } });
    await booted.deps.db.insert(s.articles).values(
      Array.from({ length: 120 }, (_, i) => ({
        slug: `big-${i}`,
        title: `Big ${i}`,
        excerpt: 'x'.repeat(1000),
        content: 'c',
        category: 'wellness',
        status: 'published' as const,
        publishedAt: new Date(Date.now() - i * 1000),
      })),
    );
  });
  afterAll(async () => booted?.close());

  it('a crowd of distinct reads never holds more than the budget; the newest stay, the oldest go', async () => {
    const url = (i: number) => `http://localhost/api/content?limit=50&offset=${i}`;
    for (let i = 0; i < 60; i++) expect((await booted.app.request(url(i))).status).toBe(200);
    // 60 answers of ~55 KB each would be ~5 MB: the store keeps under 1 MB.
    expect(cachedBytes(booted.deps)).toBeGreaterThan(500 * 1024);
    expect(cachedBytes(booted.deps)).toBeLessThanOrEqual(1024 * 1024);
    expect(getCached(booted.deps, url(59))).toBeDefined();
    expect(getCached(booted.deps, url(0))).toBeUndefined();
  });
});

describe('the bytes an entry counts for', () => {
  let booted: Booted;
  // An entry weighs its body, half again for its compressed forms, and 512 bytes of headers.
  const weight = (body: number) => Math.round(body * 1.5) + 512;
  const read = async (url: string) => (await (await booted.app.request(url)).arrayBuffer()).byteLength;
  beforeAll(async () => {
    booted = await testApp('pglite', { env: { PUBLIC_CACHE_MS: '1000', PUBLIC_CACHE_MAX_MB: '1' } });
    await booted.deps.db.insert(s.articles).values({
      slug: 'one',
      title: 'One',
      excerpt: 'e',
      content: 'c',
      category: 'wellness',
      status: 'published',
      publishedAt: new Date(Date.now() - 60_000),
    });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await booted?.close();
  });

  it('are added per entry, replaced (not added again) on refresh, and given back when a write clears it', async () => {
    const { agent } = await signUpAdmin(booted);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const one = await read('/api/content?limit=1');
    expect(cachedBytes(booted.deps)).toBe(weight(one));
    const two = await read('/api/content?limit=2');
    expect(cachedBytes(booted.deps)).toBe(weight(one) + weight(two));
    // Past the TTL and its grace: the refresh replaces the entry under the same key.
    await booted.deps.db.update(s.articles).set({ excerpt: 'a longer excerpt' });
    vi.setSystemTime(start + 5000);
    const longer = await read('/api/content?limit=1');
    expect(longer).toBe(one + 'a longer excerpt'.length - 1);
    expect(cachedBytes(booted.deps)).toBe(weight(longer) + weight(two));
    vi.useRealTimers();
    // An article write clears both lists: nothing is left to count.
    const made = await agent.post('/api/content', {
      title: 'T',
      excerpt: 'e',
      content: 'c',
      category: 'style',
    });
    expect(made.status).toBe(201);
    expect(cachedBytes(booted.deps)).toBe(0);
    const again = await read('/api/content?limit=1');
    expect(cachedBytes(booted.deps)).toBe(weight(again));
  });

  it('one answer bigger than the whole budget is still kept, alone', async () => {
    await booted.deps.db.insert(s.articles).values({
      slug: 'huge',
      title: 'Huge',
      excerpt: 'e',
      content: `<p>${'x'.repeat(800_000)}</p>`,
      category: 'wellness',
      status: 'published',
      publishedAt: new Date(Date.now() - 60_000),
    });
    const url = 'http://localhost/api/content/huge';
    const size = await read(url);
    expect(weight(size)).toBeGreaterThan(1024 * 1024);
    expect(getCached(booted.deps, url)).toBeDefined();
    expect(cachedBytes(booted.deps)).toBe(weight(size));
    expect(getCached(booted.deps, 'http://localhost/api/content?limit=1')).toBeUndefined();
  });
});
