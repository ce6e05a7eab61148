import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RssSource, RssSourceTestResult } from '@site/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Booted, boot } from '../src/bootstrap';
import { articles, recipes, rssSources } from '../src/db/schema';
import { rssIdle, runRssNow } from '../src/rss/run';
import { loadSources, SourcesError } from '../src/rss/sources';
import type { RssStatus } from '../src/rss/status';
import { type Agent, dbTargets, freshDatabase, signUpAdmin, testApp, testEnv } from './helpers';
import { type FeedServer, startFeedServer } from './rss-feed-server';

let feeds: FeedServer;
let sourcesFile: string;
beforeAll(async () => {
  feeds = await startFeedServer();
  sourcesFile = path.join(tmpdir(), `rss-sources-admin-${process.pid}.json`);
  writeFileSync(
    sourcesFile,
    JSON.stringify([
      { name: 'Local News', url: `${feeds.base}/rss.xml`, category: 'community' },
      { name: 'Ring News', url: `${feeds.base}/wrestling.xml`, category: 'sports', themedRecipes: true },
    ]),
  );
});
afterAll(() => feeds.close());

const json = async <T>(res: Response) => (await res.json()) as T;

describe.each(dbTargets)('RSS sources seeding on %s', (kind) => {
  it('first start stores RSS_SOURCES once; later starts add nothing, even after every source is deleted', async () => {
    const handle = await freshDatabase(kind);
    try {
      const env = testEnv({ RSS_SOURCES: sourcesFile });
      const a = await boot(env, { database: handle });
      const rows = await a.deps.db.select().from(rssSources);
      expect(rows.map((r) => [r.name, r.category, r.enabled, r.makeRecipes])).toEqual([
        ['Local News', 'community', true, false],
        ['Ring News', 'sports', true, true],
      ]);
      await boot(env, { database: handle });
      expect(await a.deps.db.select().from(rssSources)).toHaveLength(2);
      await a.deps.db.delete(rssSources);
      await boot(env, { database: handle });
      expect(await a.deps.db.select().from(rssSources)).toHaveLength(0);
      // Once seeded, the file is not read again: a file gone missing does not stop a start.
      await boot(testEnv({ RSS_SOURCES: '/nonexistent/rss-sources.json' }), { database: handle });
    } finally {
      await handle.close();
    }
    // Three starts on a fresh database: slow on a busy machine.
  }, 90_000);

  it('without RSS_SOURCES the 7 built-in feeds are seeded, one of them making recipes', async () => {
    const booted = await testApp(kind, { env: { RSS_SOURCES: undefined as never } });
    try {
      const rows = await booted.deps.db.select().from(rssSources);
      expect(rows).toHaveLength(7);
      expect(rows.filter((r) => r.makeRecipes).map((r) => r.name)).toEqual(['Wrestling Inc']);
    } finally {
      await booted.close();
    }
  }, 60_000);
});

