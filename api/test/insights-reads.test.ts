import { INSIGHTS } from '@site/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { Agent, dbTargets, signUp, signUpAdmin, testApp } from './helpers';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let viewSeq = 0;
const newView = () => `view-${Date.now().toString(36)}-${viewSeq++}`;

describe.each(dbTargets)('reading counts on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  let articleId: number;
  let otherId: number;
  let draftId: number;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  beforeAll(async () => {
    booted = await testApp(kind);
    admin = (await signUpAdmin(booted)).agent;
    const base = { excerpt: 'E', content: 'C', category: 'wellness', publishedAt: new Date() };
    const rows = await booted.deps.db
      .insert(s.articles)
      .values([
        { ...base, slug: 'calm', title: 'Calm mornings' },
        { ...base, slug: 'sleep', title: 'Better sleep' },
        { ...base, slug: 'draft', title: 'Draft', status: 'draft' as const },
      ])
      .returning({ id: s.articles.id });
    [articleId, otherId, draftId] = rows.map((r) => r.id) as [number, number, number];
  });
  afterAll(async () => booted?.close());

  const beacon = (agent: Agent, body: unknown, headers: Record<string, string> = {}) =>
    agent.request('POST', '/api/insights/read', body, { 'user-agent': CHROME, ...headers });
  const readsOf = async (id: number) => {
    const res = await admin.get(`/api/admin/insights/reads?from=${today}&to=${today}&articleId=${id}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { total: number }).total;
  };

  it('post /insights/read counts a page view once, however often its beacon arrives', async () => {
    const reader = new Agent(booted.app);
    const view = newView();
    const first = await beacon(reader, { articleId, view });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ counted: true });
    expect(await (await beacon(reader, { articleId, view })).json()).toEqual({
      counted: false,
      reason: 'repeat',
    });
    expect(await readsOf(articleId)).toBe(1);
    // A new page view is a new read.
    await beacon(reader, { articleId, view: newView() });
    expect(await readsOf(articleId)).toBe(2);
    // No cookie is set and nothing about the reader is kept.
    expect(first.headers.get('set-cookie')).toBeNull();
  });

  it('leaves out bots, prefetches and admins, and counts signed-in readers', async () => {
    const before = await readsOf(otherId);
    const anon = new Agent(booted.app);
    const cases: [Agent, Record<string, string>, string][] = [
      [
        anon,
        { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
        'bot',
      ],
      [anon, { 'user-agent': 'curl/8.5.0' }, 'bot'],
      [anon, { 'sec-purpose': 'prefetch' }, 'prefetch'],
      [anon, { 'sec-purpose': 'prefetch;prerender' }, 'prefetch'],
      [anon, { purpose: 'prefetch' }, 'prefetch'],
      [admin, {}, 'admin'],
    ];
    for (const [agent, headers, reason] of cases) {
      const res = await beacon(agent, { articleId: otherId, view: newView() }, headers);
      expect(await res.json(), JSON.stringify(headers)).toEqual({ counted: false, reason });
    }
    expect(await readsOf(otherId)).toBe(before);
    const user = (await signUp(booted.app)).agent;
    expect(await (await beacon(user, { articleId: otherId, view: newView() })).json()).toEqual({
      counted: true,
    });
    expect(await readsOf(otherId)).toBe(before + 1);
  });

  it('refuses bad beacons clearly and counts nothing', async () => {
    const reader = new Agent(booted.app);
    expect((await beacon(reader, { articleId: 999_999, view: newView() })).status).toBe(404);
    expect((await beacon(reader, { articleId: draftId, view: newView() })).status).toBe(404);
    const bad = await beacon(reader, { articleId: 'x', view: newView() });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/articleId/);
    expect((await beacon(reader, { articleId, view: 'a b' })).status).toBe(400);
    expect(await readsOf(draftId)).toBe(0);
  });

  it('rate-limits one client', async () => {
    const client = new Agent(booted.app, '10.99.0.1');
    for (let i = 0; i < INSIGHTS.readsPerHour; i++) {
      expect((await beacon(client, { articleId: otherId, view: newView() })).status).toBe(200);
    }
    const over = await beacon(client, { articleId: otherId, view: newView() });
    expect(over.status).toBe(429);
    expect(((await over.json()) as { message: string }).message).toMatch(/Too many reads/);
    // Another client is not affected.
    expect((await beacon(new Agent(booted.app, '10.99.0.2'), { articleId, view: newView() })).status).toBe(
      200,
    );
  });

  it('get /admin/insights/reads lists the most read for a range, and one article per day', async () => {
    const res = await admin.get(`/api/admin/insights/reads?from=${today}&to=${today}`);
    const body = (await res.json()) as {
      total: number;
      mostRead: { articleId: number; title: string; reads: number }[];
      series: { day: string; count: number }[];
    };
    expect(body.mostRead.map((m) => m.title)).toEqual(['Better sleep', 'Calm mornings']);
    expect(body.mostRead[1]).toEqual({ articleId, title: 'Calm mornings', reads: 3 });
    expect(body.series).toEqual([{ day: today, count: body.total }]);
    const bad = await admin.get('/api/admin/insights/reads?from=2026-01-02&to=2026-01-01');
    expect(bad.status).toBe(400);
  });
  it('counts a scheduled article once its time has come, and not before (issue 26: 404 "Article not found")', async () => {
    const [due, later] = await booted.deps.db
      .insert(s.articles)
      .values([
        {
          slug: 'was-scheduled',
          title: 'Went out an hour ago',
          excerpt: 'E',
          content: 'C',
          category: 'wellness',
          status: 'scheduled' as const,
          publishedAt: new Date(Date.now() - 60 * 60 * 1000),
        },
        {
          slug: 'still-scheduled',
          title: 'Goes out tomorrow',
          excerpt: 'E',
          content: 'C',
          category: 'wellness',
          status: 'scheduled' as const,
          publishedAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
        },
      ])
      .returning({ id: s.articles.id });
    const reader = new Agent(booted.app);
    // The page a reader sees answers 200, so its beacon counts.
    expect((await reader.get('/api/content/was-scheduled')).status).toBe(200);
    const res = await beacon(reader, { articleId: due!.id, view: newView() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ counted: true });
    expect(await readsOf(due!.id)).toBe(1);
    // Not yet public: no page, no count.
    expect((await reader.get('/api/content/still-scheduled')).status).toBe(404);
    expect((await beacon(reader, { articleId: later!.id, view: newView() })).status).toBe(404);
    expect(await readsOf(later!.id)).toBe(0);
  });
});
