import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { loadEnv } from '../src/env';
import { getCached } from '../src/lib/cache';
import { Agent, capturedLogger, dbTargets, signUp, signUpAdmin, testApp } from './helpers';

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
    expect(loadEnv({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(32) }).PUBLIC_CACHE_MS).toBe(
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

describe.each(dbTargets)('refreshing an expired public read on %s', (kind) => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp(kind, { env: { PUBLIC_CACHE_MS: '1000' } });
    await booted.deps.db.insert(s.articles).values(article('old'));
  });
  afterAll(async () => booted?.close());

  it('one reader refreshes; readers arriving meanwhile get the previous answer at once, not a wait', async () => {
    expect(await titles(await booted.app.request('/api/content?limit=5'))).toEqual(['old']);
    await booted.deps.db.insert(s.articles).values(article('new'));
    // Past the TTL, within the grace (a second of either side, for a loaded machine).
    await new Promise((r) => setTimeout(r, 1400));
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

  it('nothing older than one TTL past expiry is ever served', async () => {
    await booted.app.request('/api/content?limit=6'); // cached
    await booted.deps.db.insert(s.articles).values(article('newer'));
    await new Promise((r) => setTimeout(r, 2100)); // past TTL + grace
    const answers = await Promise.all(
      Array.from({ length: 3 }, async () => titles(await booted.app.request('/api/content?limit=6'))),
    );
    for (const a of answers) expect(a).toContain('newer');
  });
});

/**
 * The fast path (lib/cache-fast-path.ts) answers before routing; its request log line names the
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