describe.each(dbTargets)('admin RSS sources API on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  const list = async () => json<RssSource[]>(await admin.get('/api/admin/rss/sources'));
  const sourceCount = async () => (await booted.deps.db.select({ n: count() }).from(rssSources))[0]?.n;
  beforeAll(async () => {
    booted = await testApp(kind, { env: { RSS_ALLOW_PRIVATE: 'true', RSS_SOURCES: sourcesFile } });
    admin = (await signUpAdmin(booted)).agent;
  });
  afterAll(async () => booted?.close());

  it('GET lists the sources with an empty last result before any run', async () => {
    const rows = await list();
    expect(rows.map((r) => r.name)).toEqual(['Local News', 'Ring News']);
    expect(rows[0]).toMatchObject({
      url: `${feeds.base}/rss.xml`,
      enabled: true,
      makeRecipes: false,
      includeKeywords: [],
      excludeKeywords: [],
      lastRunAt: null,
      lastCreated: null,
      lastProblem: null,
    });
  });

  it('POST adds a source (201); bad input is 400 with a message and a duplicate URL is 409, nothing saved', async () => {
    const res = await admin.post('/api/admin/rss/sources', {
      name: 'Local Sport',
      url: `${feeds.base}/atom.xml`,
      category: 'sports',
      includeKeywords: ['cup'],
    });
    expect(res.status).toBe(201);
    expect(await json<RssSource>(res)).toMatchObject({
      name: 'Local Sport',
      enabled: true,
      makeRecipes: false,
      includeKeywords: ['cup'],
      excludeKeywords: [],
    });
    const before = await sourceCount();
    for (const [body, pattern] of [
      [{ name: 'x', url: 'javascript:alert(1)', category: 'sports' }, /^url: /],
      [{ name: 'x', url: 'file:///etc/passwd', category: 'sports' }, /^url: /],
      // Not a URL at all (issue 40 §12: the credentials check threw inside the schema, a 500).
      [{ name: 'x', url: 'x', category: 'sports' }, /^url: Must be an http\(s\) URL$/],
      [{ name: 'x', url: '', category: 'sports' }, /^url: Must be an http\(s\) URL$/],
      [{ name: 'x', url: '   ', category: 'sports' }, /^url: Must be an http\(s\) URL$/],
      [{ name: 'x', url: 'https://', category: 'sports' }, /^url: Must be an http\(s\) URL$/],
      [{ name: 'x', url: 'https://ok.example/feed', category: 'news' }, /^category: /],
      [{ name: '', url: 'https://ok.example/feed', category: 'sports' }, /^name: /],
      [{ name: 'a\u0000b', url: 'https://ok.example/feed', category: 'sports' }, /^name: /],
      [
        { name: 'x', url: 'https://ok.example/feed', category: 'sports', includeKeywords: 'cup' },
        /^includeKeywords/,
      ],
    ] as const) {
      const bad = await admin.post('/api/admin/rss/sources', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect((await json<{ message: string }>(bad)).message).toMatch(pattern);
    }
    const dup = await admin.post('/api/admin/rss/sources', {
      name: 'Again',
      url: `${feeds.base}/atom.xml`,
      category: 'sports',
    });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({ message: 'A source with this URL already exists.' });
    expect(await sourceCount()).toBe(before);
  });

  it('PUT edits a source; an unknown id is 404 and taking another source URL is 409', async () => {
    const [news, ring] = await list();
    const res = await admin.put(`/api/admin/rss/sources/${news!.id}`, {
      name: 'Local News (edited)',
      url: news!.url,
      category: 'home',
      excludeKeywords: ['library'],
    });
    expect(res.status).toBe(200);
    expect(await json<RssSource>(res)).toMatchObject({
      id: news!.id,
      name: 'Local News (edited)',
      category: 'home',
      excludeKeywords: ['library'],
    });
    const body = { name: 'x', url: ring!.url, category: 'home' };
    expect((await admin.put(`/api/admin/rss/sources/${news!.id}`, body)).status).toBe(409);
    expect(
      (await admin.put('/api/admin/rss/sources/999999', { ...body, url: 'https://n.example/' })).status,
    ).toBe(404);
    // A path id that cannot exist is a missing source (one rule for every /:id route).
    expect((await admin.put('/api/admin/rss/sources/abc', body)).status).toBe(404);
    expect((await list())[0]?.name).toBe('Local News (edited)');
  });

  it('POST /test fetches with the same rules and answers the title and first 5 items, saving nothing', async () => {
    const before = {
      sources: await sourceCount(),
      articles: (await booted.deps.db.select({ n: count() }).from(articles))[0]?.n,
    };
    const ok = await json<RssSourceTestResult>(
      await admin.post('/api/admin/rss/sources/test', { url: `${feeds.base}/files/media-sizes.xml` }),
    );
    expect(ok).toMatchObject({ ok: true, title: 'Lifestyle | The Meridian', problem: null });
    expect(ok.items.map((i) => i.title)).toEqual([
      'Ten winter walks that end at a good pub',
      'How to keep houseplants happy in a cold flat',
    ]);
    const many = await json<RssSourceTestResult>(
      await admin.post('/api/admin/rss/sources/test', { url: `${feeds.base}/rss.xml` }),
    );
    expect(many.items.length).toBeLessThanOrEqual(5);
    for (const [url, problem] of [
      [`${feeds.base}/nope`, 'The server answered 404'],
      [`${feeds.base}/html-page`, 'Not a feed'],
      ['http://127.0.0.1:9/feed.xml', "Could not reach the feed's server"],
      [`${feeds.base}/bomb`, 'Refused: the feed declares XML entities (unsafe)'],
    ] as const) {
      const r = await json<RssSourceTestResult>(await admin.post('/api/admin/rss/sources/test', { url }));
      expect(r, url).toMatchObject({ ok: false, title: null, items: [], problem });
      expect(r.error).toBeTruthy();
    }
    expect((await admin.post('/api/admin/rss/sources/test', { url: 'ftp://x.example/' })).status).toBe(400);
    expect(await sourceCount()).toBe(before.sources);
    expect((await booted.deps.db.select({ n: count() }).from(articles))[0]?.n).toBe(before.articles);
  });

  it('POST /test applies the keywords: what a run would import, what it would skip and why', async () => {
    const url = `${feeds.base}/files/ring-news.xml`;
    const r = await json<RssSourceTestResult>(
      await admin.post('/api/admin/rss/sources/test', {
        url,
        includeKeywords: ['title', 'tour'],
        excludeKeywords: ['pay-per-view'],
      }),
    );
    expect(r.counts).toEqual({ total: 6, importable: 2, skipped: 4 });
    expect(r.items.map((i) => i.title)).toEqual([
      'Champion retains title in a steel cage classic that nobody in the building will ever forget, and a rematch is already being talked about',
      'Tag team “The Lumberjacks” reunite for the summer tour',
    ]);
    expect(r.skipped.map((i) => [i.title, i.reason])).toEqual([
      ['"The Rock" Returns to Raw for One Night Only', 'mentions none of: title, tour'],
      ['Rookie signs a multi-year deal', 'mentions none of: title, tour'],
      ["Women's title match headlines the March pay-per-view", 'mentions "pay-per-view"'],
      ['Veteran referee calls time on a 30-year career', 'mentions none of: title, tour'],
    ]);
    // Without keywords every item would come in.
    const all = await json<RssSourceTestResult>(await admin.post('/api/admin/rss/sources/test', { url }));
    expect(all.counts).toEqual({ total: 6, importable: 6, skipped: 0 });
  });

  it('POST /test reads a repairable feed and names its problems; an undated item shows no date', async () => {
    const bozo = await json<RssSourceTestResult>(
      await admin.post('/api/admin/rss/sources/test', { url: `${feeds.base}/files/bozo-entities.xml` }),
    );
    expect(bozo).toMatchObject({ ok: true, problem: null, counts: { total: 5, importable: 5, skipped: 0 } });
    expect(bozo.warnings).toEqual([
      '2 unescaped "&" characters in "Fish & chips night moves to Fridays", read as text',
      '1 undefined entity: &doesnotexist; in "Choir rehearsal notes &doesnotexist; week two" (kept as text)',
    ]);
    const atom = await json<RssSourceTestResult>(
      await admin.post('/api/admin/rss/sources/test', { url: `${feeds.base}/files/atom-xhtml-base.xml` }),
    );
    // Its XHTML titles made this "Feed works (0 items shown)".
    expect(atom.items).toHaveLength(4);
    const dates = await json<RssSourceTestResult>(
      await admin.post('/api/admin/rss/sources/test', { url: `${feeds.base}/files/dates-i18n.xml` }),
    );
    expect(dates.items.find((i) => i.title.startsWith('Bacalhau'))?.publishedAt).toBeNull();
  });

  it('a URL with a user name or password is refused (400), for a source and for a test, nothing saved', async () => {
    const before = await sourceCount();
    for (const url of ['https://editor:secret@feeds.example/rss', 'https://token@feeds.example/rss']) {
      const add = await admin.post('/api/admin/rss/sources', { name: 'x', url, category: 'home' });
      expect(add.status, url).toBe(400);
      expect((await json<{ message: string }>(add)).message).toBe(
        'url: Remove the user name and password from the address: feeds are read without signing in',
      );
      expect((await admin.post('/api/admin/rss/sources/test', { url })).status, url).toBe(400);
    }
    for (const url of ['x', '', 'https://', 'http://[::1']) {
      const test = await admin.post('/api/admin/rss/sources/test', { url });
      expect(test.status, url).toBe(400);
      expect((await json<{ message: string }>(test)).message, url).toBe('url: Must be an http(s) URL');
    }
    expect(await sourceCount()).toBe(before);
  });

  it('the duplicate check is on the normalised URL: a #fragment, an upper-case host or the default port is the same feed', async () => {
    const base = 'https://dup.example/feed.xml';
    const first = await admin.post('/api/admin/rss/sources', {
      name: 'Dup',
      url: `${base}#latest`,
      category: 'home',
    });
    expect(first.status).toBe(201);
    const created = await json<RssSource>(first);
    expect(created.url).toBe(base);
    const before = await sourceCount();
    for (const url of [
      base,
      `${base}#top`,
      'https://DUP.Example/feed.xml',
      'https://dup.example:443/feed.xml',
    ]) {
      const res = await admin.post('/api/admin/rss/sources', { name: 'Again', url, category: 'home' });
      expect(res.status, url).toBe(409);
    }
    expect(await sourceCount()).toBe(before);
    await admin.delete(`/api/admin/rss/sources/${created.id}`);
  });

  it('a run imports the enabled sources only, applies keywords and the recipe flag, and records each last result', async () => {
    const [news, ring, sport] = await list();
    // Disable the wrestling feed: its items and recipes must not come in.
    await admin.put(`/api/admin/rss/sources/${ring!.id}`, { ...ring, enabled: false });
    const res = await admin.post('/api/admin/rss/process');
    expect(res.status).toBe(202);
    await rssIdle(booted.deps);
    const titles = (
      await booted.deps.db.select({ t: articles.title, c: articles.category }).from(articles)
    ).map((r) => r.t);
    // Local News minus the excluded "library" item; Local Sport only the item mentioning "cup".
    expect(titles.sort()).toEqual([
      'Council opens new riverside park',
      'Farmers market returns',
      'Harriers win the county cup',
    ]);
    expect((await booted.deps.db.select({ n: count() }).from(recipes))[0]?.n).toBe(0);
    const after = await list();
    expect(after.find((s) => s.id === news!.id)).toMatchObject({
      lastFetched: 3,
      lastCreated: 2,
      lastProblem: null,
    });
    expect(after.find((s) => s.id === sport!.id)).toMatchObject({ lastFetched: 2, lastCreated: 1 });
    expect(after.find((s) => s.id === ring!.id)?.lastRunAt).toBeNull();
    const status = await json<RssStatus>(await admin.get('/api/admin/rss/status'));
    expect(status.runs[0]?.feeds.map((f) => [f.name, f.filtered])).toEqual([
      ['Local News (edited)', 1],
      ['Local Sport', 1],
    ]);

    // Enabled again, the wrestling feed makes its themed recipes.
    await admin.put(`/api/admin/rss/sources/${ring!.id}`, { ...ring, enabled: true });
    const summary = await runRssNow(booted.deps, 'manual');
    expect(summary?.recipesCreated).toBe(2);
  });

  it('a failed feed is recorded on its source in plain words, with the raw error kept', async () => {
    const created = await json<RssSource>(
      await admin.post('/api/admin/rss/sources', {
        name: 'Gone',
        url: `${feeds.base}/500`,
        category: 'home',
      }),
    );
    await runRssNow(booted.deps, 'manual');
    const gone = (await list()).find((s) => s.id === created.id);
    expect(gone).toMatchObject({
      lastProblem: 'The server answered 500',
      lastError: 'HTTP 500',
      lastCreated: 0,
    });
    expect(gone?.lastRunAt).toEqual(expect.any(String));
  });

  it('a feed read with warnings keeps them on its source, with its counts', async () => {
    const created = await json<RssSource>(
      await admin.post('/api/admin/rss/sources', {
        name: 'Harbour',
        url: `${feeds.base}/files/bozo-entities.xml`,
        category: 'community',
      }),
    );
    await runRssNow(booted.deps, 'manual');
    expect((await list()).find((s) => s.id === created.id)).toMatchObject({
      lastCreated: 5,
      lastProblem: null,
      lastWarnings: [
        '2 unescaped "&" characters in "Fish & chips night moves to Fridays", read as text',
        '1 undefined entity: &doesnotexist; in "Choir rehearsal notes &doesnotexist; week two" (kept as text)',
      ],
    });
    await admin.delete(`/api/admin/rss/sources/${created.id}`);
  });

  it('DELETE removes a source (204, then 404) and keeps the articles it imported', async () => {
    const news = (await list())[0]!;
    const imported = await booted.deps.db
      .select({ n: count() })
      .from(articles)
      .where(eq(articles.source, news.name));
    expect(imported[0]?.n).toBeGreaterThan(0);
    expect((await admin.delete(`/api/admin/rss/sources/${news.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/admin/rss/sources/${news.id}`)).status).toBe(404);
    expect((await list()).some((s) => s.id === news.id)).toBe(false);
    const still = await booted.deps.db
      .select({ n: count() })
      .from(articles)
      .where(eq(articles.source, news.name));
    expect(still[0]?.n).toBe(imported[0]?.n);
  });

  it('with every source disabled a trigger answers 409 and records no run', async () => {
    for (const s of await list()) await admin.put(`/api/admin/rss/sources/${s.id}`, { ...s, enabled: false });
    const runsBefore = (await json<RssStatus>(await admin.get('/api/admin/rss/status'))).runs[0]?.id;
    const res = await admin.post('/api/admin/rss/process');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'No RSS source is enabled. Add or enable a source first.' });
    expect((await json<RssStatus>(await admin.get('/api/admin/rss/status'))).runs[0]?.id).toBe(runsBefore);
  });
});

