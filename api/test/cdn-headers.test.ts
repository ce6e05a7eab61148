import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { EnvError, loadEnv } from '../src/env';
import { type Agent, capturedLogger, dbTargets, signUp, signUpAdmin, testApp } from './helpers';

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
    // Articles are the same for everyone; product and recipe lists show signed-in readers more (issue 26),
    // so their anonymous answer tells a shared cache to key it by the session headers.
    expect((await booted.app.request('/api/content?limit=5')).headers.get('vary') ?? '').not.toMatch(
      /cookie/i,
    );
    expect((await booted.app.request('/api/products')).headers.get('vary') ?? '').toMatch(
      /Cookie, Authorization/,
    );
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

  it('feeds and item reads carry their own keys; only an all-digit path segment names an item', async () => {
    const sitemap = await booted.app.request('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(keys(sitemap)).toEqual(['list:articles']);
    expect(keys(await booted.app.request('/sitemap-pages.xml'))).toEqual(['list:challenges']);
    const articleFile = new URL(
      /<loc>([^<]*sitemap-articles-\d+\.xml)<\/loc>/.exec(await sitemap.text())![1]!,
    ).pathname;
    expect(keys(await booted.app.request(articleFile))).toEqual(['list:articles']);
    const feed = await booted.app.request('/feed.xml');
    expect(feed.status).toBe(200);
    expect(keys(feed)).toEqual(['list:articles']);
    expect(feed.headers.get('cache-tag')).toBe('list:articles');
    // A challenge read by a multi-digit id: its key comes from the path alone.
    await booted.deps.db.insert(s.challenges).values({ id: 4321, title: 'Keys', description: 'd' });
    const challenge = await booted.app.request('/api/challenges/4321');
    expect(challenge.status).toBe(200);
    expect(keys(challenge)).toEqual(['challenge:4321']);
    expect(challenge.headers.get('cache-tag')).toBe('challenge:4321');
    // Slugs that start or end with digits are not ids: only the handler's article:ID key.
    const admin = (await signUpAdmin(booted)).agent;
    for (const slugged of ['12abc', 'abc12']) {
      const made = await admin.post('/api/content', {
        title: `Digits ${slugged}`,
        slug: slugged,
        excerpt: 'x',
        content: 'y',
        category: 'wellness',
        status: 'published',
      });
      expect(made.status).toBe(201);
      const { id } = (await made.json()) as { id: number };
      const read = await booted.app.request(`/api/content/${slugged}`);
      expect(read.status).toBe(200);
      expect(keys(read)).toEqual([`article:${id}`]);
    }
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
async function purgeReceiver(behaviour: 'ok' | 'hang' | 500 | 204 = 'ok') {
  const calls: { keys: string[] }[] = [];
  const types: (string | undefined)[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      calls.push(JSON.parse(body) as { keys: string[] });
      types.push(req.headers['content-type']);
      if (behaviour === 'ok') res.writeHead(200).end('{}');
      if (typeof behaviour === 'number') res.writeHead(behaviour).end(behaviour === 204 ? undefined : 'no');
      // 'hang': never answer (the API's short timeout ends it).
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`;
  return {
    url,
    calls,
    types,
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
  const log = capturedLogger();
  const cdnLines = () => log.lines.filter((l) => String(l.msg).startsWith('[cdn]'));
  beforeAll(async () => {
    booted = await testApp('pglite', {
      env: { CDN_PURGE_URL: 'http://127.0.0.1:9/unset' },
      logger: log.logger,
    });
    admin = (await signUpAdmin(booted)).agent;
  }, 120_000);
  afterAll(async () => booted?.close());
  // One app for the three receivers (booting is the slow part); the hook reads the URL at each write.
  const pointAt = (url: string | undefined) => {
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
      // The lists, and the new article's own page (stored when written).
      expect(receiver.calls[0]!.keys.sort()).toEqual([`article:${id}`, 'list:articles']);
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
    // Both failures are logged (refused connection; connection closed unanswered) before the next test.
    await until(() => log.lines.filter((l) => l.msg === '[cdn] purge failed').length >= 2, 3000);
  });

  it('the purge is a JSON POST; an answer of 200 or 204 logs nothing', async () => {
    for (const behaviour of ['ok', 204] as const) {
      const receiver = await purgeReceiver(behaviour);
      pointAt(receiver.url);
      try {
        log.lines.length = 0;
        expect((await admin.post('/api/content', article)).status).toBe(201);
        await until(() => receiver.calls.length === 1);
        expect(receiver.types).toEqual(['application/json']);
        await new Promise((r) => setTimeout(r, 150));
        expect(cdnLines()).toEqual([]);
      } finally {
        await receiver.close();
      }
    }
  });

  it('what an admin write purges: a story approval and an RSS source nothing, a product category the shop lists', async () => {
    const receiver = await purgeReceiver();
    pointAt(receiver.url);
    try {
      const submitted = await booted.app.request('/api/stories', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.77.0.1' },
        body: JSON.stringify({
          name: 'Priya Shah',
          email: 'priya@example.com',
          title: 'My walk',
          story: 'I started walking before work in January. At first it was ten minutes, then an hour.',
          consent: true,
        }),
      });
      expect(submitted.status).toBe(201);
      expect(receiver.calls).toHaveLength(0); // a reader's submission changes no public page
      const [story] = await booted.deps.db.select().from(s.storySubmissions).limit(1);
      // Approval makes a draft, which no public page shows.
      expect((await admin.post(`/api/admin/stories/${story!.id}/approve`)).status).toBe(201);
      const source = await admin.post('/api/admin/rss/sources', {
        name: 'Loopback',
        url: 'http://127.0.0.1:9/feed.xml',
        category: 'sports',
      });
      expect(source.status).toBe(201);
      const category = await admin.post('/api/product-categories', { name: 'Purged shelf' });
      expect(category.status).toBe(201);
      await until(() => receiver.calls.length === 1);
      expect(receiver.calls[0]!.keys.sort()).toEqual(['list:product-categories', 'list:products']);
    } finally {
      await receiver.close();
    }
  });

  it('no purge without CDN_PURGE_URL; a refusal or a receiver that is down is logged with the keys', async () => {
    pointAt(undefined);
    log.lines.length = 0;
    expect((await admin.post('/api/content', article)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 200));
    expect(cdnLines()).toEqual([]);

    const refusing = await purgeReceiver(500);
    pointAt(refusing.url);
    try {
      expect((await admin.post('/api/content', article)).status).toBe(201);
      await until(() => cdnLines().length === 1);
      expect(cdnLines()[0]).toMatchObject({
        level: 40,
        status: 500,
        keys: expect.arrayContaining(['list:articles']),
      });
      expect(cdnLines()[0]!.msg).toMatch(/^\[cdn\] purge /);
    } finally {
      await refusing.close();
    }

    // An item id of several digits names the item too.
    const receiver = await purgeReceiver();
    pointAt(receiver.url);
    try {
      await booted.deps.db.execute(sql`select setval(pg_get_serial_sequence('articles', 'id'), 4000)`);
      const created = await admin.post('/api/content', article);
      const { id } = (await created.json()) as { id: number };
      expect(id).toBeGreaterThan(4000);
      expect((await admin.delete(`/api/content/${id}`)).status).toBeLessThan(300);
      await until(() => receiver.calls.length === 2);
      expect(receiver.calls[1]!.keys.sort()).toEqual([`article:${id}`, 'list:articles']);
    } finally {
      await receiver.close();
    }

    log.lines.length = 0;
    const down = await purgeReceiver();
    await down.close();
    pointAt(down.url);
    expect((await admin.post('/api/content', article)).status).toBe(201);
    await until(() => cdnLines().length === 1);
    expect(cdnLines()[0]).toMatchObject({ level: 40, keys: expect.arrayContaining(['list:articles']) });
    expect(cdnLines()[0]!.err).toEqual(expect.any(String));
    expect(cdnLines()[0]!.msg).toMatch(/^\[cdn\] purge /);
  });
});
