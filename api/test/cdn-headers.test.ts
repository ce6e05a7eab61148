import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { EnvError, loadEnv } from '../src/env';
import { type Agent, dbTargets, signUp, signUpAdmin, testApp } from './helpers';

const PUBLIC = 'public, max-age=0, s-maxage=120, stale-while-revalidate=600';
const keys = (res: Response) => (res.headers.get('surrogate-key') ?? '').split(' ').filter(Boolean).sort();

/** Shared caches must never keep it: private + no-store, and no surrogate keys. */
function expectPrivate(res: Response) {
  expect(res.headers.get('cache-control')).toMatch(/^private, (no-store|no-cache)/);
  expect(res.headers.get('surrogate-key')).toBeNull();
  expect(res.headers.get('cache-tag')).toBeNull();
}

describe('CDN settings', () => {
  it('defaults to s-maxage 60 and stale-while-revalidate 300; bad values are refused by name', () => {
    const env = loadEnv({});
    expect([env.CDN_S_MAXAGE, env.CDN_STALE_WHILE_REVALIDATE, env.CDN_PURGE_URL]).toEqual([
      60,
      300,
      undefined,
    ]);
    expect(() => loadEnv({ CDN_S_MAXAGE: '-1' })).toThrow(/CDN_S_MAXAGE/);
    expect(() => loadEnv({ CDN_STALE_WHILE_REVALIDATE: 'soon' })).toThrow(EnvError);
    expect(() => loadEnv({ CDN_PURGE_URL: 'ftp://cdn.example/purge' })).toThrow(/CDN_PURGE_URL/);
  });
});

