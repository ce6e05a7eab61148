import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { webServerEntry } from '../src/web/paths';
import { type Agent, dbTargets, signUpAdmin, testApp } from './helpers';

type Json = Record<string, unknown> & { id: number; slug: string; updatedAt: string };

/** A stand-in CDN purge endpoint on loopback: what each write told the CDN to drop. */
async function purgeReceiver() {
  const calls: string[][] = [];
  const server = createServer((req, res) => {
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

/**
 * A changed slug on a published article keeps the old address working (issue 31 §6): when the editor
 * asks for it, `GET /content/{old}` answers 301 to `/content/{new}` and `GET /api/content/{old}` 301
 * to `/api/content/{new}` with the new slug in its body. Over HTTP (`app.request`), no redirect followed.
 * The page half needs the built web app (`pnpm build`), as the other server-render tests do.
 */
describe.each(dbTargets)('slug redirects on %s', (db) => {
  let booted: Booted;
  let admin: Agent;
  let cdn: Awaited<ReturnType<typeof purgeReceiver>>;
  beforeAll(async () => {
    cdn = await purgeReceiver();
    booted = await testApp(db, { env: { PUBLIC_CACHE_MS: '1000', CDN_PURGE_URL: cdn.url } });
    admin = (await signUpAdmin(booted)).agent;
  });
  afterAll(async () => {
    await booted?.close();
    await cdn?.close();
  });

  const base = { excerpt: 'E', content: '<p>Body.</p>', category: 'wellness' };
  const create = async (title: string, extra: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/content', { ...base, title, ...extra });
    expect(res.status).toBe(201);
    return (await res.json()) as Json;
  };
  const rename = async (a: Json, slug: string, redirectOldSlug?: boolean) => {
    const res = await admin.put(`/api/content/${a.id}`, { slug, redirectOldSlug });
    expect(res.status).toBe(200);
    return (await res.json()) as Json;
  };
  // Anonymous, as a reader or a CDN asks.
  const get = (path: string) => booted.app.request(path, { redirect: 'manual' });

  it('the API read by the old slug answers 301 to the new one, with where it went; the new slug reads the article', async () => {
    const a = await create('Winter Walks');
    // Read once so the answer sits in the public cache: the rename must clear it.
    expect((await get('/api/content/winter-walks')).status).toBe(200);
    await rename(a, 'winter-walks-by-the-sea');

    const old = await get('/api/content/winter-walks');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/api/content/winter-walks-by-the-sea');
    expect(await old.json()).toEqual({
      message: 'This article has moved.',
      id: a.id,
      slug: 'winter-walks-by-the-sea',
    });
    // Cacheable like the article, and named by its key so the next change clears it.
    expect(old.headers.get('cache-control')).toMatch(/^public/);
    expect(old.headers.get('surrogate-key')).toContain(`article:${a.id}`);
    const now = await get('/api/content/winter-walks-by-the-sea');
    expect(now.status).toBe(200);
    expect(((await now.json()) as Json).id).toBe(a.id);
  });

  it.skipIf(!existsSync(webServerEntry))(
    'the page at the old slug answers 301 to the new page (query kept); the new page renders',
    async () => {
      const a = await create('Linen Mornings');
      expect((await get('/content/linen-mornings')).status).toBe(200);
      await rename(a, 'linen-mornings-at-home');
      const old = await get('/content/linen-mornings?ref=mail');
      expect(old.status).toBe(301);
      expect(old.headers.get('location')).toBe('/content/linen-mornings-at-home?ref=mail');
      expect(old.headers.get('surrogate-key')).toContain(`article:${a.id}`);
      const page = await get('/content/linen-mornings-at-home');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Linen Mornings');
      // A slug nobody ever had is still the 404 page.
      expect((await get('/content/never-was-here')).status).toBe(404);
    },
  );

  it('a chain of renames leads every old slug to the current one; renaming back removes the loop', async () => {
    const a = await create('Tea Rituals');
    const b = await rename(a, 'tea-rituals-2');
    const c = await rename(b, 'tea-rituals-3');
    for (const old of ['tea-rituals', 'tea-rituals-2']) {
      const res = await get(`/api/content/${old}`);
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe('/api/content/tea-rituals-3');
    }
    await rename(c, 'tea-rituals');
    expect((await get('/api/content/tea-rituals')).status).toBe(200);
    expect((await get('/api/content/tea-rituals-3')).headers.get('location')).toBe(
      '/api/content/tea-rituals',
    );
  });

  it('a rename that does not say keeps the old address as a 301 (issue 40 §13); one that says false does not', async () => {
    const kept = await create('Morning Pages');
    await rename(kept, 'morning-pages-2');
    const moved = await get('/api/content/morning-pages');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/api/content/morning-pages-2');
    expect((await get('/content/morning-pages')).status).toBe(301);
  });

  it('no redirect when asked not to, none for a draft nobody could read, and none once deleted', async () => {
    const a = await create('Quiet Hours');
    await rename(a, 'quiet-hours-2', false);
    expect((await get('/api/content/quiet-hours')).status).toBe(404);

    const d = await create('Draft Hours', { status: 'draft' });
    await rename(d, 'draft-hours-2');
    expect((await get('/api/content/draft-hours')).status).toBe(404);

    const e = await create('Gone Soon');
    await rename(e, 'gone-soon-2');
    expect((await get('/api/content/gone-soon')).status).toBe(301);
    expect((await admin.delete(`/api/content/${e.id}`)).status).toBe(204);
    expect((await get('/api/content/gone-soon')).status).toBe(404);
  });

  it('a new article that takes an old slug wins: the address is its own again', async () => {
    const a = await create('Slow Sundays');
    await rename(a, 'slow-sundays-at-home');
    expect((await get('/api/content/slow-sundays')).status).toBe(301);
    await settle();
    cdn.calls.length = 0;
    const b = await create('Slow Sundays', { slug: 'slow-sundays' });
    // The CDN may hold the old 301 under the first article's key: the create purges that key too.
    await settle();
    expect(cdn.calls.flat()).toEqual(expect.arrayContaining(['list:articles', `article:${a.id}`]));
    const res = await get('/api/content/slow-sundays');
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).id).toBe(b.id);
    // The first article keeps its new address.
    expect((await get('/api/content/slow-sundays-at-home')).status).toBe(200);
  });

  it('a withdrawn article leaves no working redirect', async () => {
    const a = await create('Short Lived');
    await rename(a, 'short-lived-2');
    expect((await get('/api/content/short-lived')).status).toBe(301);
    expect((await admin.put(`/api/content/${a.id}`, { status: 'draft' })).status).toBe(200);
    expect((await get('/api/content/short-lived')).status).toBe(404);
  });
});
