import { readdir, rm } from 'node:fs/promises';
import { parseOriginalName } from '@site/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { articles, pictures, rssRuns } from '../src/db/schema';
import { backfillFeedPictures } from '../src/rss/picture-backfill';
import { type RunOptions, runRssNow } from '../src/rss/run';
import type { FeedSource } from '../src/rss/sources';
import { dbTargets, testApp } from './helpers';
import { type FeedServer, startFeedServer } from './rss-feed-server';

/**
 * Issue 39 §3: pictures from feeds are ours. The picture chosen for a new item is fetched by the
 * server through the safe outbound fetch, checked and stored like an upload; the article points at
 * our copy. A picture that cannot be had leaves the article without one and a warning on the run.
 */

const SITE = 'http://localhost:3000';
const limits = { timeoutMs: 3000, maxBytes: 64 * 1024, maxRedirects: 3 };
let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds.close());

const source = (path: string, name = 'Garden Pictures'): FeedSource => ({
  name,
  url: `${feeds.base}${path}`,
  category: 'home',
  makeRecipes: false,
});
/** Requests for pictures the feed server has answered (every path under /img/). */
const pictureHits = () =>
  [...feeds.hits].filter(([path]) => path.startsWith('/img/')).reduce((n, [, hits]) => n + hits, 0);

