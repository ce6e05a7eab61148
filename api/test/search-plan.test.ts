import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import type { Database } from '../src/db/client';
import { throughWordIndex } from '../src/routes/content/search-plan';
import { dbTargets, testApp } from './helpers';

const rows = async (db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, string>[] }).rows;

/** The candidates query of a public search, as EXPLAIN shows it. */
const plan = async (db: Database, words: string) =>
  (
    await rows(
      db,
      sql`explain select id from articles where status in ('published', 'scheduled')
        and coalesce(published_at, created_at) <= now()
        and search_vector @@ to_tsquery('english'::regconfig, ${words})
        order by coalesce(published_at, created_at) desc, id desc limit 200`,
    )
  )
    .map((r) => Object.values(r)[0])
    .join('\n');

describe.each(dbTargets)('how a search finds its matches on %s', (kind) => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp(kind);
    // Two words each in half of 4,000 articles and never together (as "work houseplant" at 100,000).
    await booted.deps.db.execute(sql`insert into articles (slug, title, excerpt, content, category, status, published_at)
      select 'filler-' || i, 'Filler ' || i, 'A filler piece.',
        case when i % 2 = 0 then 'quokkas ' else 'wombats ' end || 'and a few more words', 'wellness', 'published',
        now() - i * interval '1 hour'
      from generate_series(1, 4000) i`);
    await booted.deps.db.execute(sql`analyze articles`);
  });
  afterAll(async () => booted?.close());

  it('two words or more: through the words GIN index, not a walk of the newest that tests every vector', async () => {
    const { db } = booted.deps;
    // Left to itself, the planner reads the articles and tests each one's vector (a walk of the newest
    // at 100,000 articles; here, a sequential scan): all 4,000 for no match.
    expect(await plan(db, 'quokkas:* & wombats:*')).toMatch(
      /Seq Scan on articles|Index Scan using articles_public_newest_idx/,
    );
    const twoWords = await throughWordIndex(db, 2, (tx) => plan(tx, 'quokkas:* & wombats:*'));
    expect(twoWords).toMatch(/Bitmap Index Scan on articles_search_vector_idx/);
    expect(twoWords).not.toMatch(/ Index Scan using articles_(public_)?newest_idx|Seq Scan on articles/);
    // And the answer is the same: none.
    const found = await throughWordIndex(db, 2, (tx) =>
      rows(
        tx,
        sql`select count(*)::int n from articles where search_vector @@ to_tsquery('english', 'quokkas:* & wombats:*')`,
      ),
    );
    expect(found).toEqual([{ n: 0 }]);
  });

  it('one word: the planner chooses as before, and the settings never leak to the pooled connections', async () => {
    const { db } = booted.deps;
    const [jit] = await rows(db, sql`select current_setting('jit') j`);
    await throughWordIndex(db, 2, (tx) => plan(tx, 'morning:* & ritual:*'));
    expect(await throughWordIndex(db, 1, (tx) => rows(tx, sql`show enable_indexscan`))).toEqual([
      { enable_indexscan: 'on' },
    ]);
    // Every connection of the pool, after a burst of two-word searches.
    await Promise.all(
      Array.from({ length: 8 }, () => throughWordIndex(db, 2, (tx) => plan(tx, 'calm:* & sleep:*'))),
    );
    const settings = await Promise.all(
      Array.from({ length: 8 }, () =>
        rows(
          db,
          sql`select current_setting('enable_indexscan') i, current_setting('enable_seqscan') s, current_setting('jit') j`,
        ),
      ),
    );
    expect(settings.every(([r]) => r?.i === 'on' && r?.s === 'on' && r?.j === jit?.j)).toBe(true);
  });
});
