import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidate } from '../src/lib/cache/sync';
import { type Booted, boot } from '../src/bootstrap';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import * as s from '../src/db/schema';
import { markPagesStale, savePage, storeMissingPages } from '../src/web/stored-pages';
import { type Agent, createPostgresDatabase, dbTargets, signUpAdmin, testEnv } from './helpers';
import { publishedArticle, until } from './page-store-fixtures';

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 9));
const article = (slug: string, n: number, extra: Partial<typeof s.articles.$inferInsert> = {}) =>
  publishedArticle(slug, day(n), extra);

/**
 * Two instances on one database, with the page store on: what one stores the other serves, and a
 * write on one is never answered with the old page by the other (its micro-cache is cleared through
 * NOTIFY, the store marked stale first). Needs `pnpm build` (the web app's server render).
 */
async function twoInstances(kind: 'pglite' | 'postgres') {
  // The micro-cache on, for 30 s: an instance drops its copy only when NOTIFY tells it to.
  // Every article's page in the bound (these are dated January 2026): stored-pages-bound.test.ts tests the bound.
  const env = testEnv({ STORED_PAGES: 'true', PUBLIC_CACHE_MS: '30000', STORED_PAGES_DAYS: '36500' });
  if (kind === 'pglite') {
    const handle = await openDatabase({ dataDir: 'memory://' });
    const a = await boot(env, { database: handle });
    const b = await boot(env, { database: handle });
    return { a, b, close: () => handle.close() };
  }
  const created = await createPostgresDatabase('t_pages', { migrated: true });
  const handles: DatabaseHandle[] = [];
  for (let i = 0; i < 2; i++) handles.push(await openDatabase({ url: created.url, dataDir: 'unused' }));
  const a = await boot(env, { database: handles[0] });
  const b = await boot(env, { database: handles[1] });
  return {
    a,
    b,
    close: async () => {
      for (const h of handles) await h.close();
      await created.drop();
    },
  };
}

