import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { LOCK_KEYS, tryAdvisoryLock } from '../../lib/jobs/advisory-lock';

/**
 * The newest articles a public search looks among first (issue 43), with a GIN index of their own.
 * A search ranks the newest 200 matches, and over 1,000,000 articles a common pair of words matches
 * 20,000-200,000 of them: reading every match to find the newest cost 90-190 ms of PostgreSQL's
 * time. Among the newest rows only, through a partial GIN index that holds only them (its posting
 * lists a few percent as long), the same searches cost 8-15 ms.
 *
 * The index is `… where sort_at >= <since>`, made when the window is first needed and made again
 * (the old one dropped) once the rows since then are `growth` times `rows`: an archive that gains a
 * few hundred articles a day rebuilds it every few months, in a second or two, CONCURRENTLY.
 */
export interface SearchWindowTuning {
  /** How many of the newest rows a new index holds. */
  rows: number;
  /** The window is used only on a table at least this many times `rows`. */
  tableTimes: number;
  /** The index is made again once it holds this many times `rows`. */
  growth: number;
}
export const SEARCH_WINDOW: SearchWindowTuning = { rows: 20_000, tableTimes: 4, growth: 3 };

/** How often the window's size is read again: a window only grows between reads (new rows are inside it). */
const REFRESH_MS = 10 * 60_000;
/** Every window index's name starts so; its comment holds its `since`, exactly as its predicate says. */
const INDEX_PREFIX = 'article_search_recent_';

export interface Window {
  /** The date of the window's oldest row, as written in its index's predicate. */
  since: string;
  /** Rows dated at or after `since` when last counted. */
  rows: number;
  /** The table's size as PostgreSQL last counted it (pg_class.reltuples). */
  tableRows: number;
}

type Deps = Pick<AppDeps, 'db' | 'dbKind' | 'logger'>;
interface Entry {
  at: number;
  tuning: SearchWindowTuning;
  window: Window | null;
  refreshing?: Promise<Window | null>;
}
const entries = new WeakMap<Database, Entry>();

const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The window indexes there are, newest first, and whether each was built to the end. */
function windowIndexes(db: Database) {
  return rowsOf<{ name: string; since: string | null; valid: boolean }>(
    db,
    sql`select c.relname as name, obj_description(c.oid, 'pg_class') as since, i.indisvalid as valid
      from pg_class c join pg_index i on i.indexrelid = c.oid
      where i.indrelid = 'article_search'::regclass and c.relname like ${`${INDEX_PREFIX}%`}
      order by c.relname desc`,
  );
}

async function countSince(db: Database, since: string) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from article_search where sort_at >= ${since}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

/** Builds the index of the newest `rows`, then drops the others. Null when another instance is at it. */
async function buildWindowIndex(deps: Deps, tuning: SearchWindowTuning): Promise<string | null> {
  const release = await tryAdvisoryLock(deps, LOCK_KEYS.searchWindow);
  if (!release) return null;
  try {
    const { db } = deps;
    const [edge] = await rowsOf<{ since: Date | string }>(
      db,
      sql`select sort_at as since from article_search order by sort_at desc, id desc
        offset ${tuning.rows - 1} limit 1`,
    );
    if (!edge) return null;
    const started = performance.now();
    const since = new Date(edge.since).toISOString();
    const name = `${INDEX_PREFIX}${since.replace(/\D/g, '')}`;
    // CONCURRENTLY: articles are written meanwhile. PGlite has one connection and no such option.
    const concurrently = deps.dbKind === 'postgres' ? sql.raw('concurrently ') : sql.raw('');
    await db.execute(sql`drop index ${concurrently}if exists ${sql.identifier(name)}`);
    await db.execute(sql`create index ${concurrently}${sql.identifier(name)} on article_search
      using gin (search_vector) with (fastupdate = off) where sort_at >= ${sql.raw(`'${since}'`)}::timestamptz`);
    await db.execute(sql`comment on index ${sql.identifier(name)} is ${sql.raw(`'${since}'`)}`);
    for (const old of await windowIndexes(db))
      if (old.name !== name)
        await db.execute(sql`drop index ${concurrently}if exists ${sql.identifier(old.name)}`);
    deps.logger.info(
      { since, rows: tuning.rows, ms: Math.round(performance.now() - started) },
      '[search] built the index of the newest articles searches look among first',
    );
    return since;
  } finally {
    await release();
  }
}

async function readWindow(deps: Deps, tuning: SearchWindowTuning): Promise<Window | null> {
  const { db } = deps;
  const [table] = await rowsOf<{ n: number | null }>(
    db,
    sql`select reltuples::float8 as n from pg_class where oid = 'article_search'::regclass`,
  );
  const tableRows = Number(table?.n ?? -1);
  // Never analysed (-1), or too small for a window to save anything.
  if (tableRows < tuning.rows * tuning.tableTimes) return null;
  const current = (await windowIndexes(db)).find((i) => i.valid && i.since);
  let since = current?.since ?? null;
  let rows = since ? await countSince(db, since) : 0;
  if (!since || rows > tuning.rows * tuning.growth) {
    const built = await buildWindowIndex(deps, tuning);
    if (built) [since, rows] = [built, await countSince(db, built)];
  }
  return since ? { since, rows, tableRows } : null;
}

/** Reads the window now, building its index when it has none or has outgrown it (tests; searches start it). */
export function refreshSearchWindow(deps: Deps, tuning: SearchWindowTuning = SEARCH_WINDOW) {
  const entry = entries.get(deps.db);
  if (entry?.refreshing && entry.tuning === tuning) return entry.refreshing;
  const keep = entry?.tuning === tuning ? entry.window : null;
  const refreshing = readWindow(deps, tuning).then(
    (window) => {
      entries.set(deps.db, { at: Date.now(), tuning, window });
      return window;
    },
    (err: unknown) => {
      // Kept as it was; the next search after REFRESH_MS tries again. Searches stay right meanwhile.
      deps.logger.warn({ err }, '[search] could not read or build the window of the newest articles');
      entries.set(deps.db, { at: Date.now(), tuning, window: keep });
      return keep;
    },
  );
  entries.set(deps.db, { at: entry?.at ?? 0, tuning, window: keep, refreshing });
  return refreshing;
}

/**
 * The window as last read, or null (none yet, or the table is too small). Never waits: a reading
 * older than REFRESH_MS is made again in the background while this search uses the last one.
 */
export function searchWindow(deps: Deps, tuning: SearchWindowTuning = SEARCH_WINDOW): Window | null {
  const entry = entries.get(deps.db);
  const current = entry?.tuning === tuning;
  const fresh = current && Date.now() - (entry?.at ?? 0) < REFRESH_MS;
  if (!fresh && !(current && entry?.refreshing)) void refreshSearchWindow(deps, tuning);
  return current ? (entry?.window ?? null) : null;
}
