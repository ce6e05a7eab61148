import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { writeDeclarationOf } from '../src/lib/cache/write-clears';
import { Agent, dbTargets, signUpAdmin, testApp } from './helpers';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every write route of the app (method and path) with the declarations its handlers carry. */
function writeRoutes(booted: Booted) {
  const routes = new Map<string, ReturnType<typeof writeDeclarationOf>[]>();
  for (const r of booted.app.routes) {
    if (!WRITE_METHODS.has(r.method)) continue;
    const key = `${r.method} ${r.path}`;
    const declared = writeDeclarationOf(r.handler);
    routes.set(key, [...(routes.get(key) ?? []), ...(declared ? [declared] : [])]);
  }
  return routes;
}

describe('write routes declare what they clear (DESIGN.md §8)', () => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp('pglite');
  });
  afterAll(async () => booted?.close());

  it('every write route of the app carries exactly one declaration', () => {
    const routes = writeRoutes(booted);
    // The walk finds the app's writes at all (a broken walk must not pass by finding none).
    expect(routes.size).toBeGreaterThan(30);
    for (const known of ['POST /api/content', 'PUT /api/products/:id', 'POST /api/insights/read']) {
      expect(routes.has(known), known).toBe(true);
    }
    const undeclared = [...routes]
      .filter(([, d]) => d.length !== 1)
      .map(([route, d]) => `${route} (${d.length})`);
    expect(undeclared, 'add clears(…), clearsNothing(why) or clearsEverything(why) to these routes').toEqual(
      [],
    );
  });

  it('readers and browsers clear nothing: beacons, CSP reports, contact, stories, uploads, AI drafts, sign-in', () => {
    const routes = writeRoutes(booted);
    for (const route of [
      'POST /api/insights/read',
      'POST /api/csp-report',
      'POST /api/contact',
      'POST /api/stories',
      'POST /api/upload',
      'POST /api/admin/analyze-product-image',
      'POST /api/admin/ai/review',
      'POST /api/admin/ai/comparison',
      'POST /api/auth/*',
      'POST /sign-in',
    ]) {
      expect(routes.get(route)?.[0]?.clears, route).toBe('nothing');
    }
  });

  it('no write empties every cache: none changes everything', () => {
    const everything = [...writeRoutes(booted)].filter(([, d]) => d[0]?.clears === 'everything');
    expect(everything.map(([route]) => route)).toEqual([]);
  });
});

/** A stand-in CDN purge endpoint on loopback that records what it was told. */
async function purgeReceiver() {
  const calls: string[][] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      calls.push((JSON.parse(body) as { keys: string[] }).keys);
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`,
    calls,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe.each(dbTargets)('views and reports keep the caches on %s', (kind) => {
  let booted: Booted;
  let receiver: Awaited<ReturnType<typeof purgeReceiver>>;
  let articleId: number;
  beforeAll(async () => {
    receiver = await purgeReceiver();
    booted = await testApp(kind, {
      env: { PUBLIC_CACHE_MS: '60000', CDN_PURGE_URL: receiver.url, METRICS_TOKEN: 'm'.repeat(16) },
    });
    const [row] = await booted.deps.db
      .insert(s.articles)
      .values({
        slug: 'kept',
        title: 'Kept in the cache',
        excerpt: 'e',
        content: 'c',
        category: 'wellness',
        status: 'published',
        publishedAt: new Date(),
      })
      .returning({ id: s.articles.id });
    articleId = row!.id;
  }, 120_000);
  afterAll(async () => {
    await booted?.close();
    await receiver?.close();
  });

  const lookups = async () => {
    const text = await (
      await booted.app.request('/metrics', { headers: { authorization: `Bearer ${'m'.repeat(16)}` } })
    ).text();
    const count = (result: string) =>
      Number(text.match(new RegExp(`public_cache_lookups_total\\{result="${result}"\\} (\\d+)`))?.[1] ?? 0);
    return { hit: count('hit'), stale: count('stale'), miss: count('miss') };
  };

  it('100 article views and 100 CSP reports send no purge, and / stays a cache hit every time', async () => {
    expect((await booted.app.request('/')).status).toBe(200); // warms the page and its reads
    const before = await lookups();
    for (let i = 0; i < 100; i++) {
      const ip = `10.9.${Math.floor(i / 50)}.${i % 50}`;
      const view = await booted.app.request('/api/insights/read', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ articleId, view: `view-${i}-${'x'.repeat(16)}` }),
      });
      expect(view.status, await view.clone().text()).toBe(200);
      const report = await booted.app.request('/api/csp-report', {
        method: 'POST',
        headers: { 'content-type': 'application/csp-report', 'x-forwarded-for': ip },
        body: JSON.stringify({
          'csp-report': {
            'document-uri': 'http://localhost:3000/',
            'violated-directive': 'img-src',
            'blocked-uri': 'https://tracker.example/p.gif',
          },
        }),
      });
      expect(report.status).toBe(204);
    }
    for (let i = 0; i < 100; i++) expect((await booted.app.request('/')).status).toBe(200);
    await settle();
    expect(receiver.calls).toEqual([]);
    const after = await lookups();
    expect(after.hit - before.hit).toBe(100);
    expect(after.miss - before.miss).toBe(0);
    expect(after.stale - before.stale).toBe(0);
  });

  it('an article edit purges that article and the lists, once, and nothing else', async () => {
    const { agent } = await signUpAdmin(booted);
    receiver.calls.length = 0;
    const saved = await agent.put(`/api/content/${articleId}`, {
      title: 'Kept, then edited',
      excerpt: 'e',
      content: 'c',
      category: 'wellness',
      status: 'published',
    });
    expect(saved.status).toBe(200);
    await settle();
    expect(receiver.calls.map((keys) => keys.sort())).toEqual([[`article:${articleId}`, 'list:articles']]);
    const page = await new Agent(booted.app).get('/');
    expect(await page.text()).toContain('Kept, then edited');
  });

  it('a bulk action purges the lists and exactly the articles it changed', async () => {
    const { agent } = await signUpAdmin(booted);
    receiver.calls.length = 0;
    const res = await agent.post('/api/admin/content/bulk', {
      action: 'unpublish',
      ids: [articleId, 999_999],
    });
    expect(await res.json()).toEqual({ changed: 1 });
    await settle();
    expect(receiver.calls.map((keys) => keys.sort())).toEqual([[`article:${articleId}`, 'list:articles']]);
  });
});