describe.each(dbTargets)('article pages stored when written, on %s', (kind) => {
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  let a: Booted;
  let b: Booted;
  let admin: Agent;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    pair = await twoInstances(kind);
    ({ a, b } = pair);
    admin = (await signUpAdmin(a)).agent;
    const rows = await a.deps.db
      .insert(s.articles)
      .values([
        article('one', 1),
        article('two', 2),
        article('three', 3),
        article('other', 4, { category: 'style' }),
      ])
      .returning({ id: s.articles.id, slug: s.articles.slug });
    for (const r of rows) ids[r.slug] = r.id;
  }, 120_000);
  afterAll(async () => pair?.close());

  const stored = async (path: string) => {
    const [row] = await a.deps.db.select().from(s.storedPages).where(eq(s.storedPages.path, path));
    return row;
  };
  const storedHtml = async (path: string) => {
    const row = await stored(path);
    return row?.br ? brotliDecompressSync(row.br).toString('utf8') : undefined;
  };
  const page = async (app: Booted, path: string, headers: Record<string, string> = {}) => {
    const res = await app.app.request(path, { headers: { 'accept-encoding': 'identity', ...headers } });
    return { status: res.status, html: await res.text(), res };
  };

  it('a miss renders and stores the page; the next miss, on any instance, is the stored bytes', async () => {
    const first = await page(a, '/content/three');
    expect(first.status).toBe(200);
    expect(first.html).toContain('Title of three');
    await until(async () => Boolean(await stored('/content/three')));
    const row = (await stored('/content/three'))!;
    expect(row.articleId).toBe(ids.three);
    expect(row.stale).toBe(false);
    // Its surrogate keys: the article and the related ones it shows, never a list (a list key would
    // make every new article mark every stored page stale).
    expect([...row.keys].sort()).toEqual(
      [`article:${ids.one}`, `article:${ids.three}`, `article:${ids.two}`].sort(),
    );
    // B serves exactly the stored brotli bytes (no render, no compression) to a browser.
    const fromB = await b.app.request('/content/three', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(fromB.headers.get('content-encoding')).toBe('br');
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(row.br!))).toBe(true);
    expect(fromB.headers.get('cache-control')).toMatch(/^public/);
    expect(fromB.headers.get('surrogate-key')?.split(' ').sort()).toEqual([...row.keys].sort());
    // So do B's hits on its micro-cache copy: the same stored bytes, not a brotli made per copy.
    const hitB = await b.app.request('/content/three', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(hitB.headers.get('content-encoding')).toBe('br');
    expect(Buffer.from(await hitB.arrayBuffer()).equals(Buffer.from(row.br!))).toBe(true);
  });

  it('holds nothing that changes with time: the published date is absolute (made relative in the browser)', async () => {
    const html = (await storedHtml('/content/three'))!;
    expect(html).toMatch(/<time dateTime="2026-01-03T09:00:00.000Z"[^>]*>3 January 2026<\/time>/);
    expect(html).not.toMatch(/\bago\b/);
  });

  it('an edit on one instance: the other never answers with the old page, and the store is rendered again', async () => {
    await page(a, '/content/two');
    await until(async () => Boolean(await stored('/content/two')));
    // B holds both pages in its micro-cache (30 s) before the edit.
    expect((await page(b, '/content/two')).html).toContain('Title of two');
    expect((await page(b, '/content/three')).html).toContain('Title of two');
    const saved = await admin.put(`/api/content/${ids.two}`, {
      title: 'Two, edited',
      excerpt: 'e',
      content: 'Body of two',
      category: 'wellness',
      status: 'published',
    });
    expect(saved.status).toBe(200);
    // On the other instance as soon as NOTIFY reaches it (milliseconds; 1 s allowed), both its own
    // page and the page showing it as related: the store was marked stale before NOTIFY went out.
    await until(async () => (await page(b, '/content/two')).html.includes('Two, edited'), 1000);
    await until(async () => (await page(b, '/content/three')).html.includes('Two, edited'), 1000);
    // And the store catches up by itself (the writing instance renders them again).
    await until(async () => (await storedHtml('/content/three'))?.includes('Two, edited') ?? false);
    await until(async () => (await storedHtml('/content/two'))?.includes('Two, edited') ?? false);
    expect((await stored('/content/three'))?.stale).toBe(false);
  });

  it('a newly published article is stored when written; an unpublished one is dropped and answers 404', async () => {
    const created = await admin.post('/api/content', {
      title: 'Four, fresh',
      excerpt: 'e',
      content: 'Body of four',
      category: 'wellness',
      status: 'published',
    });
    expect(created.status).toBe(201);
    const { id, slug } = (await created.json()) as { id: number; slug: string };
    await until(async () => Boolean(await stored(`/content/${slug}`)));
    // Older pages keep their related articles: a new article is after them, not before.
    expect(await storedHtml('/content/three')).not.toContain('Four, fresh');

    const withdrawn = await admin.put(`/api/content/${id}`, {
      title: 'Four, fresh',
      excerpt: 'e',
      content: 'Body of four',
      category: 'wellness',
      status: 'draft',
    });
    expect(withdrawn.status).toBe(200);
    expect((await page(b, `/content/${slug}`)).status).toBe(404);
    await until(async () => !(await stored(`/content/${slug}`)));
  });

  it('a write whose stale mark fails (the database refused it) is marked once it can: no instance keeps the old page', async () => {
    await page(a, '/content/other');
    await until(async () => Boolean(await stored('/content/other')));
    // A real failure of the mark's statement: its table is away for a moment.
    await a.deps.db.execute(sql`alter table page_invalidations rename to page_invalidations_away`);
    try {
      const saved = await admin.put(`/api/content/${ids.other}`, {
        title: 'Other, edited',
        excerpt: 'e',
        content: 'Body of other',
        category: 'style',
        status: 'published',
      });
      expect(saved.status).toBe(200);
      // Meanwhile the store still holds the old page as fresh (the window this closes).
      expect((await stored('/content/other'))?.stale).toBe(false);
      expect(await storedHtml('/content/other')).toContain('Title of other');
    } finally {
      await a.deps.db.execute(sql`alter table page_invalidations_away rename to page_invalidations`);
    }
    await until(async () => (await page(b, '/content/other')).html.includes('Other, edited'));
    await until(async () => (await storedHtml('/content/other'))?.includes('Other, edited') ?? false);
    // Both instances may store their render; let them finish before the next test empties the store.
    let last = '';
    await until(async () => {
      const at = String((await stored('/content/other'))?.renderedAt);
      await new Promise((r) => setTimeout(r, 250));
      const settled = at === last;
      last = at;
      return settled;
    });
  });

  it('signed-in readers and previews are never stored', async () => {
    await a.deps.db.delete(s.storedPages);
    const signedIn = await admin.get('/content/one');
    expect(signedIn.status).toBe(200);
    const preview = await admin.get(`/admin/preview/${ids.one}`);
    expect(preview.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await a.deps.db.select().from(s.storedPages)).toEqual([]);
  });

  it('a page of another build is not served, and only the newest build writes', async () => {
    await page(a, '/content/one');
    await until(async () => Boolean(await stored('/content/one')));
    // As if an older build had stored it: this instance renders it itself, and stores its own again.
    await a.deps.db
      .update(s.storedPages)
      .set({ build: 'older-build', br: new Uint8Array(brotliCompressSync('<p>old build page</p>')) })
      .where(eq(s.storedPages.path, '/content/one'));
    const fresh = await page(b, '/content/one');
    expect(fresh.html).toContain('Title of one');
    expect(fresh.html).not.toContain('old build page');
    await until(async () => (await stored('/content/one'))?.build !== 'older-build');
  });

  it('a render that began before a write to what it shows is not stored', async () => {
    const row = (await stored('/content/one'))!;
    const before = new Date(Date.now() - 60_000);
    await markPagesStale(a.deps, [`article:${ids.one}`]);
    const entry = { status: 200, headers: [], keys: row.keys, body: brotliDecompressSync(row.br!) };
    expect(await savePage(a.deps, '/content/one', entry as never, row.build, before)).toBe(false);
    expect(
      await savePage(a.deps, '/content/one', entry as never, row.build, new Date(Date.now() + 1000)),
    ).toBe(true);
  });

  it('the start-up job stores every public article once', async () => {
    await a.deps.db.delete(s.storedPages);
    const made = await storeMissingPages(a.deps);
    const publicCount = await a.deps.db.execute(
      sql`select count(*)::int as n from articles where status = 'published' and coalesce(published_at, created_at) <= now()`,
    );
    expect(made).toBe((publicCount as unknown as { rows: { n: number }[] }).rows[0]!.n);
    expect(await storeMissingPages(a.deps)).toBe(0);
    // Each run refreshes the store's statistics first: filled from empty it looked empty to the planner
    // (autovacuum may be off or late), and the missing-page query went quadratic (266 s at 98,000 pages).
    const stats = await a.deps.db.execute(
      sql`select reltuples::int as n from pg_class where relname = 'stored_pages'`,
    );
    expect((stats as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(made);
  });
});