describe.each(dbTargets)('pictures from feeds on %s (issue 39 §3)', (kind) => {
  let booted: Booted;
  const uploadDir = `/tmp/site-rss-pictures-test-${process.pid}-${kind}`;
  const run = (path: string, opts: RunOptions = {}) =>
    runRssNow(booted.deps, 'manual', { sources: [source(path)], limits, ...opts });
  const article = (title: string) =>
    booted.deps.db.query.articles.findFirst({ where: eq(articles.title, title) });

  beforeAll(async () => {
    booted = await testApp(kind, { env: { RSS_ALLOW_PRIVATE: 'true', UPLOAD_DIR: uploadDir } });
  });
  afterAll(async () => {
    await booted?.close();
    await rm(uploadDir, { recursive: true, force: true });
  });

  it('the chosen picture is fetched once, stored as our own sized WebP, and its address kept for credit', async () => {
    const warn = vi.spyOn(booted.deps.logger, 'warn');
    // One feed server for every database's run: count from here.
    const sunflowerHits = feeds.hits.get('/img/sunflowers.jpg') ?? 0;
    const summary = await run('/pictures/mixed.xml');
    expect(summary?.feeds.map((f) => [f.fetched, f.created, f.error])).toEqual([[5, 5, null]]);

    const sunflowers = await article('Sunflowers in the allotment');
    const seeds = await article('Sunflower seeds to save');
    const imageUrl = sunflowers?.imageUrl ?? '';
    expect(imageUrl).toMatch(new RegExp(`^${SITE}/uploads/[0-9a-f-]{36}-1600x1000\\.webp$`));
    // Two items name the same picture: one fetch, one stored copy, both articles show it.
    expect(seeds?.imageUrl).toBe(imageUrl);
    expect(feeds.hits.get('/img/sunflowers.jpg')).toBe(sunflowerHits + 1);

    const name = new URL(imageUrl).pathname.slice('/uploads/'.length);
    expect(parseOriginalName(name)).toMatchObject({ width: 1600, height: 1000 });
    expect(await readdir(uploadDir)).toContain(name);
    const served = await booted.app.request(`/uploads/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const [row] = await booted.deps.db.select().from(pictures).where(eq(pictures.name, name));
    expect(row).toMatchObject({
      width: 1600,
      height: 1000,
      sourceUrl: `${feeds.base}/img/sunflowers.jpg?size=large&token=abc123`,
    });

    // Each picture that could not be had: the item is imported without one, and the run says why.
    for (const title of ['Missing photo of the pond', 'A page posing as a photo', 'A photo far too large']) {
      const a = await article(title);
      expect(a, title).toBeDefined();
      expect(a?.imageUrl, title).toBeNull();
    }
    expect(summary?.status).toBe('warnings');
    const expected = [
      '1 item imported without a picture (the server answered 404): "Missing photo of the pond"',
      '1 item imported without a picture (not a JPEG, PNG, GIF or WebP picture): "A page posing as a photo"',
      '1 item imported without a picture (larger than 5 MB): "A photo far too large"',
    ];
    expect(summary?.feeds[0]?.warnings).toEqual(expected);
    const stored = await booted.deps.db.query.rssRuns.findFirst({
      where: eq(rssRuns.id, summary?.runId ?? -1),
    });
    expect(stored?.status).toBe('warnings');
    expect(stored?.feeds[0]?.warnings).toEqual(expected);

    // One log line for the feed: reasons and hosts, never the address, its query string or a title.
    const logged = warn.mock.calls.filter((c) => c[1] === '[rss] items imported without their pictures');
    expect(logged).toHaveLength(1);
    expect(logged[0]?.[0]).toMatchObject({
      feed: 'Garden Pictures',
      pictures: 3,
      reasons: { 'http-404': 1, 'not-a-picture': 1, 'too-large': 1 },
      hosts: [new URL(feeds.base).host],
    });
    const everything = JSON.stringify(warn.mock.calls);
    expect(everything).not.toContain('token=abc123');
    expect(everything).not.toContain('/img/');
    warn.mockRestore();
  });

  it('items already imported fetch no picture on the next run', async () => {
    const path = '/pictures/twice.xml?picture=/img/park.jpg';
    const parkHits = feeds.hits.get('/img/park.jpg') ?? 0;
    const first = await run(path);
    expect(first?.articlesCreated).toBe(1);
    expect(feeds.hits.get('/img/park.jpg')).toBe(parkHits + 1);
    const imported = await booted.deps.db.query.articles.findFirst({
      where: eq(articles.url, `${feeds.base}/p/twice/1`),
    });
    expect(imported?.imageUrl).toMatch(new RegExp(`^${SITE}/uploads/.+-1200x800\\.webp$`));

    const before = pictureHits();
    for (const again of [await run(path), await run('/pictures/mixed.xml')]) {
      expect(again?.articlesCreated).toBe(0);
      expect(again?.feeds[0]?.created).toBe(0);
      // Nothing new, so nothing to warn about: pictures that failed were reported when their items were new.
      expect(again?.status).toBe('succeeded');
      expect(again?.feeds[0]?.warnings).toEqual([]);
    }
    expect(pictureHits()).toBe(before);
  });

  it('a feed of new items fetches two pictures at a time: not one after another, not all at once', async () => {
    feeds.pictures.most = 0;
    const summary = await run('/pictures/slow.xml?slow=6');
    expect(summary?.status).toBe('succeeded');
    expect(feeds.pictures.most).toBe(2);
    const rows = await booted.deps.db
      .select({ imageUrl: articles.imageUrl })
      .from(articles)
      .where(
        inArray(
          articles.title,
          [1, 2, 3, 4, 5, 6].map((n) => `Slow picture ${n}`),
        ),
      );
    expect(rows).toHaveLength(6);
    for (const r of rows) expect(r.imageUrl).toMatch(new RegExp(`^${SITE}/uploads/.+-400x300\\.webp$`));
  });

  it('a picture that times out, or that the address guard refuses, leaves the article without one', async () => {
    const hang = await run('/pictures/hang.xml?picture=/img/hang.jpg', { pictureLimits: { timeoutMs: 500 } });
    expect(hang?.status).toBe('warnings');
    expect(hang?.feeds[0]?.warnings).toEqual([
      '1 item imported without a picture (timed out after 0.5 s): "One picture"',
    ]);
    expect(hang?.feeds[0]?.created).toBe(1);

    // 127.0.0.1 stands in for a public picture host; its redirect to another loopback address is refused.
    const guarded = { allowPrivate: false, allowAddresses: ['127.0.0.1'] };
    const privateHits = feeds.hits.get('/img/sunflowers.jpg');
    const refused = await run('/pictures/private.xml?picture=/img/to-private.jpg', {
      pictureLimits: guarded,
    });
    expect(refused?.feeds[0]?.warnings).toEqual([
      '1 item imported without a picture (refused: the address is private or local): "One picture"',
    ]);
    expect(feeds.hits.get('/img/sunflowers.jpg')).toBe(privateHits);
    const rows = await booted.deps.db
      .select({ imageUrl: articles.imageUrl })
      .from(articles)
      .where(inArray(articles.url, [`${feeds.base}/p/hang/1`, `${feeds.base}/p/private/1`]));
    expect(rows.map((r) => r.imageUrl)).toEqual([null, null]);
  });
  it('a server shutting down stops the backfill before it reads a page, and it is not marked done', async () => {
    const [row] = await booted.deps.db
      .insert(articles)
      .values({
        title: 'Import seen at shutdown',
        slug: `import-at-shutdown-${kind}`,
        excerpt: 'x',
        category: 'home',
        status: 'published',
        imageUrl: `${feeds.base}/img/sunflowers.jpg?at=shutdown`,
        isExternal: true,
        content: 'Old.',
      })
      .returning({ id: articles.id });
    booted.deps.lifecycle.shuttingDown = true;
    try {
      expect(await backfillFeedPictures(booted.deps)).toBe(0);
    } finally {
      booted.deps.lifecycle.shuttingDown = false;
    }
    const [after] = await booted.deps.db
      .select({ imageUrl: articles.imageUrl })
      .from(articles)
      .where(eq(articles.id, row!.id));
    expect(after?.imageUrl).toBe(`${feeds.base}/img/sunflowers.jpg?at=shutdown`);
    await booted.deps.db.delete(articles).where(eq(articles.id, row!.id));
  });

  it('articles imported before feed pictures were ours get our copy once; a picture that cannot be had is dropped', async () => {
    const external = (n: number, imageUrl: string, isExternal = true) => ({
      title: `Old import ${n}`,
      slug: `old-import-${n}-${kind}`,
      excerpt: 'x',
      category: 'home' as const,
      status: 'published' as const,
      imageUrl,
      isExternal,
      content: 'Old.',
    });
    const inserted = await booted.deps.db
      .insert(articles)
      .values([
        external(1, `${feeds.base}/img/sunflowers.jpg?size=large&token=old`),
        external(2, `${feeds.base}/img/missing.jpg`),
        // An editor's own choice of address is theirs: only imports are changed.
        external(3, `${feeds.base}/img/missing.jpg`, false),
        // Already ours (a picture stored by an earlier run): left as it is, not fetched from ourselves.
        external(4, `${SITE}/uploads/0b7c6a52-1b3f-4c1e-9d0a-3f2e1c4b5a69-1200x800.webp`),
      ])
      .returning({ id: articles.id });
    expect(await backfillFeedPictures(booted.deps)).toBeGreaterThanOrEqual(2);
    const rows = await booted.deps.db
      .select({ id: articles.id, imageUrl: articles.imageUrl })
      .from(articles)
      .where(
        inArray(
          articles.id,
          inserted.map((r) => r.id),
        ),
      )
      .orderBy(articles.id);
    expect(rows[0]?.imageUrl).toMatch(new RegExp(`^${SITE}/uploads/[0-9a-f-]{36}-1600x1000\\.webp$`));
    expect(rows[1]?.imageUrl).toBeNull();
    expect(rows[2]?.imageUrl).toBe(`${feeds.base}/img/missing.jpg`);
    expect(rows[3]?.imageUrl).toBe(`${SITE}/uploads/0b7c6a52-1b3f-4c1e-9d0a-3f2e1c4b5a69-1200x800.webp`);
    const [row] = await booted.deps.db
      .select()
      .from(pictures)
      .where(eq(pictures.name, rows[0]!.imageUrl!.slice(`${SITE}/uploads/`.length)));
    expect(row?.sourceUrl).toBe(`${feeds.base}/img/sunflowers.jpg?size=large&token=old`);
    // Done once: a later start does not read every article again.
    await booted.deps.db
      .update(articles)
      .set({ imageUrl: `${feeds.base}/img/missing.jpg` })
      .where(eq(articles.id, inserted[1]!.id));
    expect(await backfillFeedPictures(booted.deps)).toBe(0);
  });
});
