import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { clearCachedKeys } from '../src/lib/cache/cache';
import { nextGoLive } from '../src/routes/content/go-live';
import { type Agent, dbTargets, signUpAdmin, testApp } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CACHE_TTL_MS = 1000;
const dialect = new PgDialect();
const isGoLiveRead = (q: unknown) => dialect.sqlToQuery(q as SQL).sql.includes('> now()');

/**
 * The next go-live moment decides how long a search answer is kept (SEARCH_CACHE_MS, ended at that
 * moment). It is read once per PUBLIC_CACHE_MS, not once per search miss, and a write ends what was read.
 */
describe.each(dbTargets)('the next go-live moment on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  beforeAll(async () => {
    booted = await testApp(kind, { env: { PUBLIC_CACHE_MS: String(CACHE_TTL_MS) } });
    admin = (await signUpAdmin(booted)).agent;
  });
  afterAll(async () => booted?.close());

  const schedule = async (title: string, at: number) => {
    const res = await admin.post('/api/content', {
      title,
      excerpt: 'E',
      content: 'Body',
      category: 'career',
      status: 'scheduled',
      publishedAt: new Date(at).toISOString(),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: number };
  };
  const searchIds = async (q: string) =>
    ((await (await booted.app.request(`/api/content/search?q=${q}`)).json()) as Array<{ id: number }>).map(
      (r) => r.id,
    );
  /** The queries that read the next go-live moment, counted on the app's own connection. */
  const countReads = () => {
    const execute = vi.spyOn(booted.deps.db, 'execute');
    return {
      count: () => execute.mock.calls.filter(([q]) => isGoLiveRead(q)).length,
      restore: () => execute.mockRestore(),
    };
  };

  it('is read once for a burst of distinct search misses, and again after its time', async () => {
    await schedule('Far-off plan', Date.now() + 3_600_000);
    await sleep(CACHE_TTL_MS + 50);
    const reads = countReads();
    try {
      for (const q of ['alpha', 'bravo', 'charlie', 'delta', 'echo']) await searchIds(q);
      expect(reads.count()).toBe(1);
      await sleep(CACHE_TTL_MS + 50);
      await searchIds('foxtrot');
      expect(reads.count()).toBe(2);
    } finally {
      reads.restore();
    }
  });

  it('ends at any write: a search right after scheduling an article ends at its moment', async () => {
    // Read now (the far-off article), then schedule a sooner one within the same TTL.
    expect(await nextGoLive(booted.deps)).toBeGreaterThan(Date.now() + 3_000_000);
    const soon = Date.now() + 2000;
    const a = await schedule('Quillfinch evening routine', soon);
    // The write cleared the search cache: this miss must be kept only until `soon`, not 30 s.
    expect(await searchIds('quillfinch')).toEqual([]);
    await sleep(soon + CACHE_TTL_MS + 150 - Date.now());
    expect(await searchIds('quillfinch')).toEqual([a.id]);
  });

  it('keeps nothing that a write overtook while it was read', async () => {
    const { db } = booted.deps;
    const original = db.execute.bind(db);
    const reads = countReads();
    // The first read is overtaken: a write (here, its cache clear) lands while it runs.
    const overtaken = async (q: Parameters<typeof db.execute>[0]) => {
      const result = await original(q);
      clearCachedKeys(booted.deps, ['list:articles']);
      return result;
    };
    vi.mocked(db.execute).mockImplementationOnce(overtaken as unknown as typeof db.execute);
    try {
      clearCachedKeys(booted.deps, ['list:articles']);
      await nextGoLive(booted.deps);
      await nextGoLive(booted.deps);
      expect(reads.count()).toBe(2);
      await nextGoLive(booted.deps);
      expect(reads.count()).toBe(2);
    } finally {
      reads.restore();
    }
  });
});
