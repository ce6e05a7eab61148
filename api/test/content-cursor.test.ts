import { encodeCursor } from '@site/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { articles } from '../src/db/schema';
import { type Agent, dbTargets, signUpAdmin, testApp } from './helpers';

type Item = { id: number; slug: string; category: string; title: string };
const CATEGORIES = ['wellness', 'style', 'home'];

/** Keyset paging and cheap counts at any depth (issue 43). */
describe.each(dbTargets)('cursor paging and kept counts on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  const get = (path: string) => booted.app.request(path);
  const db = () => booted.deps.db;

  /** Follows X-Next-Cursor from `first` until a page comes without one; every page's ids in order. */
  async function walk(
    first: string,
    request: (path: string) => Response | Promise<Response> = get,
    from?: string,
  ) {
    const seen: Item[] = [];
    let path: string | null = from ? `${first}&cursor=${encodeURIComponent(from)}` : first;
    for (let pages = 0; path && pages < 200; pages++) {
      const res: Response = await request(path);
      expect(res.status, path).toBe(200);
      seen.push(...((await res.json()) as Item[]));
      const next = res.headers.get('x-next-cursor');
      path = next ? `${first}&cursor=${encodeURIComponent(next)}` : null;
    }
    return seen;
  }
  const publicCount = async (category?: string) => {
    const rows = (await db().execute(sql`select count(*)::int as n from articles
      where status in ('published', 'scheduled') and coalesce(published_at, created_at) <= now()
      ${category ? sql`and category = ${category}` : sql``}`)) as unknown as { rows: { n: number }[] };
    return rows.rows[0]!.n;
  };

  beforeAll(async () => {
    booted = await testApp(kind);
    admin = (await signUpAdmin(booted)).agent;
    // 60 articles on 12 dates: five share each date, and within each five two differ by a microsecond
    // only (one JS millisecond), so paging must carry the date at PostgreSQL's precision and break ties by id.
    // Every 7th is a draft, every 11th scheduled for tomorrow: neither is public.
    await db().execute(sql`insert into articles (slug, title, excerpt, content, category, status, published_at, updated_at)
      select 'k-' || g, 'Title ' || (g % 9), 'Excerpt', 'Body', (array['wellness','style','home'])[1 + g % 3],
        case when g % 7 = 0 then 'draft' when g % 11 = 0 then 'scheduled' else 'published' end,
        case when g % 11 = 0 and g % 7 <> 0 then now() + interval '1 day'
          else timestamptz '2026-01-01' - (g / 5) * interval '1 day' + (case when g % 5 = 1 then interval '1 microsecond' else interval '0' end) end,
        timestamptz '2026-01-01' - (g / 10) * interval '1 hour' + (case when g % 2 = 1 then interval '1 microsecond' else interval '0' end)
      from generate_series(1, 60) g`);
  }, 60_000);
  afterAll(async () => booted?.close());

  it('pages chained by X-Next-Cursor cover every public article exactly once, in the list order', async () => {
    const all = (await (await get('/api/content?limit=100')).json()) as Item[];
    expect(all.length).toBe(await publicCount());
    for (const limit of [1, 3, 5, 20]) {
      const chained = await walk(`/api/content?limit=${limit}`);
      expect(
        chained.map((a) => a.id),
        `limit ${limit}`,
      ).toEqual(all.map((a) => a.id));
    }
    // In a category: the category's index, the same rule.
    for (const category of CATEGORIES) {
      const chained = await walk(`/api/content?category=${category}&limit=4`);
      expect(new Set(chained.map((a) => a.id)).size).toBe(chained.length);
      expect(chained.length).toBe(await publicCount(category));
      expect(chained.every((a) => a.category === category)).toBe(true);
    }
  });

  it('a full page sends the next cursor, the last page none; the array stays the body', async () => {
    const total = await publicCount();
    const res = await get(`/api/content?limit=${total}`);
    expect(res.headers.get('x-next-cursor')).toBeTruthy(); // full: there may be more
    const after = await get(`/api/content?limit=${total}&cursor=${res.headers.get('x-next-cursor')}`);
    expect(await after.json()).toEqual([]);
    expect(after.headers.get('x-next-cursor')).toBeNull();
    const short = await get(`/api/content?limit=${total + 1}`);
    expect(Array.isArray(await short.json())).toBe(true);
    expect(short.headers.get('x-next-cursor')).toBeNull();
  });

  it('a tampered cursor is a 400 naming it, and nothing changes', async () => {
    const before = await publicCount();
    const good = (await get('/api/content?limit=2')).headers.get('x-next-cursor')!;
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const cursor of [
      `${good}!`,
      'not base64 at all',
      b64({ k: 'yesterday', id: 1 }),
      b64({ k: '2026-01-01T00:00:00Z', id: 9_999_999_999 }),
      b64({ k: '2026-01-01T00:00:00Z', id: 1, sql: "'; drop table articles; --" }),
      b64(['2026-01-01T00:00:00Z', 1]),
    ]) {
      const res = await get(`/api/content?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/^cursor(\.\w+)?: /);
    }
    expect((await get(`/api/content?cursor=${good}&offset=20`)).status).toBe(400);
    expect(await publicCount()).toBe(before);
    expect((await get(`/api/content?limit=2&cursor=${good}`)).status).toBe(200);
  });

  it('an article published between two pages does not repeat or push any article out', async () => {
    const first = await get('/api/content?limit=6');
    const page1 = (await first.json()) as Item[];
    const cursor = first.headers.get('x-next-cursor')!;
    const res = await admin.post('/api/content', {
      title: 'Breaking news between pages',
      excerpt: 'New',
      content: 'Body',
      category: 'wellness',
      status: 'published',
    });
    expect(res.status).toBe(201);
    const rest = await walk('/api/content?limit=6', get, cursor);
    const ids = [...page1, ...rest].map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Every article that was public when the reader began, once; the new one is at the top, not here.
    expect(ids.length).toBe((await publicCount()) - 1);
  });

  it('counts: kept per category, exact through inserts, edits, scheduling, deletes and bulk actions', async () => {
    const expectExact = async () => {
      const counts = (await (await get('/api/content/counts')).json()) as Record<string, number>;
      expect(counts.all).toBe(await publicCount());
      for (const c of CATEGORIES) expect(counts[c], c).toBe(await publicCount(c));
    };
    await expectExact();
    const [a] = await db()
      .insert(articles)
      .values({ slug: 'c-1', title: 'T', excerpt: 'E', content: 'B', category: 'home', status: 'published' })
      .returning({ id: articles.id });
    await expectExact();
    await db().execute(sql`update articles set category = 'style' where id = ${a!.id}`);
    await expectExact();
    await db().execute(sql`update articles set status = 'draft' where slug like 'k-1%'`);
    await expectExact();
    // Scheduled for the past: public now, as isPublic() says, with no job flipping it.
    await db().execute(
      sql`update articles set status = 'scheduled', published_at = now() - interval '1 minute' where slug = 'k-13'`,
    );
    await expectExact();
    const bulk = await admin.post('/api/admin/content/bulk', { action: 'unpublish', ids: [a!.id] });
    expect(bulk.status).toBe(200);
    await expectExact();
    await db().execute(sql`delete from articles where slug in ('k-2', 'k-3', 'c-1')`);
    await expectExact();
  });

  it('admin: cursor pages cover every article once in each sort, searches included', async () => {
    const articlesPage = (path: string) => admin.get(path);
    for (const sort of ['newest', 'updated', 'title'] as const) {
      const all = (await (await admin.get(`/api/admin/content?sort=${sort}&limit=100`)).json()) as Item[];
      const chained = await walk(`/api/admin/content?sort=${sort}&limit=7`, articlesPage);
      expect(
        chained.map((a) => a.id),
        sort,
      ).toEqual(all.map((a) => a.id));
      const search = (await (
        await admin.get(`/api/admin/content?sort=${sort}&q=title&limit=100`)
      ).json()) as Item[];
      const searched = await walk(`/api/admin/content?sort=${sort}&q=title&limit=4`, articlesPage);
      expect(
        searched.map((a) => a.id),
        `${sort} search`,
      ).toEqual(search.map((a) => a.id));
    }
    // A cursor page leaves the total to the first page; a cursor of another sort is refused.
    const first = await admin.get('/api/admin/content?sort=title&limit=5');
    expect(first.headers.get('x-total-count')).toBeTruthy();
    const next = first.headers.get('x-next-cursor')!;
    expect(
      (await admin.get(`/api/admin/content?sort=title&limit=5&cursor=${next}`)).headers.get('x-total-count'),
    ).toBeNull();
    const wrong = await admin.get(`/api/admin/content?sort=newest&cursor=${next}`);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toBe('cursor: Not a valid cursor');
    const forged = encodeCursor({ k: 'Title 3', id: 2_147_483_647 });
    expect((await admin.get(`/api/admin/content?sort=title&cursor=${forged}`)).status).toBe(200);
  });

  it('admin: the total is counted up to 1000, then said as "1000+" (X-Total-Count-Capped)', async () => {
    const head = async () => {
      const res = await admin.get('/api/admin/content?limit=1');
      return [res.headers.get('x-total-count'), res.headers.get('x-total-count-capped')];
    };
    const [n] = await head();
    expect(Number(n)).toBeLessThan(1000);
    await db().execute(sql`insert into articles (slug, title, excerpt, content, category)
      select 'many-' || g, 'Many', 'E', 'B', 'home' from generate_series(1, 1000) g`);
    expect(await head()).toEqual(['1000', 'true']);
    // The kept counts follow a many-row statement too.
    const counts = (await (await get('/api/content/counts')).json()) as Record<string, number>;
    expect(counts.home).toBe(await publicCount('home'));
  });
});
