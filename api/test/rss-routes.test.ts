import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundJobs } from '../src/jobs';
import { rssRuns } from '../src/db/schema';
import type { Booted } from '../src/bootstrap';
import { tryRssLock } from '../src/rss/lock';
import { rssIdle } from '../src/rss/run';
import { DEFAULT_SOURCES, loadSources } from '../src/rss/sources';
import { describeSchedule, nextScheduledRun } from '../src/rss/schedule';
import { QUEUES } from '../src/queue/names';
import { startJobWorkers } from '../src/queue/workers';
import { sql } from 'drizzle-orm';
import type { RssStatus } from '../src/rss/status';
import { Agent, dbTargets, signUp, signUpAdmin, testApp, testEnv } from './helpers';
import { type FeedServer, startFeedServer } from './rss-feed-server';

let feeds: FeedServer;
let sourcesFile: string;
beforeAll(async () => {
  feeds = await startFeedServer();
  sourcesFile = path.join(tmpdir(), `rss-sources-${process.pid}.json`);
  writeFileSync(
    sourcesFile,
    JSON.stringify([
      { name: 'Local News', url: `${feeds.base}/rss.xml`, category: 'community' },
      { name: 'Local Sport', url: `${feeds.base}/atom.xml`, category: 'sports' },
      { name: 'Ring News', url: `${feeds.base}/wrestling.xml`, category: 'sports', makeRecipes: true },
      { name: 'Broken', url: `${feeds.base}/500`, category: 'community' },
    ]),
  );
});
afterAll(() => feeds.close());

