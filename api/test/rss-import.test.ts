import { count, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Booted, boot } from '../src/bootstrap';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { LOCK_KEYS, tryAdvisoryLock } from '../src/lib/jobs/advisory-lock';
import { articles, recipes, rssRuns } from '../src/db/schema';
import { tryRssLock } from '../src/rss/lock';
import type { RecipeWriter } from '../src/rss/recipe-writer';
import { type RunOptions, runRssNow, startRssRun } from '../src/rss/run';
import type { FeedSource } from '../src/rss/sources';
import { createPostgresDatabase, dbTargets, queryRows, testApp, testEnv } from './helpers';
import { type FeedServer, startFeedServer } from './rss-feed-server';

const limits = { timeoutMs: 1500, maxBytes: 64 * 1024, maxRedirects: 3 };
let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds.close());

const src = (name: string, path: string, extra: Partial<FeedSource> = {}): FeedSource => ({
  name,
  url: `${feeds.base}${path}`,
  category: 'community',
  makeRecipes: false,
  ...extra,
});
const goodSources = () => [
  src('Local News', '/rss.xml'),
  src('Local Sport', '/atom.xml', { category: 'sports' }),
  src('Ring News', '/wrestling.xml', { category: 'sports', makeRecipes: true }),
];
const hostileSources = () => [
  src('Error', '/500'),
  src('Hang', '/hang'),
  src('Malformed', '/malformed'),
  src('Bomb', '/bomb'),
  src('Huge', '/huge'),
  src('Loop', '/loop-a'),
  src('To file', '/to-file'),
  src('Hostile', '/hostile.xml'),
];