describe('closing an instance while it renders stored pages again', () => {
  it('lets the page in hand finish before the pool closes: nothing fails, nothing logged', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const app = await boot(testEnv({ STORED_PAGES: 'true' }), { logger });
    const rows = await app.deps.db
      .insert(s.articles)
      .values([article('first', 1), article('second', 2)])
      .returning({ id: s.articles.id });
    await storeMissingPages(app.deps);
    // A write's refresh renders both pages again in the background; the instance stops at once.
    await invalidate(
      app.deps,
      rows.map((r) => `article:${r.id}`),
    );
    await app.close();
    expect(lines).toEqual([]);
  });
});

describe('what a stored article page keeps from the API (PAGE_STORE_REV)', () => {
  // sha256 of the article and related answers for a fixed corpus, per PAGE_STORE_REV. A change to
  // those answers (a field added, a format changed) fails here: bump PAGE_STORE_REV in
  // web/stored-pages.ts, so every stored page is rendered again, and record the digest it prints.
  const DIGESTS: Record<number, string> = {
    1: 'ccf99f85ee39734fe607ad2fbd1124cdcbdc18a40772bfed59660555b06d153a',
    // 2: article reads no longer carry an AI draft's unconfirmed suggestedRating (issue 26).
    2: 'c4e46c8e73f5ff9dc54464cb130ceb896bb252e6794f5708703cf53dfd680446',
  };

  it('has not changed since the revision was recorded', async () => {
    const { createHash } = await import('node:crypto');
    const { PAGE_STORE_REV } = await import('../src/web/stored-pages');
    const booted = await boot(testEnv(), { database: await openDatabase({ dataDir: 'memory://' }) });
    try {
      const at = new Date(Date.UTC(2026, 0, 1, 9));
      await booted.deps.db.insert(s.articles).values(
        [1, 2, 3].map((n) => ({
          ...article(`fixed-${n}`, n),
          content: `## Part ${n}\n\nSome **bold** words and a [link](https://example.org/${n}).`,
          tags: ['calm', `tag-${n}`],
          author: 'Ann',
          imageUrl: `/uploads/${n}.webp`,
          createdAt: at,
          updatedAt: at,
        })),
      );
      const answers = [];
      for (const path of [
        '/api/content/fixed-2',
        '/api/content/fixed-2/related',
        '/api/content/fixed-1/related',
      ]) {
        const res = await booted.app.request(path);
        answers.push(path, res.status, await res.text(), res.headers.get('surrogate-key'));
      }
      const digest = createHash('sha256').update(JSON.stringify(answers)).digest('hex');
      expect(
        digest,
        `the article API answers differently: bump PAGE_STORE_REV in web/stored-pages.ts and record ${digest}`,
      ).toBe(DIGESTS[PAGE_STORE_REV]);
    } finally {
      await booted.close();
    }
  });
});

describe('storeBuild', () => {
  it('changes with the web build and with the settings a page prints (SITE_URL, BRAND_NAME)', async () => {
    const { storeBuild } = await import('../src/web/stored-pages');
    const env = { SITE_URL: 'https://a.example', BRAND_NAME: 'Bloom' };
    const base = storeBuild('web1', env);
    expect(storeBuild('web1', { ...env })).toBe(base);
    expect(storeBuild('web2', env)).not.toBe(base);
    expect(storeBuild('web1', { ...env, SITE_URL: 'https://b.example' })).not.toBe(base);
    expect(storeBuild('web1', { ...env, BRAND_NAME: 'Other' })).not.toBe(base);
  });
});
