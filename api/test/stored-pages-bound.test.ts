import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Booted, boot } from '../src/bootstrap';
import { openDatabase } from '../src/db/client';
import * as s from '../src/db/schema';
import { EnvError, loadEnv } from '../src/env';
import { queueFor } from '../src/queue/boss';
import { QUEUES } from '../src/queue/names';
import { startJobWorkers } from '../src/queue/workers';
import { storeMissingPages } from '../src/web/stored-pages';
import { pruneStoredPages } from '../src/web/stored-pages-bound';
import { Agent, createPostgresDatabase, dbTargets, testEnv } from './helpers';
import { publishedArticle, until } from './page-store-fixtures';

const DAY = 86_400_000;
/** Most read first, then newest; the unread old pages are outside the bound. */
const REFILL_ORDER = ['old-most-read', 'old-less-read', 'old-read-once', 'newer-unread', 'new-unread'];
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A London calendar day `daysAgo` before today, as article_read_days keys it. */
function londonDay(daysAgo: number) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() - daysAgo * DAY),
  );
}

/**
 * The page store follows the readers (issue 43): after a new build it renders the most-read pages
 * first, then the newest, and it keeps only the pages of articles read or published in the last
 * STORED_PAGES_DAYS (30 by default); the rest go at the daily prune and render on a miss as before.
 * Needs `pnpm build` (the web app's server render).
 */
