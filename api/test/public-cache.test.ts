import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { loadEnv } from '../src/env';
import { cachedBytes, getCached } from '../src/lib/cache/cache';
import { Agent, capturedLogger, dbTargets, signUp, signUpAdmin, testApp, PRODUCTION_SECRET } from './helpers';

const article = (slug: string) => ({
  slug,
  title: slug,
  excerpt: 'e',
  content: 'c',
  category: 'wellness',
  status: 'published' as const,
  publishedAt: new Date(),
});
const titles = async (res: Response) => ((await res.json()) as { title: string }[]).map((a) => a.title);

/** Counts the database selects run inside `body` (each query the cache lets through). */
async function countingSelects(booted: Booted, body: () => Promise<void>): Promise<number> {
  const db = booted.deps.db;
  const original = db.select.bind(db);
  let selects = 0;
  db.select = ((...args: Parameters<typeof db.select>) => {
    selects++;
    return original(...args);
  }) as typeof db.select;
  try {
    await body();
    return selects;
  } finally {
    db.select = original;
  }
}

describe('PUBLIC_CACHE_MS default', () => {
  it('is 1000 ms in production and off elsewhere', () => {
    expect(loadEnv({ NODE_ENV: 'production', BETTER_AUTH_SECRET: PRODUCTION_SECRET }).PUBLIC_CACHE_MS).toBe(
      1000,
    );
    expect(loadEnv({ NODE_ENV: 'development' }).PUBLIC_CACHE_MS).toBe(0);
    expect(loadEnv({ PUBLIC_CACHE_MS: '250' }).PUBLIC_CACHE_MS).toBe(250);
  });
});

describe.each(dbTargets)('per-instance micro-cache of public reads on %s', (kind) => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp(kind, { env: { PUBLIC_CACHE_MS: '60000' } });
    await booted.deps.db.insert(s.articles).values(article('first'));
  });
  afterAll(async () => booted?.close());

  it('a repeated public read is served from the cache, with its ETag and 304s intact', async () => {
    const a = await booted.app.request('/api/content');
    expect(await titles(a)).toEqual(['first']);
    // Written behind the API's back: the cached answer stands until the TTL or a write through the API.
    await booted.deps.db.insert(s.articles).values(article('sneaked-in'));
    const b = await booted.app.request('/api/content');
    expect(await titles(b)).toEqual(['first']);
    const etag = b.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    // The ETag is hashed once, when the answer is computed, and every hit replays that same one.
    expect(a.headers.get('etag')).toBe(etag);
    expect((await booted.app.request('/api/content', { headers: { 'if-none-match': etag! } })).status).toBe(
      304,
    );
    // Hits share one byte array: reading one answer must leave the next one whole.
    const [c, d] = [await booted.app.request('/api/content'), await booted.app.request('/api/content')];
    expect(await c.text()).toBe(await d.text());
    expect(await titles(await booted.app.request('/api/content'))).toEqual(['first']);
  });

  it('concurrent readers of an expired page share one query (single flight)', async () => {
    const selects = await countingSelects(booted, async () => {
      const all = await Promise.all(
        Array.from({ length: 20 }, () => booted.app.request('/api/content?limit=7')),
      );
      expect(all.map((r) => r.status)).toEqual(Array(20).fill(200));
    });
    expect(selects).toBe(1);
  });

  it('a successful write through the API clears it at once', async () => {
    const { agent } = await signUpAdmin(booted);
    const res = await agent.post('/api/content', {
      title: 'Via API',
      excerpt: 'e',
      content: 'c',
      category: 'style',
    });
    expect(res.status).toBe(201);
    expect(await titles(await booted.app.request('/api/content'))).toEqual(
      expect.arrayContaining(['first', 'sneaked-in', 'Via API']),
    );
  });

  it('an entry that names nothing (a page with no data) is cleared by any write; one with keys only by its own', async () => {
    const contact = await booted.app.request('/contact');
    expect(contact.status).toBe(200);
    expect(contact.headers.get('surrogate-key')).toBeNull();
    expect(getCached(booted.deps, 'ssr:/contact')).toBeDefined();
    await booted.app.request('/api/content?limit=2');
    expect(getCached(booted.deps, 'http://localhost/api/content?limit=2')).toBeDefined();
    const { agent } = await signUpAdmin(booted);
    expect((await agent.post('/api/product-categories', { name: 'Clears keyless' })).status).toBe(201);
    expect(getCached(booted.deps, 'ssr:/contact')).toBeUndefined();
    expect(getCached(booted.deps, 'http://localhost/api/content?limit=2')).toBeDefined();
    // The home page names several lists: an article write clears it for the one key they share.
    const home = await booted.app.request('/');
    const homeKeys = home.headers.get('surrogate-key')?.split(' ') ?? [];
    expect(homeKeys).toContain('list:articles');
    expect(homeKeys.length).toBeGreaterThan(1);
    expect(getCached(booted.deps, 'ssr:/')).toBeDefined();
    const made = await agent.post('/api/content', {
      title: 'Clears home',
      excerpt: 'e',
      content: 'c',
      category: 'style',
    });
    expect(made.status).toBe(201);
    expect(getCached(booted.deps, 'ssr:/')).toBeUndefined();
  });

  it('a failed write (anonymous) does not clear it', async () => {
    await booted.app.request('/api/content'); // warm
    await booted.deps.db.insert(s.articles).values(article('second-sneak'));
    expect((await new Agent(booted.app).post('/api/content', { title: 'x' })).status).toBe(401);
    expect(await titles(await booted.app.request('/api/content'))).not.toContain('second-sneak');
  });

  it("sign-in-gated details are never cached: a reader's 200 is not served to an anonymous caller", async () => {
    const [p] = await booted.deps.db
      .insert(s.products)
      .values({ title: 'P', description: 'd', price: '1.00' })
      .returning();
    const { agent } = await signUp(booted.app);
    expect((await agent.get(`/api/products/${p!.id}`)).status).toBe(200);
    expect((await booted.app.request(`/api/products/${p!.id}`)).status).toBe(401);
  });

  it('anonymous server renders are shared for the TTL; a signed-in reader gets their own render', async () => {
    const first = await (await booted.app.request('/news')).text();
    expect(first).not.toContain('Account menu');
    await booted.deps.db.insert(s.articles).values(article('fresh-after-render'));
    // The render itself is kept: the next anonymous reader gets these bytes without a second render.
    const kept = getCached(booted.deps, 'ssr:/news');
    expect(kept && new TextDecoder().decode(kept.body)).toBe(first);
    expect(await (await booted.app.request('/news')).text()).toBe(first);
    const { agent } = await signUp(booted.app);
    const signedIn = await (await agent.get('/news')).text();
    expect(signedIn).toContain('Account menu');
  });
});

