import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { articles, challenges, storySubmissions } from '../src/db/schema';
import { Agent, dbTargets, testApp } from './helpers';
import { sitemapUrls } from './sitemaps';

type Row = typeof articles.$inferInsert;
const day = 24 * 3600 * 1000;
const base = Date.UTC(2026, 0, 31);

function article(n: number, extra: Partial<Row> = {}): Row {
  return {
    slug: `article-${n}`,
    title: `Article number ${n}`,
    excerpt: `Excerpt ${n}`,
    content: `<p>Body ${n}</p>`,
    category: n % 2 ? 'wellness' : 'style',
    publishedAt: new Date(base - n * day),
    ...extra,
  };
}

describe.each(dbTargets)('public content API on %s', (kind) => {
  let booted: Booted;
  const get = (path: string, headers?: Record<string, string>) => booted.app.request(path, { headers });
  const json = async <T = Record<string, unknown>[]>(path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    booted = await testApp(kind);
    const rows: Row[] = [];
    for (let n = 1; n <= 24; n++) rows.push(article(n));
    rows.push(
      // No publishedAt: ordered by createdAt, which is "now" — newest of all.
      article(100, { publishedAt: null, category: 'career', title: 'Fresh career notes' }),
      article(101, { status: 'draft', title: 'Secret draft about mindfulness', category: 'wellness' }),
      article(102, {
        title: 'Mindfulness for beginners',
        excerpt: 'Breathing exercises',
        content:
          'Plain **markdown** body\n\n[Read more](https://example.org/more)\n\n[bad](javascript:alert(1))',
        category: 'community',
        tags: ['meditation'],
        publishedAt: new Date(base - 50 * day),
      }),
      article(103, {
        title: 'Mixed HTML',
        content: '<p>Hello <script>alert(1)</script><a href="https://x.test" onclick="x()">x</a></p>',
        category: 'home',
        publishedAt: new Date(base - 60 * day),
      }),
      article(104, { isExternal: true, url: 'https://news.example/x', category: 'sports' }),
    );
    await booted.deps.db.insert(articles).values(rows);
    await booted.deps.db.insert(challenges).values([
      { title: 'Hydrate', description: 'Drink water', participantCount: 10 },
      { title: 'Old one', description: 'Done', participantCount: 5, active: false },
      { title: 'Steps', description: 'Walk', participantCount: 7 },
      { title: 'Sleep', description: 'Rest', participantCount: 3 },
      { title: 'Read', description: 'Books', participantCount: 2 },
    ]);
  }, 60_000);
  afterAll(async () => booted?.close());

  it('GET /api/content lists published articles newest first by publishedAt, else createdAt, without drafts', async () => {
    const list = await json('/api/content?limit=100');
    expect(list).toHaveLength(28);
    expect(list[0]?.slug).toBe('article-100'); // no publishedAt → createdAt (now)
    expect(list[1]?.slug).toBe('article-1');
    expect(list.map((a) => a.slug)).not.toContain('article-101');
    expect(list[0]).not.toHaveProperty('content'); // lists leave out the body
    const dates = list.slice(1).map((a) => Date.parse(a.publishedAt as string));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('defaults to 20 a page and pages with offset without overlap (Load More fetches the next page)', async () => {
    const first = await json('/api/content');
    expect(first).toHaveLength(20);
    const second = await json('/api/content?offset=20');
    expect(second).toHaveLength(8);
    const ids = new Set([...first, ...second].map((a) => a.id));
    expect(ids.size).toBe(28);
  });

  it('filters by category and bounds the limit', async () => {
    const style = await json('/api/content?category=style&limit=4');
    expect(style).toHaveLength(4);
    expect(style.every((a) => a.category === 'style')).toBe(true);
    expect((await get('/api/content?limit=1000')).status).toBe(400);
    expect((await get('/api/content?category=nope')).status).toBe(400);
  });

  it('GET /api/content/counts gives per-category counts of published articles for the filter buttons', async () => {
    const counts = await json<Record<string, number>>('/api/content/counts');
    expect(counts).toMatchObject({
      all: 28,
      wellness: 12,
      style: 12,
      career: 1,
      community: 1,
      home: 1,
      nutrition: 0,
    });
  });

  it('GET /api/content/featured gives 3 published, newest first', async () => {
    const featured = await json('/api/content/featured');
    expect(featured.map((a) => a.slug)).toEqual(['article-100', 'article-1', 'article-2']);
  });

  it('GET /api/content/{identifier} by slug and by numeric id; drafts and missing answer 404 {message}', async () => {
    const bySlug = await json<Record<string, unknown>>('/api/content/article-3');
    expect(bySlug).toMatchObject({ title: 'Article number 3', content: '<p>Body 3</p>' });
    const byId = await json<Record<string, unknown>>(`/api/content/${bySlug.id}`);
    expect(byId.slug).toBe('article-3');
    for (const path of ['/api/content/article-101', '/api/content/nope', '/api/content/999999']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: 'Article not found' });
    }
  });

  it('article bodies: markdown-like text becomes safe HTML with button links; HTML is sanitised', async () => {
    const md = await json<{ contentHtml: string }>('/api/content/article-102');
    expect(md.contentHtml).toContain('<strong>markdown</strong>');
    expect(md.contentHtml).toMatch(
      /<a href="https:\/\/example.org\/more" target="_blank" rel="noopener noreferrer" class="[^"]*rounded-full/,
    );
    expect(md.contentHtml).not.toContain('javascript:');
    const html = await json<{ contentHtml: string }>('/api/content/article-103');
    expect(html.contentHtml).not.toContain('<script');
    expect(html.contentHtml).not.toContain('onclick');
    expect(html.contentHtml).toContain(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('search needs 3 or more characters: fewer answer 400 {message}', async () => {
    const res = await get('/api/content/search?q=ab');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/at least 3 characters/);
    expect((await get('/api/content/search')).status).toBe(400);
  });

  it('search matches title, excerpt, body and tags by prefix, ranked, and never shows drafts', async () => {
    const mind = await json('/api/content/search?q=mindful');
    expect(mind.map((a) => a.slug)).toEqual(['article-102']); // the draft also says mindfulness
    expect((await json('/api/content/search?q=breath')).map((a) => a.slug)).toEqual(['article-102']);
    expect((await json('/api/content/search?q=meditation')).map((a) => a.slug)).toEqual(['article-102']);
    expect((await json('/api/content/search?q=markdown')).map((a) => a.slug)).toEqual(['article-102']);
    const ranked = await json('/api/content/search?q=article number');
    expect(ranked.length).toBeGreaterThan(20);
    expect(ranked.length).toBeLessThanOrEqual(50);
    expect(await json('/api/content/search?q=zzzqqq')).toEqual([]);
    expect(await json('/api/content/search?q=%27%26%21%3A%2A')).toEqual([]); // only punctuation: no error
  });

  it('a category page searches its own category; the buttons count the search’s matches (issue 26)', async () => {
    // "Article number" matches 24 wellness and style articles and the sports item; not the career note.
    const all = await json('/api/content/search?q=article number');
    expect(new Set(all.map((a) => a.category))).toEqual(new Set(['wellness', 'style', 'sports']));
    const style = await json('/api/content/search?q=article number&category=style');
    expect(style.length).toBe(12);
    expect(style.every((a) => a.category === 'style')).toBe(true);
    expect(await json('/api/content/search?q=article number&category=career')).toEqual([]);
    expect((await get('/api/content/search?q=article&category=gossip')).status).toBe(400);

    const counts = await json<Record<string, number>>('/api/content/counts?q=article number');
    expect(counts).toMatchObject({ all: 25, wellness: 12, style: 12, sports: 1, career: 0, community: 0 });
    expect(counts).not.toHaveProperty('capped');
    // Drafts are never counted: only the published "Mindfulness" article matches.
    expect(await json('/api/content/counts?q=mindful')).toMatchObject({ all: 1, community: 1, wellness: 0 });
    expect((await get('/api/content/counts?q=ab')).status).toBe(400);
  });

  it('public GETs send Cache-Control and ETag and answer If-None-Match with 304', async () => {
    for (const path of [
      '/api/content',
      '/api/content/featured',
      '/api/content/article-1',
      '/api/challenges?active=true',
    ]) {
      const res = await get(path);
      expect(res.headers.get('cache-control'), path).toMatch(/public/);
      const tag = res.headers.get('etag');
      expect(tag, path).toBeTruthy();
      const again = await get(path, { 'if-none-match': tag ?? '' });
      expect(again.status, path).toBe(304);
    }
  });

  it('GET /api/challenges?active=true lists only active challenges; /api/challenges/{id} or 404', async () => {
    const list = await json('/api/challenges?active=true');
    expect(list.map((c) => c.title)).toEqual(['Hydrate', 'Steps', 'Sleep', 'Read']);
    const one = await json<Record<string, unknown>>(`/api/challenges/${list[0]?.id}`);
    expect(one).toMatchObject({ title: 'Hydrate', participantCount: 10, active: true });
    expect((await get('/api/challenges/99999')).status).toBe(404);
    expect((await get('/api/challenges/abc')).status).toBe(404);
  });

  it('POST /api/stories stores a valid story for admins, rejects bad input, rate-limits per address', async () => {
    const agent = new Agent(booted.app);
    const story = {
      name: 'Ada',
      email: 'ada@example.com',
      title: 'My year of running',
      story: 'I started running last spring and it changed how I think about my body and my time.',
      consent: true,
    };
    const bad = await agent.post('/api/stories', { ...story, email: 'nope' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/valid email/);
    const ok = await agent.post('/api/stories', story);
    expect(ok.status).toBe(201);
    const saved = await booted.deps.db.select().from(storySubmissions);
    expect(saved.some((s) => s.title === 'My year of running' && s.status === 'new')).toBe(true);
    let last = 201;
    for (let i = 0; i < 5; i++) last = (await agent.post('/api/stories', story)).status;
    expect(last).toBe(429);
  });
});

describe.each(dbTargets)('sitemap, robots and feed on %s', (kind) => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp(kind);
    await booted.deps.db
      .insert(articles)
      .values([article(1, { title: 'Tea & <Biscuits>' }), article(2, { status: 'draft' })]);
    await booted.deps.db.insert(challenges).values({ title: 'Walk', description: 'Walk more' });
  }, 60_000);
  afterAll(async () => booted?.close());

  it('the sitemap files list home, categories, news, shop, recipes, contact, legal, challenges and published articles only', async () => {
    const res = await booted.app.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/xml/);
    const body = (await sitemapUrls(booted.app)).map((u) => `<loc>${u}</loc>`).join('\n');
    for (const p of [
      '/',
      '/wellness',
      '/community',
      '/news',
      '/shop',
      '/recipes',
      '/challenges',
      '/contact',
      '/privacy',
      '/terms',
      '/cookie-policy',
      '/content/article-1',
    ]) {
      expect(body, p).toContain(`<loc>http://localhost:3000${p}</loc>`);
    }
    expect(body).not.toContain('article-2');
    expect(body).toMatch(/<loc>http:\/\/localhost:3000\/challenges\/\d+<\/loc>/);
    // Product and recipe pages are sign-in only (noindex): never in the sitemap.
    expect(body).not.toMatch(/\/product\/\d+|\/recipe\/\d+/);
  });

  it('/robots.txt points to the sitemap', async () => {
    const body = await (await booted.app.request('/robots.txt')).text();
    expect(body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('/feed.xml is RSS 2.0 of the latest published articles, escaped', async () => {
    const res = await booted.app.request('/feed.xml');
    expect(res.headers.get('content-type')).toMatch(/rss\+xml/);
    const body = await res.text();
    expect(body).toContain('<rss version="2.0"');
    expect(body).toContain('<title>Tea &amp; &lt;Biscuits&gt;</title>');
    expect(body).toContain('<link>http://localhost:3000/content/article-1</link>');
    expect(body).not.toContain('article-2');
  });
});