describe.each(dbTargets)('pages a CDN can serve on %s', (kind) => {
  let booted: Booted;
  let reader: Agent;
  let slug: string;
  let articleId: number;
  let productId: number;
  let recipeId: number;
  beforeAll(async () => {
    booted = await testApp(kind, {
      seed: true,
      env: { CDN_S_MAXAGE: '120', CDN_STALE_WHILE_REVALIDATE: '600', PUBLIC_CACHE_MS: '5000' },
    });
    const [a] = await booted.deps.db
      .select()
      .from(s.articles)
      .where(eq(s.articles.status, 'published'))
      .limit(1);
    [slug, articleId] = [a!.slug, a!.id];
    productId = (await booted.deps.db.select().from(s.products).limit(1))[0]!.id;
    recipeId = (await booted.deps.db.select().from(s.recipes).limit(1))[0]!.id;
    reader = (await signUp(booted.app)).agent;
  }, 120_000);
  afterAll(async () => booted?.close());

  it('public API reads: shared-cacheable, with the keys of what they show (first answer and cache hit alike)', async () => {
    const answers: Response[] = [];
    for (let i = 0; i < 2; i++) {
      const list = await booted.app.request('/api/content?limit=5');
      answers.push(list);
      expect(list.headers.get('cache-control')).toBe(PUBLIC);
      expect(keys(list)).toEqual(['list:articles']);
      expect(list.headers.get('cache-tag')).toBe('list:articles');
    }
    // The second came off the cache fast path (before the middleware): the same headers all the same.
    const names = (r: Response) => [...r.headers.keys()].filter((n) => n !== 'x-request-id').sort();
    expect(names(answers[1]!), String(names(answers[0]!))).toEqual(names(answers[0]!));
    expect(answers[1]!.headers.get('x-content-type-options')).toBe('nosniff');
    const detail = await booted.app.request(`/api/content/${slug}`);
    expect(detail.headers.get('cache-control')).toBe(PUBLIC);
    expect(keys(detail)).toEqual([`article:${articleId}`]);
    expect(keys(await booted.app.request('/api/content/search?q=morning'))).toEqual(['list:articles']);
    expect(keys(await booted.app.request('/api/products'))).toEqual(['list:products']);
    expect(keys(await booted.app.request('/api/recipes'))).toEqual(['list:recipes']);
    expect((await booted.app.request('/api/products')).headers.get('vary') ?? '').not.toMatch(/cookie/i);
  });

  it('anonymous pages: shared-cacheable, Vary: Cookie, keyed by every list and article they show', async () => {
    const home = await booted.app.request('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('cache-control')).toBe(PUBLIC);
    expect(home.headers.get('vary')).toMatch(/Cookie/);
    expect(keys(home)).toContain('list:articles');
    const article = await booted.app.request(`/content/${slug}`);
    expect(article.headers.get('cache-control')).toBe(PUBLIC);
    expect(keys(article)).toContain(`article:${articleId}`);
    expect(article.headers.get('cache-tag')?.split(',')).toContain(`article:${articleId}`);
    // Served again from the micro-cache: the same headers.
    const again = await booted.app.request(`/content/${slug}`, { headers: { 'accept-encoding': 'br' } });
    expect(again.headers.get('cache-control')).toBe(PUBLIC);
    expect(again.headers.get('vary')).toMatch(/Cookie/);
    expect(keys(again)).toContain(`article:${articleId}`);
  });

  it('never cacheable by a shared cache: any page of a signed-in reader', async () => {
    for (const path of ['/', `/content/${slug}`, '/shop']) {
      const res = await reader.get(path);
      expect(res.status).toBe(200);
      expectPrivate(res);
      expect(res.headers.get('vary')).toMatch(/Cookie/);
    }
  });

  it('never cacheable: product and recipe details, pages and API, signed in or not', async () => {
    for (const path of [`/product/${productId}`, `/recipe/${recipeId}`]) {
      expectPrivate(await booted.app.request(path));
      expectPrivate(await reader.get(path));
    }
    for (const path of [`/api/products/${productId}`, `/api/recipes/${recipeId}`]) {
      const anonymous = await booted.app.request(path);
      expect(anonymous.status).toBe(401);
      expectPrivate(anonymous);
      const signedIn = await reader.get(path);
      expect(signedIn.status).toBe(200);
      expectPrivate(signedIn);
    }
  });

  it('never cacheable: /admin, /api/admin/* and /api/auth/*', async () => {
    expectPrivate(await booted.app.request('/admin'));
    expectPrivate(await booted.app.request('/admin/articles'));
    const admin = (await signUpAdmin(booted)).agent;
    const adminPage = await admin.get('/admin');
    expect(adminPage.status).toBe(200);
    expectPrivate(adminPage);
    const adminApi = await admin.get('/api/admin/content');
    expect(adminApi.status).toBe(200);
    expectPrivate(adminApi);
    expectPrivate(await booted.app.request('/api/admin/content'));
    expectPrivate(await reader.get('/api/auth/user'));
    expectPrivate(await reader.get('/api/auth/get-session'));
    expectPrivate(await booted.app.request('/api/auth/user'));
  });

  it('missing things are not shared either', async () => {
    const missing = await booted.app.request('/api/content/no-such-article');
    expect(missing.status).toBe(404);
    expectPrivate(missing);
    const page = await booted.app.request('/content/no-such-article');
    expect(page.status).toBe(404);
    expectPrivate(page);
  });
});

/** A stand-in CDN purge endpoint on loopback that records what it was told. */
async function purgeReceiver(behaviour: 'ok' | 'hang' = 'ok') {
  const calls: { keys: string[] }[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      calls.push(JSON.parse(body) as { keys: string[] });
      if (behaviour === 'ok') res.writeHead(200).end('{}');
      // 'hang': never answer (the API's short timeout ends it).
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`;
  return {
    url,
    calls,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const until = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('CDN purge hook (CDN_PURGE_URL)', () => {
  const article = {
    title: 'Purge me',
    excerpt: 'x',
    content: 'y',
    category: 'wellness',
    status: 'published',
  };
  let booted: Booted;
  let admin: Agent;
  beforeAll(async () => {
    booted = await testApp('pglite', { env: { CDN_PURGE_URL: 'http://127.0.0.1:9/unset' } });
    admin = (await signUpAdmin(booted)).agent;
  }, 120_000);
  afterAll(async () => booted?.close());
  // One app for the three receivers (booting is the slow part); the hook reads the URL at each write.
  const pointAt = (url: string) => {
    booted.deps.env.CDN_PURGE_URL = url;
  };

  it('after a write, the changed keys are POSTed to the receiver; a refused write sends none', async () => {
    const receiver = await purgeReceiver();
    pointAt(receiver.url);
    try {
      const created = await admin.post('/api/content', article);
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      await until(() => receiver.calls.length === 1);
      expect(receiver.calls[0]!.keys).toEqual(['list:articles']);
      expect((await admin.delete(`/api/content/${id}`)).status).toBeLessThan(300);
      await until(() => receiver.calls.length === 2);
      expect(receiver.calls[1]!.keys.sort()).toEqual([`article:${id}`, 'list:articles']);
      expect((await admin.post('/api/content', { title: '' })).status).toBe(400);
      await new Promise((r) => setTimeout(r, 200));
      expect(receiver.calls).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  it('a receiver that is down or never answers: the write still succeeds, and answers fast', async () => {
    const down = await purgeReceiver();
    await down.close(); // nothing listens on that port any more
    const hanging = await purgeReceiver('hang');
    for (const url of [down.url, hanging.url]) {
      pointAt(url);
      const started = performance.now();
      const created = await admin.post('/api/content', article);
      const ms = performance.now() - started;
      expect(created.status).toBe(201);
      expect(ms).toBeLessThan(1000);
      expect((await booted.app.request('/api/content')).status).toBe(200);
    }
    // The hanging receiver did get the call; the write did not wait for it.
    await until(() => hanging.calls.length === 1);
    await hanging.close();
  });
});
