import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { articleSearchDocument, articleSearchVector } from '../src/db/schema/content';
import { dbTargets, testApp } from './helpers';

type Rows<T> = { rows: T[] };

/** Search at scale (docs/performance.md): the stored search document must match the indexed expression and be GIN-indexed. */
describe.each(dbTargets)('article search document on %s', (kind) => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp(kind, { seed: true });
  });
  afterAll(async () => booted?.close());

  it('the stored search_vector equals articleSearchVector() for every article, and follows edits', async () => {
    const { db } = booted.deps;
    const differ = async () =>
      (
        (await db.execute(
          sql`select count(*)::int as n from ${s.articles} where ${articleSearchDocument} is distinct from ${articleSearchVector(s.articles)}`,
        )) as unknown as Rows<{ n: number }>
      ).rows[0]?.n;
    expect(await differ()).toBe(0);
    await db.update(s.articles).set({ title: 'Kombucha without the hype' });
    expect(await differ()).toBe(0);
    const hits = (await db.execute(
      sql`select count(*)::int as n from ${s.articles} where ${articleSearchDocument} @@ websearch_to_tsquery('english', 'kombucha')`,
    )) as unknown as Rows<{ n: number }>;
    expect(hits.rows[0]?.n).toBeGreaterThan(0);
  });

  it('a search on the stored document can use the articles_search_vector_idx GIN index', async () => {
    const { db } = booted.deps;
    // Tiny tables favour a sequential scan; forbid it to see whether the index can serve the query at all.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = (await tx.execute(
        sql`explain select id from ${s.articles} where ${articleSearchDocument} @@ websearch_to_tsquery('english', 'sleep')`,
      )) as unknown as Rows<Record<string, string>>;
      return res.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('articles_search_vector_idx');
  });

  it('selecting an article never returns the search vector', async () => {
    const [row] = await booted.deps.db.select().from(s.articles).limit(1);
    expect(row).toBeDefined();
    expect(Object.keys(row ?? {})).not.toContain('searchVector');
    expect(JSON.stringify(row)).not.toMatch(/search_vector/);
  });
});
