import { ADMIN_SEARCH_COUNT_CAP, adminArticleListQuery } from '@site/shared';
import { count, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { articleDate, articleSearchDocument } from '../src/db/schema/content';
import {
  ADMIN_ARTICLE_SORTS,
  type AdminListTable,
  adminArticleOrder,
  adminArticleWhere,
  articleOrigin,
} from '../src/routes/content/admin-list';
import {
  ADMIN_SEARCH_TUNING,
  articleSearch,
  ARTICLE_SEARCH_LIST,
  type SearchTuning,
  searchAdminArticles,
} from '../src/routes/content/admin-search';
import { refreshSearchWindow, type Window } from '../src/routes/content/search-window';
import { dbTargets, testApp } from './helpers';

type Rows<T> = { rows: T[] };
const day = 86_400_000;
const at = (days: number) => new Date(Date.UTC(2026, 0, 1) + days * day);

/**
 * The admin search reads the GIN index by hand (admin-search.ts): every match when they are few,
 * else the matches within a bound taken from a sample of them. Either way it must give exactly what
 * the plain `where … order by … limit … offset …` gives, ties included, on 1,300 articles: 'lavender'
 * matches more of them than the count's cap, 'quiet' and 'desk' fewer.
 */
describe.each(dbTargets)('admin article search plans on %s', (kind) => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp(kind);
    const categories = ['wellness', 'career', 'home'] as const;
    await booted.deps.db.insert(s.articles).values(
      Array.from({ length: 1300 }, (_, i) => {
        const status: 'draft' | 'scheduled' | 'published' =
          i % 7 === 0 ? 'draft' : i % 11 === 0 ? 'scheduled' : 'published';
        // Blocks of 100: even rows of a block tie on every key, odd rows have keys of their own. An
        // earlier row sorts first, so the first matches (the search's sample) hold the top of each sort.
        const block = Math.floor(i / 100);
        const own = i % 2 === 1;
        const time = (days: number) => new Date(at(days).getTime() - (own ? (i % 100) * 60_000 : 0));
        let publishedAt: Date | null = time(-block - 1);
        if (status === 'draft') publishedAt = null;
        if (status === 'scheduled') publishedAt = at(4000);
        const bb = String(block).padStart(2, '0');
        return {
          slug: `plan-${i}`,
          title: own ? `Block ${bb} ${String(i).padStart(4, '0')}` : `Block ${bb}`,
          excerpt: i % 6 === 5 ? 'Notes' : 'Lavender oil at night',
          content: i % 5 === 0 ? 'A quiet desk routine' : 'Plain body',
          category: categories[i % 3] ?? 'home',
          status,
          publishedAt,
          createdAt: at(-block - 2),
          updatedAt: time(-block),
          origin: i % 13 === 0 ? ('ai' as const) : null,
          externalKey: i % 17 === 0 ? `guid-${i}` : null,
          source: i % 17 === 0 ? 'Feed' : null,
        };
      }),
    );
  });
  afterAll(async () => booted?.close());

  // Pages that end inside a tie, and on a key of its own (where a bound one row short loses a row).
  const queries = [
    'q=lavender',
    'q=lavender&sort=title',
    'q=lav&sort=updated&offset=3&limit=4',
    'q=lavender&sort=updated&offset=300',
    'q=lavender&sort=updated&offset=600',
    'q=lavender&sort=title&offset=400&limit=30',
    'q=lavender&sort=title&offset=40&limit=30',
    'q=lavender&sort=updated&offset=60&limit=15',
    'q=lavender&status=published&offset=500',
    'q=lavender&status=published&sort=title&offset=10&limit=5',
    'q=lavender&status=all&sort=updated&offset=990&limit=20',
    'q=lavender&offset=1075&limit=10',
    'q=lavender&offset=2000',
    'q=lavender&status=draft&sort=updated',
    'q=lavender&category=wellness&limit=3&offset=2',
    'q=desk&origin=editor&sort=title&limit=2&offset=1',
    'q=quiet&status=all&sort=updated&limit=3',
    'q=lavender%20quiet&sort=newest',
    'q=lavender&origin=rss&source=Feed',
    // Row 221 is both imported and an AI draft: 'rss', as the list shows it, on either table.
    'q=plain&origin=ai&sort=title',
    'q=lavender&status=scheduled&sort=title',
    'q=nothingmatches',
  ];

  const plans: Array<{ name: string; tuning: SearchTuning; takes: string[] }> = [
    // 'lavender' has more matches than the count's cap: its date sorts walk, its title sorts bound.
    {
      name: 'as configured',
      tuning: ADMIN_SEARCH_TUNING,
      takes: ['all matches', 'walk', 'within the bound'],
    },
    // Every match counts as "many": date sorts walk (and fall back when the walk is short), titles bound.
    { name: 'walk, then bound', tuning: { indexMatches: 0 }, takes: ['walk', 'within the bound'] },
    { name: 'bound only', tuning: { indexMatches: 0, walkRows: 0 }, takes: ['within the bound'] },
    // Walks of 40 rows: a short page must not be taken for the page.
    { name: 'short walks', tuning: { indexMatches: 0, walkRows: 40 }, takes: ['walk', 'within the bound'] },
  ];

  /** Every query against the plain one; which plans and which samples were taken. */
  async function compareWithPlain(tuning: SearchTuning, windows: Window[] = []) {
    const db = booted.deps.db;
    const used = new Set<string>();
    const sampled = new Set<string>();
    for (const qs of queries) {
      const query = adminArticleListQuery.parse(Object.fromEntries(new URLSearchParams(qs)));
      const where = adminArticleWhere(query);
      const want = await db
        .select({ id: s.articles.id })
        .from(s.articles)
        .where(where)
        .orderBy(...adminArticleOrder(query.sort))
        .limit(query.limit)
        .offset(query.offset);
      const [all] = await db.select({ n: count() }).from(s.articles).where(where);
      const n = Number(all?.n);
      const got = await searchAdminArticles(db, query, tuning, windows);
      if (n) used.add(got.plan);
      sampled.add(got.sampled);
      expect(
        got.rows.map((r) => r.id),
        qs,
      ).toEqual(want.map((r) => r.id));
      expect(got.total, qs).toEqual({
        count: Math.min(n, ADMIN_SEARCH_COUNT_CAP),
        capped: n > ADMIN_SEARCH_COUNT_CAP,
      });
    }
    return { used: [...used].sort(), sampled: [...sampled].sort() };
  }

  it.each(plans)('$name: the rows, order and count of the plain query', async ({ tuning, takes }) => {
    // The paths under test were taken (else this would compare one plan with itself).
    expect(await compareWithPlain(tuning)).toEqual({ used: [...takes].sort(), sampled: ['table'] });
  });

  it('the narrow copy follows every write of what the admin list filters and sorts on', async () => {
    const db = booted.deps.db;
    const differing = async () => {
      const res =
        // Each column against what the list reads off the articles (articleDate, articleOrigin).
        (await db.execute(sql`select count(*)::int as n from ${s.articles} join article_search s using (id)
        where (s.status, s.sort_at, s.category, s.updated_at, s.title, s.origin, s.source, s.created_by)
          is distinct from (${s.articles.status}, ${articleDate(s.articles)}, ${s.articles.category},
            ${s.articles.updatedAt}, ${s.articles.title}, ${articleOrigin}, ${s.articles.source}, ${s.articles.createdBy})
          or s.search_vector <> ${articleSearchDocument}`)) as unknown as Rows<{ n: number }>;
      return res.rows[0]?.n;
    };
    await db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
      values ('copy-owner', 'Owner', 'copy-owner@example.com', true, now(), now())`);
    const [a] = (await db
      .insert(s.articles)
      .values({ slug: 'copy-check', title: 'Copy check', excerpt: 'x', content: 'y', category: 'home' })
      .returning({ id: s.articles.id })) as Array<{ id: number }>;
    const id = a?.id ?? 0;
    expect(await differing()).toBe(0);
    for (const change of [
      `title = 'Copy check, renamed'`,
      `updated_at = now() + interval '1 day'`,
      `external_key = 'guid-copy', source = 'A feed'`,
      `external_key = null, origin = 'story'`,
      `origin = null`,
      `created_by = 'copy-owner'`,
      `status = 'draft', published_at = null`,
      `content = 'Lavender after all'`,
    ]) {
      await db.execute(sql`update articles set ${sql.raw(change)} where id = ${id}`);
      expect(await differing(), change).toBe(0);
    }
    // A staff member removed: the articles keep no owner (ON DELETE SET NULL), nor does the copy.
    await db.execute(sql`delete from "user" where id = 'copy-owner'`);
    expect(await differing()).toBe(0);
    await db.delete(s.articles).where(sql`${s.articles.id} = ${id}`);
    expect(await differing()).toBe(0);
  });

  it('each admin sort reads its index in order, without a sort step', async () => {
    const db = booted.deps.db;
    const planOf = async (
      qs: string,
      table: typeof s.articles | typeof articleSearch,
      t?: AdminListTable,
    ) => {
      const query = adminArticleListQuery.parse(Object.fromEntries(new URLSearchParams(qs)));
      const sort = ADMIN_ARTICLE_SORTS[query.sort];
      const order = sql.join(adminArticleOrder(query.sort, sort.key(t), t?.id), sql`, `);
      const where: SQL = adminArticleWhere(query, t) ?? sql`true`;
      return db.transaction(async (tx) => {
        // Small tables favour scanning and sorting; forbid both to see whether an index serves the order.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        const res = (await tx.execute(
          sql`explain select ${table.id} from ${table} where ${where} order by ${order} limit 50`,
        )) as unknown as Rows<Record<string, string>>;
        return res.rows.map((r) => Object.values(r)[0]).join('\n');
      });
    };
    for (const [qs, index] of [
      ['sort=newest', 'articles_newest_idx'],
      ['sort=updated', 'articles_updated_idx'],
      ['sort=title', 'articles_title_idx'],
      ['status=draft&sort=updated', 'articles_status_updated_idx'],
      ['category=wellness&sort=newest', 'articles_category_newest_idx'],
    ] as const) {
      const plan = await planOf(qs, s.articles, undefined);
      expect(plan, qs).toContain(index);
      expect(plan, qs).not.toMatch(/\bSort\b/);
      // The search's walks read the narrow copy's index of the same sort, in order too.
      const copyPlan = await planOf(qs, articleSearch, ARTICLE_SEARCH_LIST);
      expect(copyPlan, qs).toContain(index.replace('articles_', 'article_search_'));
      expect(copyPlan, qs).not.toMatch(/\bSort\b/);
    }
  });

  // Last: its ANALYZE moves the planner's choices the test above pins.
  it('a sample from the newest rows (the public search window) when they hold one: the same rows and count', async () => {
    await booted.deps.db.execute(sql`analyze article_search`);
    const window = await refreshSearchWindow(booted.deps, { rows: 1250, tableTimes: 1, growth: 3 });
    expect(window?.rows).toBe(1250);
    expect(await compareWithPlain(ADMIN_SEARCH_TUNING, window ? [window] : [])).toEqual({
      used: ['all matches', 'walk', 'within the bound'],
      sampled: ['table', 'window'],
    });
    // Sizes smallest first: 300 rows never hold a sample of 1,001, so the next size is asked.
    const tiny = await refreshSearchWindow(booted.deps, { rows: 300, tableTimes: 1, growth: 3 });
    expect(tiny?.rows).toBeGreaterThanOrEqual(300); // rows sharing the 300th date come too
    expect(await compareWithPlain(ADMIN_SEARCH_TUNING, tiny && window ? [tiny, window] : [])).toEqual({
      used: ['all matches', 'walk', 'within the bound'],
      sampled: ['a wider window', 'table'],
    });
  });
});