describe.each(dbTargets)('the page store bound by reading, on %s', (kind) => {
  let app: Booted;
  let close: () => Promise<void>;
  const ids: Record<string, number> = {};

  const article = (slug: string, daysAgo: number) =>
    publishedArticle(slug, new Date(Date.now() - daysAgo * DAY));

  beforeAll(async () => {
    const env = testEnv({ STORED_PAGES: 'true' });
    if (kind === 'pglite') {
      app = await boot(env, { database: await openDatabase({ dataDir: 'memory://' }) });
      close = async () => {};
    } else {
      const created = await createPostgresDatabase('t_bound', { migrated: true });
      app = await boot(env, { database: await openDatabase({ url: created.url, dataDir: 'unused' }) });
      close = () => created.drop();
    }
    const rows = await app.deps.db
      .insert(s.articles)
      .values([
        article('old-most-read', 400),
        article('old-less-read', 300),
        article('old-read-once', 200),
        article('new-unread', 3),
        article('newer-unread', 1),
        article('old-unread', 100),
        article('old-read-long-ago', 90),
      ])
      .returning({ id: s.articles.id, slug: s.articles.slug });
    for (const r of rows) ids[r.slug] = r.id;
    // Reads as the beacon keeps them: one row per article per London day.
    await app.deps.db.insert(s.articleReadDays).values([
      { articleId: ids['old-most-read']!, day: londonDay(0), reads: 40 },
      { articleId: ids['old-most-read']!, day: londonDay(20), reads: 30 },
      { articleId: ids['old-less-read']!, day: londonDay(5), reads: 12 },
      // Outside the 30 days: this article counts as unread.
      { articleId: ids['old-read-long-ago']!, day: londonDay(45), reads: 500 },
    ]);
    // And one read through the beacon itself, today.
    const beacon = await new Agent(app.app).request(
      'POST',
      '/api/insights/read',
      { articleId: ids['old-read-once'], view: `view-${Date.now().toString(36)}` },
      { 'user-agent': CHROME },
    );
    expect(await beacon.json()).toEqual({ counted: true });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await close?.();
  });

  const storedByRenderTime = async () => {
    const rows = (await app.deps.db.execute(
      sql`select path from stored_pages order by rendered_at, path`,
    )) as unknown as { rows: Array<{ path: string }> };
    return rows.rows.map((r) => r.path.replace('/content/', ''));
  };

  it('the refill after a new build: most read first, then newest; nothing outside the bound', async () => {
    // Pages stored on a miss (a crawler walking the archive) before the refill.
    for (const slug of ['old-unread', 'old-read-long-ago']) {
      expect((await app.app.request(`/content/${slug}`)).status).toBe(200);
    }
    await until(async () => (await storedByRenderTime()).length === 2);
    expect(await storeMissingPages(app.deps)).toBe(5);
    // One page at a time, in this order (rendered_at is each insert's own transaction time).
    expect(await storedByRenderTime()).toEqual(REFILL_ORDER);
    // The end of the refill pruned the two unread old pages the crawler's misses had stored.
    expect(await storeMissingPages(app.deps)).toBe(0);
    // As after the next deploy: every row is another build's, and the refill takes the same order.
    await app.deps.db.execute(sql`update stored_pages set build = 'older-build'`);
    expect(await storeMissingPages(app.deps)).toBe(5);
    expect(await storedByRenderTime()).toEqual(REFILL_ORDER);
  });

  it('a page outside the bound still renders on a miss, is stored, and goes at the next prune', async () => {
    const miss = await app.app.request('/content/old-unread', { headers: { 'accept-encoding': 'identity' } });
    expect(miss.status).toBe(200);
    expect(await miss.text()).toContain('Title of old-unread');
    await until(async () => (await storedByRenderTime()).includes('old-unread'));
    expect(await pruneStoredPages(app.deps)).toBe(1);
    const kept = await storedByRenderTime();
    expect(kept).not.toContain('old-unread');
    // Kept: the recently read old ones and the new unread ones.
    expect([...kept].sort()).toEqual(
      ['new-unread', 'newer-unread', 'old-less-read', 'old-most-read', 'old-read-once'].sort(),
    );
    // Nothing more to prune.
    expect(await pruneStoredPages(app.deps)).toBe(0);
  });

  it('a read today brings an old page back into the bound: the next prune keeps it', async () => {
    await app.app.request('/content/old-unread');
    await until(async () => (await storedByRenderTime()).includes('old-unread'));
    const beacon = await new Agent(app.app).request(
      'POST',
      '/api/insights/read',
      { articleId: ids['old-unread'], view: `view-${Date.now().toString(36)}-b` },
      { 'user-agent': CHROME },
    );
    expect(await beacon.json()).toEqual({ counted: true });
    expect(await pruneStoredPages(app.deps)).toBe(0);
    expect(await storedByRenderTime()).toContain('old-unread');
  });

  it('the daily job prunes through the queue: scheduled, and its worker deletes what is outside', async () => {
    await app.app.request('/content/old-read-long-ago');
    await until(async () => (await storedByRenderTime()).includes('old-read-long-ago'));
    const stop = await startJobWorkers(app.deps, { pollSeconds: 0.5, cronSeconds: 1 });
    try {
      const boss = await queueFor(app.deps);
      const schedules = await boss.getSchedules();
      expect(schedules.map((x) => x.name)).toContain(QUEUES.storedPagesPrune);
      await boss.send(QUEUES.storedPagesPrune, {});
      await until(async () => !(await storedByRenderTime()).includes('old-read-long-ago'), 15_000);
      expect(await storedByRenderTime()).toContain('old-unread');
    } finally {
      await stop();
    }
  }, 30_000);
});

describe('STORED_PAGES_DAYS', () => {
  const days = (value?: string) =>
    loadEnv({ NODE_ENV: 'test', DATA_DIR: 'memory://', STORED_PAGES_DAYS: value });

  it('defaults to 30 days and takes a whole number of days up to 36500 (every article)', () => {
    expect(days(undefined).STORED_PAGES_DAYS).toBe(30);
    expect(days('').STORED_PAGES_DAYS).toBe(30);
    expect(days('7').STORED_PAGES_DAYS).toBe(7);
    expect(days('36500').STORED_PAGES_DAYS).toBe(36_500);
  });

  it('refuses anything else, naming the setting', () => {
    for (const bad of ['0', '-1', '1.5', 'thirty', '36501']) {
      expect(() => days(bad), bad).toThrow(EnvError);
      expect(() => days(bad), bad).toThrow(/STORED_PAGES_DAYS/);
    }
  });
});
