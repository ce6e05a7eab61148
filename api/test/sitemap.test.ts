import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { articles } from '../src/db/schema';
import { SITEMAP_FILE_SIZE as B } from '../src/routes/sitemap';
import { type Agent, dbTargets, signUpAdmin, testApp } from './helpers';
import { locs, sitemapFiles } from './sitemaps';

type Row = typeof articles.$inferInsert;
const SITE = 'http://localhost:3000';
const day = 24 * 3600 * 1000;

function article(id: number, extra: Partial<Row> = {}): Row {
  return {
    id,
    slug: `a-${id}`,
    title: `Article ${id}`,
    excerpt: 'E',
    content: '<p>Body</p>',
    category: 'wellness',
    publishedAt: new Date(Date.now() - day),
    updatedAt: new Date(Date.UTC(2025, 0, 1) + id * 1000),
    ...extra,
  };
}

/**
 * Published articles on both sides of file boundaries (files 0, 1, 2 and 5), drafts and future
 * schedules among them, ranges 3 and 4 holding none that is public.
 */
const PUBLISHED = [1, 2, 3, B - 1, B, B + 1, 2 * B - 1, 2 * B, 3 * B - 1, 5 * B + 7];
const HIDDEN: Row[] = [
  article(4, { status: 'draft' }),
  article(B + 2, { status: 'scheduled', publishedAt: new Date(Date.now() + 30 * day) }),
  article(3 * B + 5, { status: 'draft' }),
  article(4 * B, { status: 'scheduled', publishedAt: new Date(Date.now() + 30 * day) }),
];

const fileOf = (id: number) => `/sitemap-articles-${Math.floor(id / B)}.xml`;

describe.each(dbTargets)('sitemap index on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  const get = (path: string) => booted.app.request(path);

  beforeAll(async () => {
    // Cached long, so only a write's clearing can show a change.
    booted = await testApp(kind, { env: { PUBLIC_CACHE_MS: '60000' } });
    admin = (await signUpAdmin(booted)).agent;
    await booted.deps.db.insert(articles).values([...PUBLISHED.map((id) => article(id)), ...HIDDEN]);
    await booted.deps.db.execute(sql`select setval(pg_get_serial_sequence('articles', 'id'), ${6 * B})`);
  }, 60_000);
  afterAll(async () => booted?.close());

  it('lists the pages file and one file per id range holding a public article; robots.txt points at it', async () => {
    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/application\/xml/);
    const body = await index.text();
    expect(body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(body)).toEqual([
      `${SITE}/sitemap-pages.xml`,
      `${SITE}/sitemap-articles-0.xml`,
      `${SITE}/sitemap-articles-1.xml`,
      `${SITE}/sitemap-articles-2.xml`,
      `${SITE}/sitemap-articles-5.xml`,
    ]);
    expect(await (await get('/robots.txt')).text()).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it('has every published article exactly once, in the file of its id range, with its updatedAt; no draft or future one', async () => {
    const files = await sitemapFiles(booted.app);
    const seen = new Map<string, string[]>();
    for (const [path, body] of files) {
      expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      for (const loc of locs(body)) seen.set(loc, [...(seen.get(loc) ?? []), path]);
    }
    const articleLocs = [...seen.keys()].filter((l) => l.includes('/content/'));
    expect(articleLocs.sort()).toEqual(PUBLISHED.map((id) => `${SITE}/content/a-${id}`).sort());
    for (const id of PUBLISHED) expect(seen.get(`${SITE}/content/a-${id}`), `a-${id}`).toEqual([fileOf(id)]);
    // In id order within a file, each with its last change.
    expect(locs(files.get('/sitemap-articles-1.xml') ?? '')).toEqual(
      [B, B + 1, 2 * B - 1].map((id) => `${SITE}/content/a-${id}`),
    );
    expect(files.get('/sitemap-articles-5.xml')).toContain(
      `<loc>${SITE}/content/a-${5 * B + 7}</loc><lastmod>${new Date(Date.UTC(2025, 0, 1) + (5 * B + 7) * 1000).toISOString()}</lastmod>`,
    );
    // The fixed pages and challenges are in the pages file, not repeated in the article files.
    expect(seen.get(`${SITE}/news`)).toEqual(['/sitemap-pages.xml']);
  });

  it('answers 404 with a message for any file it does not list: empty, past the last, malformed, huge', async () => {
    const names = [
      '3', // drafts only
      '4', // a future schedule only
      '6', // past the largest id
      String(Math.floor(2_147_483_647 / B) + 1), // past any int4 id
      '01',
      '00',
      '-1',
      '+1',
      '1e3',
      '1.0',
      ' 1',
      'x',
      '',
      '99999999999999999999',
      '9'.repeat(400),
    ];
    for (const name of names) {
      const res = await get(`/sitemap-articles-${encodeURIComponent(name)}.xml`);
      expect(res.status, name).toBe(404);
      expect(((await res.json()) as { message: string }).message, name).toMatch(/sitemap file/);
    }
    expect((await get('/sitemap-articles-1.xml.gz')).status).toBe(404);
    expect((await get('/sitemap-articles-1.xml')).status).toBe(200);
  });

  it('keeps each file cached until an article write clears it', async () => {
    const before = await (await get(fileOf(B))).text();
    const indexBefore = await (await get('/sitemap.xml')).text();
    // Changed behind the API's back: the cached copies still show the old state.
    await booted.deps.db
      .update(articles)
      .set({ status: 'published', publishedAt: new Date(Date.now() - day) })
      .where(eq(articles.id, 3 * B + 5));
    expect(await (await get('/sitemap.xml')).text()).toBe(indexBefore);
    expect((await get('/sitemap-articles-3.xml')).status).toBe(200);

    // An editor publishes the scheduled article of file 1 and withdraws one of file 0.
    const published = await admin.put(`/api/content/${B + 2}`, {
      status: 'published',
      publishedAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(published.status).toBe(200);
    const after = await (await get(fileOf(B))).text();
    expect(after).not.toBe(before);
    expect(locs(after)).toContain(`${SITE}/content/a-${B + 2}`);
    expect(locs(await (await get('/sitemap.xml')).text())).toContain(`${SITE}/sitemap-articles-3.xml`);

    const file0 = await (await get(fileOf(2))).text();
    expect(locs(file0)).toContain(`${SITE}/content/a-2`);
    expect((await admin.put('/api/content/2', { status: 'draft' })).status).toBe(200);
    expect(locs(await (await get(fileOf(2))).text())).not.toContain(`${SITE}/content/a-2`);
    // A deleted article's range empties: its file goes from the index and answers 404.
    expect((await admin.delete(`/api/content/${5 * B + 7}`)).status).toBeLessThan(300);
    expect(locs(await (await get('/sitemap.xml')).text())).not.toContain(`${SITE}/sitemap-articles-5.xml`);
    expect((await get('/sitemap-articles-5.xml')).status).toBe(404);
  });
});