/** Two app instances sharing one database, as two servers behind a load balancer would. */
async function twoInstances(
  kind: 'pglite' | 'postgres',
): Promise<{ a: Booted; b: Booted; close(): Promise<void> }> {
  const env = testEnv({ RSS_ALLOW_PRIVATE: 'true' });
  if (kind === 'pglite') {
    const handle = await openDatabase({ dataDir: 'memory://' });
    const a = await boot(env, { database: handle });
    const b = await boot(env, { database: handle });
    return { a, b, close: () => handle.close() };
  }
  const created = await createPostgresDatabase('t_rss');
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

describe.each(dbTargets)('RSS import on %s', (kind) => {
  let booted: Booted;
  const run = (opts: RunOptions = {}) =>
    runRssNow(booted.deps, 'manual', { sources: goodSources(), limits, ...opts });
  beforeAll(async () => {
    booted = await testApp(kind, { env: { RSS_ALLOW_PRIVATE: 'true' } });
  });
  afterAll(async () => booted?.close());

  it('imports every new item of a long feed, up to the cap per run, and says the rest come with the next runs (issue 44)', async () => {
    const many = [src('Garden hour', '/many.xml?n=60')];
    const first = await run({ sources: many, maxNewItems: 40 });
    expect(first?.feeds.map((f) => [f.fetched, f.created, f.duplicates])).toEqual([[60, 40, 0]]);
    expect(first?.feeds[0]?.warnings).toEqual([
      '40 of 60 new items imported; the rest come with the next runs',
    ]);
    expect(first?.status).toBe('warnings');
    // The newest first; the next run brings the rest, and then there is nothing left to say.
    const second = await run({ sources: many, maxNewItems: 40 });
    expect(second?.feeds.map((f) => [f.fetched, f.created, f.duplicates])).toEqual([[60, 20, 40]]);
    expect(second?.feeds[0]?.warnings).toEqual([]);
    const rows = await booted.deps.db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.source, 'Garden hour'));
    expect(rows).toHaveLength(60);
    await booted.deps.db.delete(articles).where(eq(articles.source, 'Garden hour'));
  });

  it('imports RSS 2.0 and Atom items as external articles with the feed category, and records the run', async () => {
    const summary = await run();
    expect(summary?.status).toBe('succeeded');
    expect(summary?.feeds.map((f) => [f.name, f.fetched, f.created, f.duplicates, f.error])).toEqual([
      ['Local News', 3, 3, 0, null],
      ['Local Sport', 2, 2, 0, null],
      ['Ring News', 2, 2, 0, null],
    ]);
    const park = await booted.deps.db.query.articles.findFirst({
      where: eq(articles.title, 'Council opens new riverside park'),
    });
    expect(park).toMatchObject({
      isExternal: true,
      status: 'published',
      url: `${feeds.base}/news/park?utm_source=rss`,
      source: 'Local News',
      author: 'Ada Writer',
      category: 'community',
      excerpt: 'The park has three playgrounds.',
      // The feed's picture, fetched and stored as ours (issue 39 §3): readers never reach the feed's server.
      imageUrl: expect.stringMatching(/^http:\/\/localhost:3000\/uploads\/[0-9a-f-]{36}-1200x800\.webp$/),
    });
    expect(park?.publishedAt?.toISOString()).toBe('2026-01-09T09:00:00.000Z');
    const sports = await booted.deps.db
      .select({ n: count() })
      .from(articles)
      .where(eq(articles.category, 'sports'));
    expect(sports[0]?.n).toBe(4);
    const row = await booted.deps.db.query.rssRuns.findFirst({ where: eq(rssRuns.id, summary?.runId ?? -1) });
    expect(row).toMatchObject({
      trigger: 'manual',
      status: 'succeeded',
      articlesCreated: 7,
      recipesCreated: 2,
    });
    expect(row?.finishedAt).toBeInstanceOf(Date);
    expect(row?.feeds).toHaveLength(3);
  });

  it('each wrestling item yields exactly one recipe tagged WWE and linked to its item', async () => {
    const rows = await booted.deps.db
      .select({
        title: recipes.title,
        tags: recipes.tags,
        source: articles.title,
        ingredients: recipes.ingredients,
      })
      .from(recipes)
      .innerJoin(articles, eq(recipes.sourceArticleId, articles.id));
    expect(rows.map((r) => r.source).sort()).toEqual([
      'Champion retains title in cage match',
      'Tag team reunites for the summer tour',
    ]);
    for (const r of rows) {
      expect(r.tags[0]).toBe('WWE');
      expect(r.title).toContain(r.source);
      expect(r.ingredients.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('rerunning imports zero duplicates and makes no second recipe', async () => {
    const again = await run();
    expect(again?.articlesCreated).toBe(0);
    expect(again?.recipesCreated).toBe(0);
    expect(again?.feeds.map((f) => f.duplicates)).toEqual([3, 2, 2]);
    expect((await booted.deps.db.select({ n: count() }).from(articles))[0]?.n).toBe(7);
    expect((await booted.deps.db.select({ n: count() }).from(recipes))[0]?.n).toBe(2);
  });

  it('hostile feeds each fail alone within the timeout, are recorded, and good feeds still import', async () => {
    const started = Date.now();
    const summary = await run({ sources: [...hostileSources(), src('Local News', '/rss.xml')] });
    // Far below the hang feed's forever; wide enough for a loaded CI machine.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(summary?.status).toBe('partial');
    const errors = Object.fromEntries((summary?.feeds ?? []).map((f) => [f.name, f.error]));
    expect(errors).toEqual({
      Error: 'HTTP 500',
      Hang: 'Timed out after 1500 ms',
      Malformed: expect.stringMatching(/^Not a valid RSS or Atom feed/),
      Bomb: 'Refused a feed with DTD entity declarations',
      Huge: 'Feed larger than 64 KB',
      Loop: 'Too many redirects (more than 3)',
      'To file': 'Refused file: URL: only http(s) feeds are fetched',
      Hostile: null,
      'Local News': null,
    });
    // The same failures in the plain words the RSS tab shows (the raw error stays as the detail).
    const problems = Object.fromEntries((summary?.feeds ?? []).map((f) => [f.name, f.problem]));
    expect(problems).toEqual({
      Error: 'The server answered 500',
      Hang: 'Timed out after 1.5 s',
      Malformed: 'Not a feed',
      Bomb: 'Refused: the feed declares XML entities (unsafe)',
      Huge: 'The feed is too large (64 KB)',
      Loop: 'Too many redirects',
      'To file': 'Only http and https addresses can be imported',
      Hostile: null,
      'Local News': null,
    });
    const row = await booted.deps.db.query.rssRuns.findFirst({ where: eq(rssRuns.id, summary?.runId ?? -1) });
    expect(row?.status).toBe('partial');
    expect(row?.feeds.find((f) => f.name === 'Hang')?.error).toBe('Timed out after 1500 ms');
    expect(summary?.feeds.find((f) => f.name === 'Hostile')?.created).toBe(1);
  });

  it('each feed is recorded on the run as it finishes, so the tab can follow a run to its end', async () => {
    const started = await startRssRun(booted.deps, 'manual', {
      sources: [src('Hang', '/hang'), src('Local News', '/rss.xml')],
      limits,
    });
    if (!started) throw new Error('not started');
    let row = await booted.deps.db.query.rssRuns.findFirst({ where: eq(rssRuns.id, started.runId) });
    for (let i = 0; i < 50 && row?.feeds.length !== 1; i++) {
      await new Promise((r) => setTimeout(r, 20));
      row = await booted.deps.db.query.rssRuns.findFirst({ where: eq(rssRuns.id, started.runId) });
    }
    // Local News is done; the hanging feed is still being waited for.
    expect(row).toMatchObject({ status: 'running', feedsTotal: 2 });
    expect(row?.feeds.map((f) => [f.name, f.error])).toEqual([['Local News', null]]);
    await started.done;
    row = await booted.deps.db.query.rssRuns.findFirst({ where: eq(rssRuns.id, started.runId) });
    expect(row?.status).toBe('partial');
    expect(row?.feeds.map((f) => [f.name, f.problem])).toEqual([
      ['Hang', 'Timed out after 1.5 s'],
      ['Local News', null],
    ]);
  });

  it('nothing unsafe from a hostile feed reaches stored content', async () => {
    const rows = await booted.deps.db.select().from(articles).where(eq(articles.source, 'Hostile'));
    expect(rows).toHaveLength(1);
    // externalKey is the de-duplication key (the feed's GUID); it is never shown.
    const [row] = rows;
    if (!row) throw new Error('no hostile article');
    // The title is text, shown escaped wherever it appears: what the publisher escaped twice
    // ("&amp;lt;script&amp;gt;again") is the literal text "<script>again", never markup.
    const { externalKey: _key, title, ...shown } = row;
    expect(title).toBe('Safe words <script>again');
    expect(JSON.stringify(shown)).not.toMatch(
      /<script|onerror|onclick|onmouseover|onload|javascript:|<iframe|<svg|<img|data:/i,
    );
  });

  it('a failing or off-schema AI writer falls back to the built-in recipe', async () => {
    const bad: RecipeWriter = { name: 'broken', write: async () => ({ title: 'x' }) as never };
    const summary = await run({
      sources: [src('Ring 2', '/wrestling.xml?2', { category: 'sports', makeRecipes: true })],
      writer: bad,
    });
    // Same items as Ring News (same GUIDs): nothing new, no second recipe.
    expect(summary?.articlesCreated).toBe(0);
    expect(summary?.recipesCreated).toBe(0);
    await booted.deps.db.delete(recipes);
    const refill = await run({
      sources: [src('Ring 2', '/wrestling.xml', { makeRecipes: true })],
      writer: bad,
    });
    // Articles whose recipe went missing get one again, written by the built-in generator.
    expect(refill?.recipesCreated).toBe(2);
    const wwe = await booted.deps.db
      .select({ n: count() })
      .from(recipes)
      .where(sql`${recipes.tags} @> '["WWE"]'::jsonb`);
    expect(wwe[0]?.n).toBe(2);
  });

  it('a trigger while a run holds the lock is refused, and a stale "running" row is closed', async () => {
    const release = await tryRssLock(booted.deps);
    expect(release).not.toBeNull();
    expect(await startRssRun(booted.deps, 'manual', { sources: goodSources(), limits })).toBeNull();
    await booted.deps.db.insert(rssRuns).values({ trigger: 'schedule', status: 'running' });
    await release?.();
    const summary = await run();
    expect(summary?.status).toBe('succeeded');
    const running = await booted.deps.db.select().from(rssRuns).where(eq(rssRuns.status, 'running'));
    expect(running).toHaveLength(0);
    const interrupted = await booted.deps.db
      .select()
      .from(rssRuns)
      .where(eq(rssRuns.error, 'Interrupted before it finished'));
    expect(interrupted).toHaveLength(1);
  });
});

describe.each(dbTargets)('RSS runs across instances on %s', (kind) => {
  it('two runs started at once on two app instances produce one run and no duplicates', async () => {
    const { a, b, close } = await twoInstances(kind);
    try {
      const opts = { sources: goodSources(), limits };
      const [ra, rb] = await Promise.all([
        startRssRun(a.deps, 'manual', opts),
        startRssRun(b.deps, 'schedule', opts),
      ]);
      expect([ra, rb].filter(Boolean)).toHaveLength(1);
      await (ra ?? rb)?.done;
      const runs = await a.deps.db.select().from(rssRuns);
      expect(runs).toHaveLength(1);
      expect((await a.deps.db.select({ n: count() }).from(articles))[0]?.n).toBe(7);
      // Once the first has finished, the other instance can run: it finds only duplicates.
      const next = await runRssNow(b.deps, 'manual', opts);
      expect(next?.articlesCreated).toBe(0);
      expect((await b.deps.db.select({ n: count() }).from(recipes))[0]?.n).toBe(2);
    } finally {
      await close();
    }
    // Two app instances on a fresh database are made inside the test: slow on a busy machine.
  }, 90_000);
});

// The lock's own connection (lib/jobs/advisory-lock.ts): only PostgreSQL has one.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the RSS lock connection on PostgreSQL', () => {
  let booted: Booted;
  let pool: pg.Pool;
  beforeAll(async () => {
    booted = await testApp('postgres');
    pool = (booted.deps.db as unknown as { $client: pg.Pool }).$client;
  });
  afterAll(async () => booted?.close());
  const checkedOut = () => pool.totalCount - pool.idleCount;
  // Advisory locks are per database: another session must be on the app's own.
  const appDatabaseUrl = () => (pool.options as { connectionString?: string }).connectionString!;

  it('a finished run gives its connection back to the pool for the next query, not dropped', async () => {
    await booted.deps.db.execute(sql`select 1`);
    const connections = pool.totalCount;
    const release = await tryRssLock(booted.deps);
    expect(release).not.toBeNull();
    expect(checkedOut()).toBe(1);
    // Held for every instance: another session on the same database cannot take it meanwhile.
    const elsewhere = `select pg_try_advisory_lock(${LOCK_KEYS.rss}) as ok`;
    expect(await queryRows(appDatabaseUrl(), elsewhere)).toEqual([{ ok: false }]);
    await release?.();
    expect(checkedOut()).toBe(0);
    expect(pool.totalCount).toBe(connections);
    // Unlocked, not only handed back: the pooled session that held it holds nothing now.
    const held = `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = ${LOCK_KEYS.rss}`;
    expect(await queryRows(process.env.TEST_DATABASE_URL!, held)).toEqual([{ n: 0 }]);
    // And the lock is free again.
    const again = await tryRssLock(booted.deps);
    expect(again).not.toBeNull();
    await again?.();
  });

  it('a lock query that fails is thrown, and its connection goes back: none leak', async () => {
    // A key PostgreSQL refuses (not a bigint) stands in for a lock query that fails.
    for (let i = 0; i < pool.options.max + 2; i++) {
      await expect(tryAdvisoryLock(booted.deps, 0.5)).rejects.toThrow(/bigint/);
    }
    expect(checkedOut()).toBe(0);
    const release = await tryRssLock(booted.deps);
    expect(release).not.toBeNull();
    await release?.();
  });

  it('a lock whose connection is ended mid-run does not take the process down; the lock is free again', async () => {
    const key = 4242;
    const release = await tryAdvisoryLock(booted.deps, key);
    expect(release).not.toBeNull();
    const before = pool.totalCount;
    // Another session ends the lock holder's backend, as a failover or an admin would.
    const [ended] = await queryRows(
      process.env.TEST_DATABASE_URL!,
      `select pg_terminate_backend(pid) as ok from pg_locks where locktype = 'advisory' and objid = ${key}`,
    );
    expect(ended).toEqual({ ok: true });
    // Give the client time to see the closed socket (an uncaught 'error' there would fail this file).
    await new Promise((r) => setTimeout(r, 300));
    await expect(release!()).resolves.toBeUndefined();
    expect(pool.totalCount).toBe(before - 1);
    const again = await tryAdvisoryLock(booted.deps, key);
    expect(again).not.toBeNull();
    await again?.();
  });
});
