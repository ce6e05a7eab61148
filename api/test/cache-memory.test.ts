import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { cachedBytes, getCached } from '../src/lib/cache';
import { testApp } from './helpers';

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
