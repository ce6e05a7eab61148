import type { Database } from '../api/src/db/client';
import * as s from '../api/src/db/schema';
import { articleSearchVector } from '../api/src/db/schema/content';

export const SEARCH_TERMS = [
  'sleep',
  'protein breakfast',
  'yoga',
  'budget',
  'career change',
  'skincare routine',
];

export interface SearchPlan {
  shape: string;
  term: string;
  usesGinIndex: boolean;
  /** How PostgreSQL reads the rows: through a GIN index, by walking the date index, or a full scan. */
  access: string;
  executionMs: number;
  plan: string;
}

const quote = (v: string) => `'${v.replace(/'/g, "''")}'`;

/** The search document exactly as the index and the API write it (one expression, so the index matches). */
function vectorSql(db: Database) {
  const dialect = (db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect;
  return dialect.sqlToQuery(articleSearchVector(s.articles)).sql;
}

function shapes(v: string, q: string) {
  const where = `"articles"."status" = 'published' and ${v} @@ ${q}`;
  return {
    ranked: `select "id", "slug", "title" from "articles" where ${where} order by ts_rank(${v}, ${q}) desc, "published_at" desc limit 20`,
    newest: `select "id", "slug", "title" from "articles" where ${where} order by "published_at" desc nulls last limit 20`,
  };
}

/**
 * The query shapes a search endpoint can take: ranked (reads the vector of every match) or newest
 * first, each on the indexed expression and, when migration 0001 is there, on the stored column.
 */
export function searchQueries(db: Database, term: string, stored: boolean): Record<string, string> {
  const q = `websearch_to_tsquery('english', ${quote(term)})`;
  const expr = shapes(vectorSql(db), q);
  const out: Record<string, string> = {
    'ranked, expression': expr.ranked,
    'newest, expression': expr.newest,
  };
  if (stored) {
    const col = shapes('"articles"."search_vector"', q);
    out['ranked, stored column'] = col.ranked;
    out['newest, stored column'] = col.newest;
  }
  return out;
}

export async function hasStoredVector(db: Database) {
  const res = (await db.execute(
    `select 1 from information_schema.columns where table_name = 'articles' and column_name = 'search_vector'`,
  )) as unknown as Rows;
  return res.rows.length > 0;
}

type Rows = { rows: Array<Record<string, unknown>> };

/** EXPLAIN ANALYZE both shapes for each term: proves (or disproves) that the GIN index is used. */
export async function explainSearch(db: Database): Promise<SearchPlan[]> {
  const out: SearchPlan[] = [];
  const stored = await hasStoredVector(db);
  for (const term of SEARCH_TERMS) {
    for (const [shape, query] of Object.entries(searchQueries(db, term, stored))) {
      const res = (await db.execute(`explain (analyze, format text) ${query}`)) as unknown as Rows;
      const plan = res.rows.map((r) => String(Object.values(r)[0])).join('\n');
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
      const gin = /articles_search(_vector)?_idx/.exec(plan)?.[0];
      const access = gin
        ? `GIN ${gin}`
        : plan.includes('articles_status_date_idx')
          ? 'date index walk, filter'
          : plan.includes('Seq Scan')
            ? 'sequential scan'
            : 'other';
      out.push({ shape, term, usesGinIndex: Boolean(gin), access, executionMs: ms, plan });
    }
  }
  return out;
}

/** Sequential timings of the SQL alone (used when the search endpoint has not landed yet). */
export async function timeSearchSql(db: Database, rounds: number) {
  const times: number[] = [];
  const stored = await hasStoredVector(db);
  const shape = stored ? 'newest, stored column' : 'newest, expression';
  for (let i = 0; i < rounds; i++) {
    for (const term of SEARCH_TERMS) {
      const query = searchQueries(db, term, stored)[shape] ?? '';
      const t = performance.now();
      await db.execute(query);
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0;
  return { shape, p50: at(50), p95: at(95), p99: at(99), n: times.length };
}
