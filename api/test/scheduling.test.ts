import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { type Agent, dbTargets, signUpAdmin, testApp } from './helpers';
import { sitemapUrls } from './sitemaps';

type Json = Record<string, unknown>;
const CACHE_TTL_MS = 700;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sleepUntil = (t: number) => sleep(Math.max(0, t - Date.now()));

/**
 * A scheduled article is public from its publishedAt on, evaluated by each public query (no job),
 * and the public micro-cache holds the old answer for at most its TTL past that moment.
 */
describe.each(dbTargets)('scheduled publishing on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  let olderId = 0;
  beforeAll(async () => {
    booted = await testApp(kind, { env: { PUBLIC_CACHE_MS: String(CACHE_TTL_MS) } });
    admin = (await signUpAdmin(booted)).agent;
    // An older published article in the same category, so lists are not empty either way.
    const older = await admin.post('/api/content', {
      title: 'Older career piece',
      excerpt: 'E',
      content: 'Body',
      category: 'career',
    });
    olderId = ((await older.json()) as { id: number }).id;
  });
  afterAll(async () => booted?.close());

  const get = (path: string) => booted.app.request(path);

  /** Where readers can meet an article: each check says whether this one is there. */
  async function visibility(a: { id: number; slug: string }) {
    const ids = async (path: string) => ((await (await get(path)).json()) as Json[]).map((r) => r.id);
    const counts = (await (await get('/api/content/counts')).json()) as Record<string, number>;
    return {
      list: (await ids('/api/content?limit=20')).includes(a.id),
      // The older piece's related articles: the nearest after it, as it has none before.
      related: (await ids(`/api/content/${olderId}/related`)).includes(a.id),
      featured: (await ids('/api/content/featured')).includes(a.id),
      search: (await ids('/api/content/search?q=zephyrquill')).includes(a.id),
      careerCount: counts.career,
      bySlug: (await get(`/api/content/${a.slug}`)).status,
      byId: (await get(`/api/content/${a.id}`)).status,
      sitemap: (await sitemapUrls(booted.app)).some((u) => u.endsWith(`/content/${a.slug}`)),
      feed: (await (await get('/feed.xml')).text()).includes(`/content/${a.slug}<`),
    };
  }

  it('is absent everywhere before its time and present everywhere from it, cache included', async () => {
    const at = new Date(Date.now() + 3500);
    const res = await admin.post('/api/content', {
      title: 'Zephyrquill morning routine',
      excerpt: 'Scheduled excerpt',
      content: 'Scheduled body',
      category: 'career',
      status: 'scheduled',
      publishedAt: at.toISOString(),
    });
    expect(res.status).toBe(201);
    const a = (await res.json()) as { id: number; slug: string; status: string; publishedAt: string };
    expect(a.status).toBe('scheduled');
    expect(new Date(a.publishedAt).getTime()).toBe(at.getTime());

    const before = await visibility(a);
    expect(before).toEqual({
      list: false,
      related: false,
      featured: false,
      search: false,
      careerCount: 1,
      bySlug: 404,
      byId: 404,
      sitemap: false,
      feed: false,
    });
    // Admin lists see it as scheduled until then.
    const scheduled = (await (await admin.get('/api/admin/content?status=scheduled')).json()) as Json[];
    expect(scheduled.map((r) => r.id)).toEqual([a.id]);

    // Just before the moment, a reader caches the list without it (the cache keeps it up to one TTL).
    await sleepUntil(at.getTime() - 150);
    expect(((await (await get('/api/content?limit=20')).json()) as Json[]).some((r) => r.id === a.id)).toBe(
      false,
    );
    // No write happens at the boundary: only time passes. Cached answers may last one TTL past it;
    // the search answer read above, kept SEARCH_CACHE_MS (30 s), ends at the go-live moment too.
    await sleepUntil(at.getTime() + CACHE_TTL_MS + 100);
    const after = await visibility(a);
    expect(after).toEqual({
      list: true,
      related: true,
      featured: true,
      search: true,
      careerCount: 2,
      bySlug: 200,
      byId: 200,
      sitemap: true,
      feed: true,
    });
    const published = (await (await admin.get('/api/admin/content?status=published')).json()) as Json[];
    expect(published.find((r) => r.id === a.id)?.status).toBe('published');
  });

  it('refuses a schedule in the past or without a time (400), and saves nothing', async () => {
    const body = { title: 'Past plan', excerpt: 'E', content: 'C', category: 'home', status: 'scheduled' };
    const past = await admin.post('/api/content', {
      ...body,
      publishedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(((await past.json()) as Json).message).toMatch(/future/);
    const missing = await admin.post('/api/content', body);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Json).message).toMatch(/when to publish/);
    const found = await admin.get('/api/admin/content?q=past%20plan');
    expect(found.headers.get('x-total-count')).toBe('0');
  });

  it('the editor can publish a scheduled article now, or unschedule it back to a draft', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const body = {
      title: 'Later piece',
      excerpt: 'E',
      content: 'C',
      category: 'home',
      status: 'scheduled',
      publishedAt: at,
    };
    const a = (await (await admin.post('/api/content', body)).json()) as Json;
    expect((await get(`/api/content/${a.slug}`)).status).toBe(404);

    const now = (await (
      await admin.put(`/api/content/${a.id}`, { ...body, status: 'published', updatedAt: a.updatedAt })
    ).json()) as Json;
    expect(now.status).toBe('published');
    expect(new Date(now.publishedAt as string).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await get(`/api/content/${a.slug}`)).status).toBe(200);

    const b = (await (
      await admin.post('/api/content', { ...body, title: 'Later piece two' })
    ).json()) as Json;
    const draft = (await (
      await admin.put(`/api/content/${b.id}`, { ...body, title: 'Later piece two', status: 'draft' })
    ).json()) as Json;
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null });
  });
});