describe('RSS configuration', () => {
  it('defaults to the 7 sources of the spec, with sports feeds in sports and one wrestling feed', () => {
    expect(DEFAULT_SOURCES).toHaveLength(7);
    expect(DEFAULT_SOURCES.filter((s) => s.category === 'sports').length).toBeGreaterThanOrEqual(2);
    expect(DEFAULT_SOURCES.filter((s) => s.makeRecipes)).toHaveLength(1);
    for (const s of DEFAULT_SOURCES) expect(s.url).toMatch(/^https:\/\//);
  });
  it('RSS_SOURCES replaces the list; a bad file names the variable', () => {
    expect(loadSources({ RSS_SOURCES: sourcesFile })).toHaveLength(4);
    const bad = path.join(tmpdir(), `rss-bad-${process.pid}.json`);
    writeFileSync(bad, JSON.stringify([{ name: 'x', url: 'javascript:alert(1)', category: 'sports' }]));
    expect(() => loadSources({ RSS_SOURCES: bad })).toThrow(/^RSS_SOURCES: /);
    expect(() => loadSources({ RSS_SOURCES: '/nope.json' })).toThrow(/RSS_SOURCES: cannot read/);
  });
  it('RSS_CRON sets the schedule (every 6 hours by default); off disables it', () => {
    const env = testEnv({ RSS_CRON: '0 */6 * * *' });
    expect(nextScheduledRun(env, new Date('2026-01-10T07:15:00Z'))?.toISOString()).toBe(
      '2026-01-10T12:00:00.000Z',
    );
    expect(testEnv({ RSS_CRON: undefined as never }).RSS_CRON).toBe('0 */6 * * *');
    expect(nextScheduledRun(testEnv({ RSS_CRON: 'off' }))).toBeNull();
  });
  it('the tab says the schedule RSS_CRON sets, in words, or that scheduled runs are off (issue 28)', () => {
    expect(describeSchedule(testEnv({ RSS_CRON: '0 */6 * * *' }))).toBe('On the hour, every 6 hours (UTC)');
    expect(describeSchedule(testEnv({ RSS_CRON: '30 4 * * *' }))).toBe('At 04:30 (UTC)');
    expect(describeSchedule(testEnv({ RSS_CRON: 'off' }))).toBeNull();
  });
});

describe.each(dbTargets)('RSS schedule on the job queue (pg-boss) on %s', (kind) => {
  // One database for these; each test gives the workers their own configuration.
  let booted: Booted;
  const withEnv = (env: Record<string, string>) => ({
    ...booted.deps,
    env: testEnv({ RSS_ALLOW_PRIVATE: 'true', RSS_SOURCES: sourcesFile, ...env }),
  });
  const scheduled = async () =>
    (
      (await booted.deps.db.execute(
        sql`select name, cron, timezone from pgboss.schedule order by name`,
      )) as unknown as {
        rows: Array<{ name: string; cron: string; timezone: string }>;
      }
    ).rows;
  beforeAll(async () => {
    // The sources the schedule imports are the database's, seeded from this file.
    booted = await testApp(kind, { env: { RSS_SOURCES: sourcesFile } });
  });
  afterAll(async () => booted?.close());

  it('the server starts the queue workers; RSS_CRON=off schedules no import (issue 30)', async () => {
    expect(backgroundJobs).toHaveLength(3);
    const deps = withEnv({ RSS_CRON: 'off', LINK_CHECK_CRON: '15 3 * * *' });
    const stop = await startJobWorkers(deps, { pollSeconds: 0.5, cronSeconds: 1 });
    try {
      const rows = await scheduled();
      expect(rows.find((r) => r.name === QUEUES.rssImport)).toBeUndefined();
      expect(rows.find((r) => r.name === QUEUES.linkCheck)).toMatchObject({
        cron: '15 3 * * *',
        timezone: 'Europe/London',
      });
    } finally {
      await stop();
    }
  });

  it('an invalid RSS_CRON stops start-up with a message naming the variable', async () => {
    await expect(startJobWorkers(withEnv({ RSS_CRON: 'every tuesday' }))).rejects.toThrow(
      /^RSS_CRON: invalid schedule/,
    );
  });

  it('runs the import when the schedule fires, once across two instances, and stops when asked', async () => {
    await booted.deps.db.delete(rssRuns);
    // Two "instances" on one database, every minute: the cron job is created once for the minute
    // (pg-boss's singleton per schedule and minute), and one worker takes it.
    // Start early in a minute: '* * * * *' fires again at the next one, which would rightly be a second run.
    while (new Date().getSeconds() > 40) await new Promise((r) => setTimeout(r, 500));
    const a = withEnv({ RSS_CRON: '* * * * *' });
    const b = withEnv({ RSS_CRON: '* * * * *' });
    const stopA = await startJobWorkers(a, { pollSeconds: 0.5, cronSeconds: 1 });
    const stopB = await startJobWorkers(b, { pollSeconds: 0.5, cronSeconds: 1 });
    const deadline = Date.now() + 20_000;
    let runs: Array<{ trigger: string; status: string }> = [];
    try {
      while (Date.now() < deadline) {
        runs = await booted.deps.db.select().from(rssRuns);
        if (runs.some((r) => r.status !== 'running')) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      // Both keep polling a few seconds more: still one run for this minute.
      await new Promise((r) => setTimeout(r, 3000));
    } finally {
      await stopA();
      await stopB();
    }
    runs = await booted.deps.db.select().from(rssRuns);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'schedule', status: 'partial' });
    const jobs = (
      (await booted.deps.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${QUEUES.rssImport}`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows[0]!.n;
    expect(jobs).toBe(1);
  });
});

describe.each(dbTargets)('admin RSS routes on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  beforeAll(async () => {
    booted = await testApp(kind, { env: { RSS_ALLOW_PRIVATE: 'true', RSS_SOURCES: sourcesFile } });
    admin = (await signUpAdmin(booted)).agent;
  });
  afterAll(async () => booted?.close());

  it('POST /api/admin/rss/process and GET /api/admin/rss/status answer 401 anonymous, 403 non-admin', async () => {
    const anon = new Agent(booted.app);
    const user = (await signUp(booted.app)).agent;
    for (const [method, p] of [
      ['POST', '/api/admin/rss/process'],
      ['GET', '/api/admin/rss/status'],
    ] as const) {
      const a = await anon.request(method, p);
      expect(a.status).toBe(401);
      expect(await a.json()).toEqual({ message: 'You need to sign in to do that.' });
      const u = await user.request(method, p);
      expect(u.status).toBe(403);
      expect(await u.json()).toEqual({ message: 'Admin access required.' });
    }
    expect((await booted.app.request('/api/admin/rss/status')).status).toBe(401);
  });

  it('POST /api/admin/rss/process starts a run in the background (202 "RSS processing started")', async () => {
    const res = await admin.post('/api/admin/rss/process');
    expect(res.status).toBe(202);
    const body = (await res.json()) as { message: string; runId: number };
    expect(body.message).toBe('RSS processing started');
    expect(body.runId).toBeGreaterThan(0);
    await rssIdle(booted.deps);
    const status = (await (await admin.get('/api/admin/rss/status')).json()) as RssStatus;
    expect(status.running).toBe(false);
    expect(status.stats).toEqual({ totalArticles: 7, wweRecipes: 2, sportsArticles: 4 });
    expect(status.sources.map((s) => s.name)).toEqual(['Local News', 'Local Sport', 'Ring News', 'Broken']);
    expect(status.recentArticles).toHaveLength(5);
    expect(status.recentArticles[0]).toMatchObject({
      category: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(status.recentRecipes).toHaveLength(2);
    expect(status.recentRecipes[0]?.title).toMatch(/inspired by/);
    expect(status.runs[0]).toMatchObject({ id: body.runId, status: 'partial', trigger: 'manual' });
    expect(status.runs[0]?.feeds.find((f) => f.name === 'Broken')).toMatchObject({
      error: 'HTTP 500',
      problem: 'The server answered 500',
    });
    expect(status.schedule).toEqual({ cron: 'off', description: null, nextRunAt: null });
  });

  it('an unreadable RSS_SOURCES file stops the first start with a message naming it', async () => {
    await expect(testApp(kind, { env: { RSS_SOURCES: '/nonexistent/rss-sources.json' } })).rejects.toThrow(
      /^RSS_SOURCES: cannot read \/nonexistent\/rss-sources.json/,
    );
  });

  it('a trigger while a run is in progress answers 409 and starts nothing', async () => {
    const release = await tryRssLock(booted.deps);
    try {
      const before = ((await (await admin.get('/api/admin/rss/status')).json()) as { runs: unknown[] }).runs
        .length;
      const res = await admin.post('/api/admin/rss/process');
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        message: 'RSS processing is already running. Try again when it has finished.',
      });
      const after = ((await (await admin.get('/api/admin/rss/status')).json()) as { runs: unknown[] }).runs
        .length;
      expect(after).toBe(before);
    } finally {
      await release?.();
    }
  });
});