/**
 * Expiry is decided by Date.now(): the clock is frozen and moved by hand (only Date is faked; timers
 * and the database run as usual), so the TTL and grace boundaries are tested to the millisecond
 * without waiting for them.
 */
function frozenClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  const start = Date.now();
  return { at: (ms: number) => vi.setSystemTime(start + ms) };
}

describe.each(dbTargets)('a search answer kept longer than the micro-cache on %s', (kind) => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp(kind, { env: { PUBLIC_CACHE_MS: '1000' } });
  });
  afterAll(async () => booted?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a search answer and its counts are kept SEARCH_CACHE_MS (30 s), not the 1 s of other reads; an article write clears them at once', async () => {
    const { agent: admin } = await signUpAdmin(booted);
    expect(booted.deps.env.SEARCH_CACHE_MS).toBe(30_000);
    const search = async () => titles(await booted.app.request('/api/content/search?q=quokka'));
    // The filter buttons' counts of the same search are kept alike (they would disagree otherwise).
    const matches = async () =>
      ((await (await booted.app.request('/api/content/counts?q=quokka')).json()) as { all: number }).all;
    const clock = frozenClock();
    expect(await search()).toEqual([]);
    expect(await matches()).toBe(0);
    // Written behind the API's back: only time can show it.
    await booted.deps.db.insert(s.articles).values(article('quokka kept'));
    clock.at(20_000);
    expect(await titles(await booted.app.request('/api/content?limit=50'))).toContain('quokka kept');
    expect(await search()).toEqual([]);
    expect(await matches()).toBe(0);
    clock.at(30_000);
    expect(await search()).toEqual(['quokka kept']);
    expect(await matches()).toBe(1);
    // A write through the API clears the kept answer on the spot. Back on the real clock first: the
    // frozen one runs 30 s ahead of the database's now(), which would date the new article in the future.
    vi.useRealTimers();
    const res = await admin.post('/api/content', {
      title: 'Quokka written',
      excerpt: 'E',
      content: 'Body',
      category: 'wellness',
    });
    expect(res.status).toBe(201);
    expect((await search()).sort()).toEqual(['Quokka written', 'quokka kept']);
    expect(await matches()).toBe(2);
  });
});

