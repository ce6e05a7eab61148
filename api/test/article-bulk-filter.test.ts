import { BULK_FILTER_MAX } from '@site/shared';
import { and, asc, count, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { type Agent, dbTargets, signUpAdmin, testApp } from './helpers';

type Json = Record<string, unknown>;
const body = { excerpt: 'E', content: 'Body', category: 'home' };

/**
 * "Select all N results" (issue 15): a bulk action sent as the list's filter, not as ids. It changes
 * exactly the rows the list counts, in one transaction, and only if they still number what the editor
 * confirmed.
 */
describe.each(dbTargets)('bulk actions on every match of a filter on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  const make = async (title: string, extra: Json = {}) => {
    const res = await admin.post('/api/content', { ...body, title, ...extra });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const rows = (ids: number[]) =>
    booted.deps.db
      .select({
        id: s.articles.id,
        status: s.articles.status,
        category: s.articles.category,
        updatedAt: s.articles.updatedAt,
      })
      .from(s.articles)
      .where(inArray(s.articles.id, ids))
      .orderBy(asc(s.articles.id));
  const bulk = (b: Json) => admin.post('/api/admin/content/bulk', b);
  const countOf = async (query: string) =>
    (await (await admin.get(`/api/admin/content/count?${query}`)).json()) as Json;
  /**
   * A word of its own per test, so each test's search finds only its own articles. The search matches
   * word prefixes after stemming, so the words differ in their first letter.
   */
  let n = 0;
  const word = () => `${'bcdfghjklm'[n++]}zebrafinch${kind}`;

  beforeAll(async () => {
    booted = await testApp(kind);
    admin = (await signUpAdmin(booted)).agent;
  });
  afterAll(async () => booted?.close());

  it('publishes every draft the search finds, beyond any page, and nothing else', async () => {
    const w = word();
    const drafts = [];
    for (let i = 0; i < 4; i++) drafts.push(await make(`${w} draft ${i}`, { status: 'draft' }));
    const published = await make(`${w} live`);
    const otherDraft = await make('Unrelated draft', { status: 'draft' });
    const untouched = await rows([published, otherDraft]);

    // The list shows 2 per page; the filter reaches all 4.
    const page = await admin.get(`/api/admin/content?q=${w}&status=draft&limit=2`);
    expect(page.headers.get('x-total-count')).toBe('4');
    expect(await countOf(`q=${w}&status=draft`)).toEqual({ count: 4, capped: false });

    const res = await bulk({
      action: 'publish',
      filter: { q: w, status: 'draft', sort: 'title' },
      expected: 4,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ changed: 4 });
    expect((await rows(drafts)).map((r) => r.status)).toEqual(Array(4).fill('published'));
    expect(await rows([published, otherDraft])).toEqual(untouched);
  });

  it('changes category and deletes by filter (category and status narrowing)', async () => {
    const w = word();
    const a = await make(`${w} one`, { category: 'style' });
    const b = await make(`${w} two`, { category: 'style' });
    const keep = await make(`${w} three`, { category: 'wellness' });
    const moved = await bulk({
      action: 'category',
      filter: { q: w, category: 'style' },
      expected: 2,
      category: 'career',
    });
    expect(await moved.json()).toEqual({ changed: 2 });
    expect((await rows([a, b, keep])).map((r) => r.category)).toEqual(['career', 'career', 'wellness']);

    const gone = await bulk({ action: 'delete', filter: { q: w, category: 'career' }, expected: 2 });
    expect(await gone.json()).toEqual({ changed: 2 });
    expect((await rows([a, b, keep])).map((r) => r.id)).toEqual([keep]);
  });

  it('refuses with 409 when the matches no longer number what the editor confirmed; nothing changes', async () => {
    const w = word();
    const ids = [await make(`${w} a`, { status: 'draft' }), await make(`${w} b`, { status: 'draft' })];
    const before = await rows(ids);
    // The editor confirmed 3; one was published (or deleted) elsewhere meanwhile.
    const res = await bulk({ action: 'delete', filter: { q: w, status: 'draft' }, expected: 3 });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message:
        'The results changed since you chose them: 2 match now, not 3 articles. Check the list and try again.',
      expected: 3,
      count: 2,
    });
    expect(await rows(ids)).toEqual(before);
  });

  it('runs in one transaction: a row that fails to change leaves every other match as it was', async () => {
    const w = word();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await make(`${w} ${i}`, { status: 'draft' }));
    const failing = await make(`${w} refuses`, { status: 'draft' });
    const before = await rows([...ids, failing]);
    const db = booted.deps.db;
    // The row with the highest id (changed last) refuses the update, after the others were updated.
    await db.execute(
      sql.raw(`create function refuse_one() returns trigger language plpgsql as $$
      begin if new.id = ${failing} and new.status = 'published' then raise exception 'refused'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw(
        'create trigger refuse_one before update on articles for each row execute function refuse_one()',
      ),
    );
    try {
      const res = await bulk({ action: 'publish', filter: { q: w, status: 'draft' }, expected: 4 });
      expect(res.status, await res.clone().text()).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_one on articles'));
      await db.execute(sql.raw('drop function refuse_one()'));
    }
    expect(await rows([...ids, failing])).toEqual(before);
  });

  it('bad input is 400 and changes nothing', async () => {
    const w = word();
    const id = await make(`${w} only`, { status: 'draft' });
    const before = await rows([id]);
    const bad = [
      { action: 'publish', filter: { q: w } },
      { action: 'publish', filter: { q: w }, expected: 0 },
      { action: 'publish', filter: { q: w }, expected: BULK_FILTER_MAX + 1 },
      { action: 'publish', filter: { q: w }, expected: 1, ids: [id] },
      { action: 'publish', filter: { q: w, status: 'gone' }, expected: 1 },
      { action: 'publish', filter: { q: 'x'.repeat(201) }, expected: 1 },
      { action: 'publish', filter: `q=${w}`, expected: 1 },
      { action: 'category', filter: { q: w }, expected: 1 },
      { action: 'explode', filter: { q: w }, expected: 1 },
    ];
    for (const b of bad) {
      const res = await bulk(b);
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect(((await res.json()) as Json).message).toEqual(expect.any(String));
    }
    expect((await admin.get('/api/admin/content/count?status=gone')).status).toBe(400);
    expect(await rows([id])).toEqual(before);
  });

  it(`counts to ${BULK_FILTER_MAX} and refuses a filter that matches more`, async () => {
    const db = booted.deps.db;
    const w = word();
    await db.execute(
      sql.raw(`insert into articles (slug, title, excerpt, content, category, status)
        select '${w}-' || i, '${w} ' || i, 'E', 'C', 'sports', 'draft' from generate_series(1, ${BULK_FILTER_MAX + 1}) as i`),
    );
    expect(await countOf(`q=${w}`)).toEqual({ count: BULK_FILTER_MAX, capped: true });
    const res = await bulk({ action: 'publish', filter: { q: w }, expected: BULK_FILTER_MAX });
    expect(res.status).toBe(409);
    expect(((await res.json()) as Json).message).toMatch(/more than 10000 match now/);
    const [left] = await db
      .select({ n: count() })
      .from(s.articles)
      .where(and(like(s.articles.slug, `${w}-%`), eq(s.articles.status, 'draft')));
    expect(left?.n).toBe(BULK_FILTER_MAX + 1);
  });
});
