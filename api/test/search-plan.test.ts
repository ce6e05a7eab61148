import { LIMITS } from '@site/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { BITMAP_SCANS_ONLY, type Database, splitPool } from '../src/db/client';
import { countMatches, findArticles, matching, searchArticles } from '../src/routes/content/public-search';
import { onSearchConnections } from '../src/routes/content/search-plan';
import { refreshSearchWindow, searchWindow, searchWindows } from '../src/routes/content/search-window';
import { dbTargets, testApp } from './helpers';

const rows = async (db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** The candidates statement of a public search, as EXPLAIN shows it. */
const plan = async (db: Database, words: string) =>
  (
    await rows(
      db,
      sql`explain select s.id from ${matching(sql`to_tsquery('english'::regconfig, ${words})`)}
        order by s.sort_at desc, s.id desc limit 200`,
    )
  )
    .map((r) => Object.values(r)[0])
    .join('\n');

/** The answer as the articles table alone gives it: what the narrow copy must reproduce. */
const plainSearch = async (db: Database, words: string, category?: string) =>
  (
    await rows(
      db,
      sql`select slug from articles where id in (select id from articles
        where status in ('published', 'scheduled') and coalesce(published_at, created_at) <= now()
          and search_vector @@ to_tsquery('english'::regconfig, ${words})
          ${category ? sql`and category = ${category}` : sql``}
        order by coalesce(published_at, created_at) desc, id desc limit 200)
      order by ts_rank(search_vector, to_tsquery('english'::regconfig, ${words})) desc,
        coalesce(published_at, created_at) desc, id desc limit ${LIMITS.searchMaxResults}`,
    )
  ).map((r) => r.slug);

describe.each(dbTargets)('how a public search finds its matches on %s', (kind) => {
  let booted: Booted;
  const slugs = async (q: string, category?: string) =>
    (await searchArticles(booted.deps, q, category)).map((a) => a.slug);

  beforeAll(async () => {
    booted = await testApp(kind);
    // Two words each in half of 4,000 articles and never together (as "work houseplant" at 100,000);
    // a few drafts and articles scheduled for later say both.
    await booted.deps.db.execute(sql`insert into articles (slug, title, excerpt, content, category, status, published_at)
      select 'filler-' || i, 'Filler ' || i || case when i % 7 = 0 then ' calm' else '' end, 'A filler piece.',
        case when i % 2 = 0 then 'quokkas ' else 'wombats ' end || 'and a few more words',
        case when i % 3 = 0 then 'wellness' else 'style' end,
        case when i % 50 = 0 then 'draft' when i % 50 = 1 then 'scheduled' else 'published' end,
        now() + case when i % 50 = 1 then interval '1 day' else -i * interval '1 hour' end
      from generate_series(1, 4000) i`);
    await booted.deps.db.execute(sql`update articles set content = content || ' quokkas wombats'
      where status <> 'published'`);
    await booted.deps.db.execute(sql`analyze articles`);
    await booted.deps.db.execute(sql`analyze article_search`);
  });
  afterAll(async () => booted?.close());

  it('finds matches through the GIN index of the narrow copy, never by testing row after row', async () => {
    const { db } = booted.deps;
    expect(Boolean(booted.deps.searchDb)).toBe(kind === 'postgres');
    for (const words of ['quokkas:* & wombats:*', 'quokkas:*', 'calm:*']) {
      const chosen = await onSearchConnections(booted.deps, (s) => plan(s, words));
      expect(chosen).toMatch(/Bitmap Index Scan on article_search_vector_idx/);
      expect(chosen).not.toMatch(/Seq Scan|[^p] Index Scan/);
    }
    // Left to itself, the planner reads the rows and tests each one's vector: 4,000 for no match.
    expect(await plan(db, 'quokkas:* & wombats:*')).toMatch(/Seq Scan on article_search|Index Scan/);
  });

  it.runIf(kind === 'postgres')(
    'every search connection has the settings from its first statement on',
    async () => {
      // As many statements at once as the search pool has connections, on connections opened for them:
      // the first statement of each must already see BITMAP_SCANS_ONLY (pg-pool's onConnect).
      const settings = await Promise.all(
        Array.from({ length: 8 }, () =>
          onSearchConnections(booted.deps, (s) =>
            rows(s, sql`select current_setting('enable_seqscan') as seq, current_setting('work_mem') as mem`),
          ),
        ),
      );
      for (const [row] of settings) expect(row).toEqual({ seq: 'off', mem: '32MB' });
    },
  );

  it('the GIN index searches read keeps no pending list to scan (fastupdate off, migration 0025)', async () => {
    const [idx] = await rows(
      booted.deps.db,
      sql`select reloptions from pg_class where relname = 'article_search_vector_idx'`,
    );
    expect(idx?.reloptions).toEqual(['fastupdate=off']);
  });

  it('answers as the articles table does: drafts and articles not yet due never found', async () => {
    const { db } = booted.deps;
    expect(await slugs('quokkas wombats')).toEqual([]);
    for (const [q, words, category] of [
      ['quokkas', 'quokkas:*', undefined],
      ['filler calm', 'filler:* & calm:*', undefined],
      ['calm', 'calm:*', 'wellness'],
      ['wombat', 'wombat:*', 'style'],
    ] as const) {
      const expected = await plainSearch(db, words, category);
      expect(expected.length).toBeGreaterThan(0);
      expect(await slugs(q, category)).toEqual(expected);
    }
    const counts = await countMatches(booted.deps, 'filler calm');
    const [plain] = await rows(
      db,
      sql`select count(*)::int n from articles where status in ('published', 'scheduled')
        and coalesce(published_at, created_at) <= now() and search_vector @@ to_tsquery('english', 'filler:* & calm:*')`,
    );
    expect(counts.all).toBe(plain?.n);
    expect(Number(counts.wellness) + Number(counts.style)).toBe(plain?.n);
  });

  it('a search looks among the newest rows first, through their own index, and answers as the whole table does (issue 43)', async () => {
    const { db } = booted.deps;
    // "herons" in the oldest 2,000 fillers only: common overall, absent from the newest rows.
    await db.execute(sql`update articles set content = content || ' herons'
      where slug like 'filler-%' and substring(slug from 8)::int > 2000`);
    await db.execute(sql`analyze article_search`);
    const window = { rows: 1000, tableTimes: 4, growth: 3 };
    let windows = [window];
    const found = async (q: string, category?: string) => {
      const { rows: answer, plan, asked } = await findArticles(booted.deps, q, category, windows);
      return { slugs: answer.map((a) => a.slug), plan, asked };
    };
    const indexes = () =>
      rows(
        db,
        sql`select c.relname as name, obj_description(c.oid, 'pg_class') as since from pg_class c
          join pg_index i on i.indexrelid = c.oid
          where i.indrelid = 'article_search'::regclass and c.relname like 'article_search_recent_%'`,
      );
    const newest = async (n: number) => {
      const [row] = await rows(
        db,
        sql`select sort_at from article_search order by sort_at desc, id desc offset ${n - 1} limit 1`,
      );
      return new Date(row?.sort_at as string).toISOString();
    };
    // A window as large as a quarter of the table saves nothing: none is made.
    expect(await refreshSearchWindow(booted.deps, { ...window, rows: 2000 })).toBeNull();
    expect(await indexes()).toEqual([]);
    // No window yet: the first search reads it in the background and searches all matches.
    expect((await found('quokkas')).plan).toBe('all matches');
    const countSince = async (since?: string) =>
      Number(
        (
          await rows(
            db,
            sql`select count(*)::int as n from article_search where sort_at >= ${since}::timestamptz`,
          )
        )[0]?.n,
      );
    const made = await refreshSearchWindow(booted.deps, window);
    expect(made).toEqual({ since: await newest(1000), rows: 1000, tableRows: expect.any(Number) });
    expect(searchWindow(booted.deps, window)).toEqual(made);
    // Its own GIN index holds the newest 1,000 rows, and the window's statement reads it.
    expect(await indexes()).toEqual([{ name: expect.any(String), since: made?.since }]);
    if (kind === 'postgres') {
      const explained = await onSearchConnections(booted.deps, (s) =>
        rows(
          s,
          sql`explain select s.id from ${matching(sql`to_tsquery('english'::regconfig, 'quokkas:*')`, undefined, made?.since)}
            order by s.sort_at desc, s.id desc limit 200`,
        ),
      );
      expect(explained.map((r) => Object.values(r)[0]).join('\n')).toMatch(
        /Bitmap Index Scan on article_search_recent_/,
      );
    }

    for (const [q, words, category, plan] of [
      // In half of all rows: ~470 public matches among the newest 1,000, so the newest 200 are there.
      ['quokkas', 'quokkas:*', undefined, 'newest window'],
      // In half of all rows, none of them new: the whole table after all.
      ['herons', 'herons:*', undefined, 'all matches after the windows'],
      // Fewer than 200 in the window (one row in seven; a third of the rows in the category).
      ['calm', 'calm:*', undefined, 'all matches after the windows'],
      ['quokkas', 'quokkas:*', 'wellness', 'all matches after the windows'],
    ] as const) {
      const expected = await plainSearch(db, words, category);
      expect(expected.length).toBeGreaterThan(0);
      expect(await found(q, category), `${q} ${category ?? ''}`).toEqual({ slugs: expected, plan, asked: 1 });
    }

    // Two sizes, smallest first, each with its own index: the newest 300 hold ~140 "quokkas", too few,
    // so the newest 1,000 are asked next; a word in neither goes to the whole table after both.
    const smallest = { rows: 300, tableTimes: 4, growth: 3 };
    const small = await refreshSearchWindow(booted.deps, smallest);
    expect(small?.since).toBe(await newest(300));
    expect(searchWindows(booted.deps, [smallest, window])).toEqual([small, made]);
    expect((await indexes()).map((i) => i.since).sort()).toEqual([made?.since, small?.since].sort());
    windows = [smallest, window];
    for (const [q, words, plan, asked] of [
      ['quokkas', 'quokkas:*', 'a wider window', 2],
      // ~40 of 300 promise ~140 of 1,000: asked, and too few there too.
      ['calm', 'calm:*', 'all matches after the windows', 2],
      // None of 300 promise none of 1,000: the wider window is skipped.
      ['herons', 'herons:*', 'all matches after the windows', 1],
    ] as const) {
      expect(await found(q), q).toEqual({ slugs: await plainSearch(db, words), plan, asked });
    }
    windows = [window];
    // An index of the one window there was before sizes (named without one) goes with the next build.
    await db.execute(sql`create index article_search_recent_20200101000000000 on article_search (id)`);

    // 2,100 articles later the window holds over three times its rows: a new index of the newest
    // 1,000 replaces the old one.
    await db.execute(sql`insert into articles (slug, title, excerpt, content, category, status, published_at)
      select 'later-' || i, 'Later ' || i, 'A later piece.', 'quokkas and more', 'style', 'published',
        now() - i * interval '1 second'
      from generate_series(1, 2100) i`);
    expect(await countSince(made?.since)).toBeGreaterThan(3000);
    const remade = await refreshSearchWindow(booted.deps, window);
    expect(remade?.since).toBe(await newest(1000));
    expect(remade?.since).not.toBe(made?.since);
    // The old index of its size went, and the unsized one; the other size's stays.
    expect((await indexes()).map((i) => i.since).sort()).toEqual([remade?.since, small?.since].sort());
    expect(await found('quokkas')).toEqual({
      slugs: await plainSearch(db, 'quokkas:*'),
      plan: 'newest window',
      asked: 1,
    });
    await db.execute(sql`delete from articles where slug like 'later-%'`);
  });

  it('the copy follows every write of the articles: insert, publish, edit, reschedule, delete', async () => {
    const { db } = booted.deps;
    const [row] = await rows(
      db,
      sql`insert into articles (slug, title, excerpt, content, category, status)
        values ('axolotl-note', 'An axolotl note', 'x', 'body', 'wellness', 'draft') returning id`,
    );
    const id = row?.id as number;
    expect(await slugs('axolotl')).toEqual([]);
    await db.execute(sql`update articles set status = 'published', published_at = now() where id = ${id}`);
    expect(await slugs('axolotl')).toEqual(['axolotl-note']);
    await db.execute(sql`update articles set title = 'A capybara note' where id = ${id}`);
    expect(await slugs('axolotl')).toEqual([]);
    expect(await slugs('capybara')).toEqual(['axolotl-note']);
    await db.execute(sql`update articles set category = 'career' where id = ${id}`);
    expect(await slugs('capybara', 'wellness')).toEqual([]);
    expect(await slugs('capybara', 'career')).toEqual(['axolotl-note']);
    await db.execute(
      sql`update articles set status = 'scheduled', published_at = now() + interval '1 hour' where id = ${id}`,
    );
    expect(await slugs('capybara')).toEqual([]);
    await db.execute(sql`update articles set published_at = now() - interval '1 minute' where id = ${id}`);
    expect(await slugs('capybara')).toEqual(['axolotl-note']);
    await db.execute(sql`delete from articles where id = ${id}`);
    expect(await rows(db, sql`select id from article_search where id = ${id}`)).toEqual([]);
  });

  it('the search settings hold for every search, and never reach the connections pages and API reads use', async () => {
    const { db } = booted.deps;
    const names = Object.keys(BITMAP_SCANS_ONLY);
    const current = (on: Database) =>
      rows(
        on,
        sql`select ${sql.join(
          names.map((n) => sql`current_setting(${n}) as ${sql.identifier(n)}`),
          sql`, `,
        )}`,
      ).then(([r]) => Object.values(r ?? {}));
    const defaults = await current(db);
    expect(defaults).not.toEqual(Object.values(BITMAP_SCANS_ONLY));
    // Every search connection, opened by a burst of searches, carries them.
    const during = await Promise.all(
      Array.from({ length: 8 }, () => onSearchConnections(booted.deps, current)),
    );
    for (const seen of during) expect(seen).toEqual(Object.values(BITMAP_SCANS_ONLY));
    // Every connection of the shared pool, after the burst, has the defaults.
    const after = await Promise.all(Array.from({ length: 8 }, () => current(db)));
    for (const seen of after) expect(seen).toEqual(defaults);
  });

  it.runIf(kind === 'postgres')(
    'searches have connections of their own: slow ones do not hold up the pages',
    async () => {
      const { db } = booted.deps;
      const sizes = splitPool(10);
      // Every search connection busy for 1.5 s, and one more search waiting for a connection.
      const searches = Promise.all(
        Array.from({ length: sizes.search + 1 }, () =>
          onSearchConnections(booted.deps, (s) => s.execute(sql`select pg_sleep(1.5)`)),
        ),
      ).then(() => 'searches');
      await new Promise((r) => setTimeout(r, 200));
      // Meanwhile every connection the pages and API reads have answers.
      const reads = Promise.all(
        Array.from({ length: sizes.main }, () => db.execute(sql`select count(*) from articles`)),
      ).then(() => 'reads');
      expect(await Promise.race([reads, searches])).toBe('reads');
      await searches;
      expect(sizes.main + sizes.search).toBe(10);
      expect(splitPool(2)).toEqual({ main: 1, search: 1 });
    },
  );
});
