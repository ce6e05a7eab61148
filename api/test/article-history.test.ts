import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { type Agent, dbTargets, signUp, signUpAdmin, testApp } from './helpers';

type Json = Record<string, unknown> & { id: number; updatedAt: string };
type Revision = {
  id: number;
  articleId: number;
  kind: string;
  restoredFrom: number | null;
  title: string;
  authorName: string | null;
  createdAt: string;
  words: number;
  content?: string;
};

const KEEP = 4;

/**
 * Revision history and autosave (issue 31 §4 and §5): every save stores who, when, title and body;
 * the list is newest first and keeps the last ARTICLE_REVISIONS_KEPT; a restore is a new save; an
 * autosave publishes nothing and does not count as a save for the 409 rule.
 */
describe.each(dbTargets)('article history and autosave on %s', (db) => {
  let booted: Booted;
  let admin: Agent;
  let other: Agent;
  beforeAll(async () => {
    booted = await testApp(db, { env: { ARTICLE_REVISIONS_KEPT: String(KEEP) } });
    admin = (await signUpAdmin(booted)).agent;
    other = (await signUpAdmin(booted)).agent;
  });
  afterAll(async () => booted?.close());

  const body = { title: 'First title', excerpt: 'E', content: '<p>One two three.</p>', category: 'wellness' };
  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/content', { ...body, ...extra });
    expect(res.status).toBe(201);
    return (await res.json()) as Json;
  };
  const revisions = async (id: number, as = admin) => {
    const res = await as.get(`/api/admin/content/${id}/revisions`);
    expect(res.status).toBe(200);
    return (await res.json()) as Revision[];
  };
  const article = async (id: number) =>
    (await (await admin.get(`/api/admin/content/${id}`)).json()) as Json & { contentHtml: string };

  it('a create and each save store a revision: who, when, title and body; listed newest first', async () => {
    const a = await create();
    const s1 = await admin.put(`/api/content/${a.id}`, {
      title: 'Second title',
      content: '<p>One two three four.</p>',
      updatedAt: a.updatedAt,
    });
    expect(s1.status).toBe(200);
    // A save by another editor that changes only the tags is still a save.
    const s2 = await other.put(`/api/content/${a.id}`, { tags: ['calm'] });
    expect(s2.status).toBe(200);

    const list = await revisions(a.id);
    expect(list.map((r) => [r.kind, r.title, r.words])).toEqual([
      ['save', 'Second title', 4],
      ['save', 'Second title', 4],
      ['create', 'First title', 3],
    ]);
    expect(list.every((r) => r.authorName === 'Tess User')).toBe(true);
    expect(list.map((r) => r.id)).toEqual([...list.map((r) => r.id)].sort((x, y) => y - x));
    expect(Date.parse(list[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(list[2]!.createdAt));
    expect(list[0]).not.toHaveProperty('content');

    const one = await admin.get(`/api/admin/content/${a.id}/revisions/${list[2]!.id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ title: 'First title', content: '<p>One two three.</p>' });
    // A revision read through another article's path names nothing.
    const b = await create({ title: 'Another' });
    expect((await admin.get(`/api/admin/content/${b.id}/revisions/${list[2]!.id}`)).status).toBe(404);
    expect((await admin.get('/api/admin/content/2000000/revisions')).status).toBe(404);
  });

  it(`keeps only the newest ${KEEP} revisions of each article; other articles keep theirs`, async () => {
    const a = await create({ title: 'Pruned' });
    const b = await create({ title: 'Untouched' });
    for (let n = 1; n <= KEEP + 2; n++) {
      expect((await admin.put(`/api/content/${a.id}`, { title: `Pruned ${n}` })).status).toBe(200);
    }
    const list = await revisions(a.id);
    expect(list.map((r) => r.title)).toEqual(['Pruned 6', 'Pruned 5', 'Pruned 4', 'Pruned 3']);
    expect((await revisions(b.id)).map((r) => r.title)).toEqual(['Untouched']);
    const stored = await booted.deps.db
      .select({ id: s.articleRevisions.id })
      .from(s.articleRevisions)
      .where(eq(s.articleRevisions.articleId, a.id));
    expect(stored).toHaveLength(KEEP);
  });

  it('restores a revision as a new save: title and body back, a "restore" revision, the rest untouched, stale is 409', async () => {
    const a = await create({ tags: ['keep'] });
    const saved = (await (
      await admin.put(`/api/content/${a.id}`, { title: 'Rewritten', content: '<p>All new words.</p>' })
    ).json()) as Json;
    const [, first] = await revisions(a.id);
    // Restoring from the version before the rewrite is stale: 409, nothing changes.
    const stale = await admin.post(`/api/admin/content/${a.id}/revisions/${first!.id}/restore`, {
      updatedAt: a.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect((await article(a.id)).title).toBe('Rewritten');

    const res = await admin.post(`/api/admin/content/${a.id}/revisions/${first!.id}/restore`, {
      updatedAt: saved.updatedAt,
    });
    expect(res.status).toBe(200);
    const restored = (await res.json()) as Json;
    expect(restored).toMatchObject({
      title: 'First title',
      content: '<p>One two three.</p>',
      tags: ['keep'],
    });
    expect(restored.updatedAt).not.toBe(saved.updatedAt);
    const public_ = (await (await admin.get(`/api/content/${a.id}`)).json()) as { contentHtml: string };
    expect(public_.contentHtml).toBe('<p>One two three.</p>');
    const [top] = await revisions(a.id);
    expect(top).toMatchObject({ kind: 'restore', restoredFrom: first!.id, title: 'First title' });
    expect((await admin.post(`/api/admin/content/${a.id}/revisions/999999/restore`, {})).status).toBe(404);
  });

  it('history routes are for admins only', async () => {
    const a = await create();
    const reader = (await signUp(booted.app)).agent;
    expect((await reader.get(`/api/admin/content/${a.id}/revisions`)).status).toBe(403);
    const [rev] = await revisions(a.id);
    const restore = await reader.post(`/api/admin/content/${a.id}/revisions/${rev!.id}/restore`, {});
    expect(restore.status).toBe(403);
    expect((await reader.put(`/api/admin/content/${a.id}/autosave`, { draft: {} })).status).toBe(403);
  });

  it('an autosave publishes nothing, leaves the article and its version alone, and does not count for 409', async () => {
    const a = await create({ status: 'draft' });
    const draft = { title: 'Unsaved title', content: '<p>Typed but not saved.</p>', status: 'published' };
    const put = await admin.put(`/api/admin/content/${a.id}/autosave`, {
      draft,
      baseUpdatedAt: a.updatedAt,
    });
    expect(put.status).toBe(200);
    const { savedAt } = (await put.json()) as { savedAt: string };
    expect(Date.parse(savedAt)).not.toBeNaN();

    const now = await article(a.id);
    expect(now).toMatchObject({ title: 'First title', status: 'draft', updatedAt: a.updatedAt });
    expect((await admin.get(`/api/content/${a.id}`)).status).toBe(404);
    expect(await revisions(a.id)).toHaveLength(1);

    const got = (await (await admin.get(`/api/admin/content/${a.id}/autosave`)).json()) as {
      autosave: { draft: Record<string, unknown>; baseUpdatedAt: string; savedAt: string };
    };
    expect(got.autosave.draft).toMatchObject(draft);
    expect(got.autosave.baseUpdatedAt).toBe(a.updatedAt);
    expect(got.autosave.savedAt).toBe(savedAt);
    // Each editor sees only their own.
    const theirs = (await (await other.get(`/api/admin/content/${a.id}/autosave`)).json()) as {
      autosave: unknown;
    };
    expect(theirs.autosave).toBeNull();

    // The save made with the version the form loaded still lands: the autosave was no save.
    const save = await admin.put(`/api/content/${a.id}`, { title: 'Unsaved title', updatedAt: a.updatedAt });
    expect(save.status).toBe(200);
    // …and it replaces the saver's autosave.
    const after = (await (await admin.get(`/api/admin/content/${a.id}/autosave`)).json()) as {
      autosave: unknown;
    };
    expect(after.autosave).toBeNull();
  });

  it('a new article has its own autosave slot, cleared by its create; discarding deletes it', async () => {
    const put = await admin.put('/api/admin/content/new/autosave', { draft: { title: 'Half an idea' } });
    expect(put.status).toBe(200);
    const got = (await (await admin.get('/api/admin/content/new/autosave')).json()) as {
      autosave: { draft: { title: string; content: string } } | null;
    };
    expect(got.autosave?.draft).toMatchObject({ title: 'Half an idea', content: '' });
    await create({ title: 'Half an idea' });
    expect(
      ((await (await admin.get('/api/admin/content/new/autosave')).json()) as { autosave: unknown }).autosave,
    ).toBeNull();

    const a = await create();
    await admin.put(`/api/admin/content/${a.id}/autosave`, { draft: { title: 'x' } });
    expect((await admin.delete(`/api/admin/content/${a.id}/autosave`)).status).toBe(204);
    expect(
      ((await (await admin.get(`/api/admin/content/${a.id}/autosave`)).json()) as { autosave: unknown })
        .autosave,
    ).toBeNull();
  });

  it('a bad autosave is 400 and stores nothing; an unknown article is 404', async () => {
    const a = await create();
    const bad = await admin.put(`/api/admin/content/${a.id}/autosave`, { draft: { title: 'a\u0000b' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      'draft.title: Must not contain control characters',
    );
    const huge = await admin.put(`/api/admin/content/${a.id}/autosave`, {
      draft: { content: 'x'.repeat(200_001) },
    });
    expect(huge.status).toBe(400);
    const got = (await (await admin.get(`/api/admin/content/${a.id}/autosave`)).json()) as {
      autosave: unknown;
    };
    expect(got.autosave).toBeNull();
    expect((await admin.put('/api/admin/content/2000000/autosave', { draft: {} })).status).toBe(404);
    expect((await admin.get('/api/admin/content/old/autosave')).status).toBe(404);
  });
});
