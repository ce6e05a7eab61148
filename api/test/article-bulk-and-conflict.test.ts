import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { type Agent, dbTargets, signUpAdmin, testApp } from './helpers';

type Json = Record<string, unknown>;
const body = { title: 'Shared piece', excerpt: 'E', content: 'Body', category: 'home' };

describe.each(dbTargets)('bulk actions and stale saves on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  const make = async (extra: Json = {}) =>
    (await (await admin.post('/api/content', { ...body, ...extra })).json()) as Json & { id: number };
  const rows = (ids: number[]) =>
    booted.deps.db
      .select({ id: s.articles.id, status: s.articles.status, category: s.articles.category })
      .from(s.articles)
      .where(inArray(s.articles.id, ids))
      .orderBy(s.articles.id);
  beforeAll(async () => {
    booted = await testApp(kind);
    admin = (await signUpAdmin(booted)).agent;
  });
  afterAll(async () => booted?.close());

  it('publish makes drafts and scheduled articles public and answers how many changed', async () => {
    const d1 = await make({ status: 'draft' });
    const d2 = await make({
      status: 'scheduled',
      publishedAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const p = await make();
    const res = await admin.post('/api/admin/content/bulk', { action: 'publish', ids: [d1.id, d2.id, p.id] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ changed: 2 });
    for (const a of [d1, d2, p]) expect((await booted.app.request(`/api/content/${a.id}`)).status).toBe(200);
  });

  it('unpublish sends articles back to draft; they leave the public site', async () => {
    const a = await make();
    const b = await make();
    const res = await admin.post('/api/admin/content/bulk', { action: 'unpublish', ids: [a.id, b.id] });
    expect(await res.json()).toEqual({ changed: 2 });
    expect((await rows([a.id, b.id])).map((r) => r.status)).toEqual(['draft', 'draft']);
    expect((await booted.app.request(`/api/content/${a.id}`)).status).toBe(404);
  });

  it('change category moves every selected article', async () => {
    const a = await make();
    const b = await make({ category: 'style' });
    const res = await admin.post('/api/admin/content/bulk', {
      action: 'category',
      ids: [a.id, b.id],
      category: 'career',
    });
    expect(await res.json()).toEqual({ changed: 2 });
    expect((await rows([a.id, b.id])).map((r) => r.category)).toEqual(['career', 'career']);
  });

  it('delete removes them all in one go; missing ids are simply not counted', async () => {
    const a = await make();
    const b = await make();
    const res = await admin.post('/api/admin/content/bulk', {
      action: 'delete',
      ids: [a.id, b.id, 2_000_000],
    });
    expect(await res.json()).toEqual({ changed: 2 });
    expect(await rows([a.id, b.id])).toEqual([]);
  });

  it('bad input is 400 and changes nothing', async () => {
    const a = await make();
    const bad = [
      { action: 'publish', ids: [] },
      { action: 'explode', ids: [a.id] },
      { action: 'category', ids: [a.id] },
      { action: 'category', ids: [a.id], category: 'gossip' },
      { action: 'delete', ids: ['1; drop table articles'] },
      { action: 'delete', ids: [a.id, 2 ** 31] },
    ];
    for (const b of bad) {
      const res = await admin.post('/api/admin/content/bulk', b);
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect(((await res.json()) as Json).message).toEqual(expect.any(String));
    }
    expect(await rows([a.id])).toEqual([{ id: a.id, status: 'published', category: 'home' }]);
  });

  it('a save over a version someone else saved meanwhile is 409 with both times, and changes nothing', async () => {
    const a = await make();
    const mine = a.updatedAt as string;
    const first = await admin.put(`/api/content/${a.id}`, { ...body, title: 'Their edit', updatedAt: mine });
    expect(first.status).toBe(200);
    const theirs = ((await first.json()) as Json).updatedAt as string;
    expect(theirs).not.toBe(mine);

    const stale = await admin.put(`/api/content/${a.id}`, { ...body, title: 'My edit', updatedAt: mine });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({
      message: expect.stringMatching(/Someone else saved this article/),
      yours: mine,
      theirs,
    });
    const now = (await (await admin.get(`/api/admin/content/${a.id}`)).json()) as Json;
    expect(now.title).toBe('Their edit');

    // With the version it has now, the save goes through.
    const fresh = await admin.put(`/api/content/${a.id}`, { ...body, title: 'My edit', updatedAt: theirs });
    expect(fresh.status).toBe(200);
    expect(((await fresh.json()) as Json).title).toBe('My edit');
  });
});