describe('RSS_SOURCES, read at the first start (loadSources)', () => {
  const file = (name: string, content: string) => {
    const p = path.join(tmpdir(), `rss-sources-${name}-${process.pid}.json`);
    writeFileSync(p, content);
    return p;
  };

  it('the file as given, or the 7 built-in feeds without one', () => {
    expect(loadSources({ RSS_SOURCES: sourcesFile }).map((s) => s.name)).toEqual(['Local News', 'Ring News']);
    expect(loadSources({ RSS_SOURCES: undefined })).toHaveLength(7);
  });

  it('a file that cannot be read or is not JSON, or a source that is not valid, is named in the error', () => {
    expect(() => loadSources({ RSS_SOURCES: '/nonexistent/sources.json' })).toThrow(
      /^RSS_SOURCES: cannot read \/nonexistent\/sources\.json: ENOENT/,
    );
    expect(() => loadSources({ RSS_SOURCES: file('not-json', '[{"name":') })).toThrow(
      /^RSS_SOURCES: cannot read \/.*rss-sources-not-json-\d+\.json: /,
    );
    const invalid = file(
      'bad-url',
      JSON.stringify([
        { name: 'A', url: `${feeds.base}/a.xml`, category: 'community' },
        { name: 'B', url: 'not a url', category: 'community' },
      ]),
    );
    let message = '';
    try {
      loadSources({ RSS_SOURCES: invalid });
    } catch (err) {
      expect(err).toBeInstanceOf(SourcesError);
      message = (err as Error).message;
    }
    // The path of the first problem, then its message.
    expect(message).toMatch(/^RSS_SOURCES: 1\.url \S/);
    expect(() => loadSources({ RSS_SOURCES: file('not-array', '{}') })).toThrow(
      /^RSS_SOURCES: Invalid input: expected array/,
    );
  });
});