describe.each(dbTargets)('refreshing an expired public read on %s', (kind) => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp(kind, { env: { PUBLIC_CACHE_MS: '1000' } });
    await booted.deps.db.insert(s.articles).values(article('old'));
  });
  afterAll(async () => booted?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('one reader refreshes; readers arriving meanwhile get the previous answer at once, not a wait', async () => {
    const clock = frozenClock();
    expect(await titles(await booted.app.request('/api/content?limit=5'))).toEqual(['old']);
    await booted.deps.db.insert(s.articles).values(article('new'));
    clock.at(1400); // past the TTL, within the grace (one TTL)
    let answers: string[][] = [];
    const selects = await countingSelects(booted, async () => {
      answers = await Promise.all(
        Array.from({ length: 3 }, async () => titles(await booted.app.request('/api/content?limit=5'))),
      );
    });
    expect(selects).toBe(1);
    expect(answers.map((t) => t.join()).sort()).toEqual(['new,old', 'old', 'old']);
    // Once refreshed, everyone gets the new answer.
    expect(await titles(await booted.app.request('/api/content?limit=5'))).toEqual(['new', 'old']);
  });

  it('an expired page: one reader renders it again, readers arriving meanwhile get the previous page at once', async () => {
    const clock = frozenClock();
    const page = async () => {
      const res = await booted.app.request('/news?page-refresh=1');
      expect(res.status).toBe(200);
      return (await res.text()).includes('page-refresh-new');
    };
    expect(await page()).toBe(false); // rendered and cached
    await booted.deps.db.insert(s.articles).values(article('page-refresh-new'));
    clock.at(1400); // past the TTL, within the grace
    const readers = await Promise.all([page(), page(), page()]);
    expect(readers.sort()).toEqual([false, false, true]);
    expect(await page()).toBe(true); // the new render is the cached page now
    clock.at(4000); // far past TTL + grace: nothing old is left to serve
    // Dated a minute back: the frozen clock runs ahead of the database's now(), which decides what is public.
    await booted.deps.db
      .insert(s.articles)
      .values({ ...article('page-refresh-newer'), publishedAt: new Date(Date.now() - 60_000) });
    const later = await Promise.all(
      Array.from({ length: 3 }, async () =>
        (await (await booted.app.request('/news?page-refresh=1')).text()).includes('page-refresh-newer'),
      ),
    );
    expect(later).toEqual([true, true, true]);
  });

  it('nothing older than one TTL past expiry is ever served', async () => {
    const clock = frozenClock();
    await booted.app.request('/api/content?limit=6'); // cached
    await booted.deps.db.insert(s.articles).values(article('newer'));
    clock.at(2100); // past TTL + grace
    const answers = await Promise.all(
      Array.from({ length: 3 }, async () => titles(await booted.app.request('/api/content?limit=6'))),
    );
    for (const a of answers) expect(a).toContain('newer');
  });

  it('an entry is fresh until its TTL is reached, not at it', async () => {
    const clock = frozenClock();
    await booted.app.request('/api/content?limit=7'); // cached, expires at 1000
    await booted.deps.db.insert(s.articles).values(article('at-the-ttl'));
    clock.at(999);
    expect(await titles(await booted.app.request('/api/content?limit=7'))).not.toContain('at-the-ttl');
    clock.at(1000);
    expect(await titles(await booted.app.request('/api/content?limit=7'))).toContain('at-the-ttl');
  });

  it('the previous copy is served during a refresh until exactly one TTL past expiry', async () => {
    const clock = frozenClock();
    await booted.app.request('/api/content?limit=8');
    await booted.app.request('/api/content?limit=9');
    await booted.deps.db.insert(s.articles).values(article('at-the-grace'));
    const three = (url: string) =>
      Promise.all(Array.from({ length: 3 }, async () => titles(await booted.app.request(url))));
    clock.at(1999);
    const within = await three('/api/content?limit=8');
    expect(within.map((t) => t.includes('at-the-grace')).sort()).toEqual([false, false, true]);
    clock.at(2000);
    for (const a of await three('/api/content?limit=9')) expect(a).toContain('at-the-grace');
  });
});

const TOKEN = 'metrics-token-0123456789';
/** The public cache's lookups as /metrics reports them. */
async function lookups(booted: Booted) {
  const res = await booted.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  const text = await res.text();
  const n = (result: string) =>
    Number(
      text.match(new RegExp(`^public_cache_lookups_total\\{result="${result}"\\} (\\d+)$`, 'm'))?.[1] ?? 0,
    );
  return { hit: n('hit'), stale: n('stale'), miss: n('miss') };
}

