import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { storyExcerpt } from '../src/routes/admin/stories';
import { type Agent, dbTargets, signUpAdmin, testApp } from './helpers';

const story = (title: string) => ({
  name: 'Priya Shah',
  email: 'priya@example.com',
  title,
  story:
    'I started walking before work in January. At first it was ten minutes. By spring it was an hour, ' +
    'and the walk had become the quietest, kindest part of my day.\n\nHere is what changed.',
  consent: true,
});

describe('storyExcerpt', () => {
  it('keeps a short story whole and cuts a long one at a sentence or a word', () => {
    expect(storyExcerpt('  Short\n\nand sweet. ')).toBe('Short and sweet.');
    const long = `${'The first sentence is long enough to keep on its own as an excerpt. '.repeat(2)}${'word '.repeat(60)}`;
    const cut = storyExcerpt(long);
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut.endsWith('.')).toBe(true);
    expect(storyExcerpt('word '.repeat(80)).endsWith('word…')).toBe(true);
  });
});

describe.each(dbTargets)('reviewing community stories on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  const submit = async (title: string) => {
    const res = await booted.app.request('/api/stories', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.9.${(Math.random() * 250) | 0}.1`,
      },
      body: JSON.stringify(story(title)),
    });
    expect(res.status).toBe(201);
  };
  const list = async (query = '') =>
    (await (await admin.get(`/api/admin/stories${query}`)).json()) as {
      id: number;
      title: string;
      status: string;
      articleId: number | null;
    }[];
  beforeAll(async () => {
    booted = await testApp(kind);
    admin = (await signUpAdmin(booted)).agent;
    await submit('My morning walks');
    await submit('Learning to rest');
  });
  afterAll(async () => booted?.close());

  it('lists submissions newest first with counts per status; every one starts new', async () => {
    const rows = await list();
    expect(rows.map((r) => r.title)).toEqual(['Learning to rest', 'My morning walks']);
    expect(rows.every((r) => r.status === 'new' && r.articleId === null)).toBe(true);
    expect(await (await admin.get('/api/admin/stories/counts')).json()).toEqual({
      new: 2,
      approved: 0,
      rejected: 0,
    });
    expect((await admin.get('/api/admin/stories?status=maybe')).status).toBe(400);
  });

  it('approving makes one unpublished Community draft by the reader, linked from the story', async () => {
    const [target] = (await list()).filter((r) => r.title === 'My morning walks');
    const res = await admin.post(`/api/admin/stories/${target!.id}/approve`);
    expect(res.status).toBe(201);
    const approved = (await res.json()) as { status: string; articleId: number };
    expect(approved.status).toBe('approved');
    const [article] = await booted.deps.db
      .select()
      .from(s.articles)
      .where(eq(s.articles.id, approved.articleId));
    expect(article).toMatchObject({
      title: 'My morning walks',
      category: 'community',
      author: 'Priya Shah',
      status: 'draft',
      publishedAt: null,
      slug: 'my-morning-walks',
    });
    expect(article!.content).toContain('Here is what changed.');
    // Its origin says "Reader story" in the admin; a tag saying it again showed it twice (issue 26).
    expect(article!.origin).toBe('story');
    expect(article!.tags).toEqual([]);
    const listed = (await (await admin.get('/api/admin/content?origin=story')).json()) as {
      id: number;
      origin: string;
      tags: string[];
    }[];
    expect(listed.find((a) => a.id === approved.articleId)).toMatchObject({ origin: 'story', tags: [] });
    expect(article!.excerpt.startsWith('I started walking before work in January.')).toBe(true);
    // A draft is not public until an editor publishes it.
    expect((await booted.app.request('/api/content/my-morning-walks')).status).toBe(404);

    // Approving twice is refused and makes no second draft.
    const again = await admin.post(`/api/admin/stories/${target!.id}/approve`);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(/already approved/);
    const drafts = await booted.deps.db
      .select()
      .from(s.articles)
      .where(eq(s.articles.title, 'My morning walks'));
    expect(drafts).toHaveLength(1);
    // Nor can it be set back to new or rejected: its draft exists.
    expect((await admin.patch(`/api/admin/stories/${target!.id}`, { status: 'rejected' })).status).toBe(409);
  });

  it('two editors approving at once still make exactly one draft', async () => {
    await submit('Racing approvals');
    const [target] = (await list('?status=new')).filter((r) => r.title === 'Racing approvals');
    const results = await Promise.all([
      admin.post(`/api/admin/stories/${target!.id}/approve`),
      admin.post(`/api/admin/stories/${target!.id}/approve`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const drafts = await booted.deps.db
      .select()
      .from(s.articles)
      .where(eq(s.articles.title, 'Racing approvals'));
    expect(drafts).toHaveLength(1);
  });

  it('reject and restore set the status; approved cannot be set by hand; bad input changes nothing', async () => {
    const [target] = (await list()).filter((r) => r.title === 'Learning to rest');
    const rejected = await admin.patch(`/api/admin/stories/${target!.id}`, { status: 'rejected' });
    expect(rejected.status).toBe(200);
    expect(((await rejected.json()) as { status: string }).status).toBe('rejected');
    const sneaky = await admin.patch(`/api/admin/stories/${target!.id}`, { status: 'approved' });
    expect(sneaky.status).toBe(400);
    expect((await list('?status=rejected')).map((r) => r.title)).toEqual(['Learning to rest']);
    expect((await admin.patch(`/api/admin/stories/${target!.id}`, { status: 'new' })).status).toBe(200);
    expect((await admin.patch('/api/admin/stories/999999', { status: 'new' })).status).toBe(404);
    expect((await admin.post('/api/admin/stories/999999/approve')).status).toBe(404);
  });

  it('deleting removes the submission but never the draft already made from it', async () => {
    const [approved] = await list('?status=approved');
    expect((await admin.delete(`/api/admin/stories/${approved!.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/admin/stories/${approved!.id}`)).status).toBe(404);
    const [draft] = await booted.deps.db
      .select({ id: s.articles.id })
      .from(s.articles)
      .where(eq(s.articles.id, approved!.articleId!));
    expect(draft).toBeDefined();
  });

  it('deleting the draft article keeps the story, unlocked so it can be approved again', async () => {
    await submit('Draft then gone');
    const [target] = (await list('?status=new')).filter((r) => r.title === 'Draft then gone');
    const { articleId } = (await (await admin.post(`/api/admin/stories/${target!.id}/approve`)).json()) as {
      articleId: number;
    };
    expect((await admin.delete(`/api/content/${articleId}`)).status).toBe(204);
    const [after] = (await list()).filter((r) => r.title === 'Draft then gone');
    expect(after).toMatchObject({ status: 'approved', articleId: null });
    const again = await admin.post(`/api/admin/stories/${target!.id}/approve`);
    expect(again.status).toBe(201);
    expect(((await again.json()) as { articleId: number }).articleId).toBeGreaterThan(articleId);
  });
});