describe('cache lookups in /metrics', () => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp('pglite', { env: { PUBLIC_CACHE_MS: '1000', METRICS_TOKEN: TOKEN } });
    await booted.deps.db.insert(s.articles).values(article('counted'));
  });
  afterAll(async () => booted?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('each lookup is counted once as hit, stale (served during a refresh) or miss', async () => {
    const clock = frozenClock();
    const url = '/api/content?limit=4';
    const first = await booted.app.request(url); // miss
    expect(first.status).toBe(200);
    expect((await booted.app.request(url)).status).toBe(200); // hit, on the fast path
    const etag = first.headers.get('etag')!;
    // A revalidation takes the full path: a hit inside the middleware.
    expect((await booted.app.request(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect(await lookups(booted)).toEqual({ hit: 2, stale: 0, miss: 1 });
    clock.at(1500); // expired, within the grace: one refresh (a miss), two readers get the old copy
    const all = await Promise.all(Array.from({ length: 3 }, () => booted.app.request(url)));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await lookups(booted)).toEqual({ hit: 2, stale: 2, miss: 2 });
    expect((await booted.app.request(url)).status).toBe(200);
    expect(await lookups(booted)).toEqual({ hit: 3, stale: 2, miss: 2 });
  });

  it('concurrent anonymous readers of one page share one render (single flight)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // nothing expires meanwhile
    const total = async () => {
      const l = await lookups(booted);
      return l.hit + l.stale + l.miss;
    };
    // One render: one page lookup, plus the lookups of the API reads it makes.
    let before = await total();
    expect((await booted.app.request('/news?r=1')).status).toBe(200);
    const onePage = (await total()) - before;
    expect(onePage).toBeGreaterThan(1);
    // Four readers at once of a page not rendered yet: four page lookups, the API reads of ONE render.
    before = await total();
    const pages = await Promise.all(Array.from({ length: 4 }, () => booted.app.request('/news?r=2')));
    const bodies = await Promise.all(pages.map((p) => p.text()));
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(bodies).size).toBe(1);
    expect((await total()) - before).toBe(onePage - 1 + 4);
  });
});

describe('with PUBLIC_CACHE_MS=0 (development)', () => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp('pglite', { env: { PUBLIC_CACHE_MS: '0', METRICS_TOKEN: TOKEN } });
    await booted.deps.db.insert(s.articles).values(article('uncached'));
  });
  afterAll(async () => booted?.close());

  it('nothing is kept or counted, yet the answer still carries its Cache-Control and surrogate keys', async () => {
    const first = await booted.app.request('/api/content');
    expect(await titles(first)).toEqual(['uncached']);
    expect(first.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
    );
    expect(first.headers.get('surrogate-key')).toBe('list:articles');
    expect(first.headers.get('cache-tag')).toBe('list:articles');
    expect(first.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/);
    expect(cachedBytes(booted.deps)).toBe(0);
    expect(getCached(booted.deps, 'http://localhost/api/content')).toBeUndefined();
    // The next read runs the handler again: a row written behind the API's back is seen at once.
    await booted.deps.db.insert(s.articles).values(article('seen-at-once'));
    expect(await titles(await booted.app.request('/api/content'))).toContain('seen-at-once');
    expect(await lookups(booted)).toEqual({ hit: 0, stale: 0, miss: 0 });
  });
});

/**
 * The fast path (lib/cache/fast-path.ts) answers before routing; its request log line names the
 * route that filled the entry (/api/content/:identifier), where a hit inside publicCache names the
 * middleware's pattern (/api/content/*). That tells the two apart from outside.
 */
describe('cache fast path, seen in the request log', () => {
  let booted: Booted;
  let admin: Agent;
  let id: number;
  const log = capturedLogger();
  const routeOf = async (res: Response) => {
    await res.arrayBuffer();
    const reqId = res.headers.get('x-request-id');
    return log.lines.find((l) => l.msg === 'request' && l.reqId === reqId)?.route;
  };
  beforeAll(async () => {
    booted = await testApp('pglite', {
      env: { PUBLIC_CACHE_MS: '60000', LOG_REQUESTS: 'true' },
      logger: log.logger,
    });
    admin = (await signUpAdmin(booted)).agent;
    const made = await admin.post('/api/content', { ...article('fast-path'), status: 'published' });
    expect(made.status).toBe(201);
    id = ((await made.json()) as { id: number }).id;
  }, 120_000);
  afterAll(async () => booted?.close());

  it('a second anonymous or signed-in API read comes off the fast path; a revalidation does not', async () => {
    const path = `/api/content/${id}`;
    const first = await booted.app.request(path);
    expect(first.status).toBe(200);
    expect(await routeOf(first)).toBe('/api/content/:identifier');
    const hit = await booted.app.request(path);
    expect(hit.status).toBe(200);
    expect(await routeOf(hit)).toBe('/api/content/:identifier');
    // API reads are keyed by URL, so session credentials do not matter to them.
    const signedIn = await admin.get(path);
    expect(signedIn.status).toBe(200);
    expect(await routeOf(signedIn)).toBe('/api/content/:identifier');
    // If-None-Match takes the full path, which answers the 304.
    const etag = first.headers.get('etag')!;
    const revalidated = await booted.app.request(path, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(await routeOf(revalidated)).toBe('/api/content/*');
  });

  it('writes are never answered from the cache', async () => {
    const path = `/api/content/${id}`;
    expect((await booted.app.request(path)).status).toBe(200);
    for (const method of ['POST', 'PUT'] as const) {
      const res = await admin.request(method, path, { title: '' });
      expect(res.status, method).not.toBe(200);
    }
  });
});
