import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { LOCK_KEYS, tryAdvisoryLock } from '../../lib/jobs/advisory-lock';

/**
 * The newest articles a public search looks among first (issue 43), with GIN indexes of their own.
 * A search ranks the newest 200 matches, and over 1,000,000 articles a common pair of words matches
 * 20,000-200,000 of them: reading every match to find the newest cost 90-190 ms of PostgreSQL's
 * time. Among the newest rows only, through a partial GIN index that holds only them (its posting
 * lists a few percent as long), the same searches cost 8-15 ms. Windows come in sizes (SEARCH_WINDOWS),
 * each with its own index, smallest first: a pair too rare for the newest 20,000 rows often has its 200
 * among the newest 100,000, whose index is a tenth of the whole one at 1,000,000.
 *
 * A window's index is `… where sort_at >= <since>`, made when the window is first needed and made
 * again (the old one dropped) once the rows since then are `growth` times `rows`: an archive that
 * gains a few hundred articles a day rebuilds the smallest every few months, in a second or two,
 * CONCURRENTLY.
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
/**
 * The sizes a public search tries, smallest first. At 1,000,000 articles, 300 pairs of the bench's
 * title words cost 16.6 ms a search (sequential, elapsed) with the 20,000 alone and 12.2 ms with the
 * 100,000 after it; a 200,000 after those cost more than it saved (13.8 ms): a pair with no match
 * anywhere (3 in 10 of them) pays every window and then the whole table.
 */
export const SEARCH_WINDOWS: readonly SearchWindowTuning[] = [
  SEARCH_WINDOW,
  { rows: 100_000, tableTimes: 4, growth: 3 },
];

/** How often the window's size is read again: a window only grows between reads (new rows are inside it). */
const REFRESH_MS = 10 * 60_000;
/**
 * A window's index is named `<prefix><rows>_<since's digits>`; its comment holds its `since`, exactly
 * as its predicate says. (Until 6 Dec there was one size, named `<prefix><since's digits>`.)
 */
const INDEX_PREFIX = 'article_search_recent_';
const indexPrefix = (tuning: SearchWindowTuning) => `${INDEX_PREFIX}${Math.trunc(tuning.rows)}_`;
/** An index of the one window there was before sizes: its name has no size. */
const isUnsized = (name: string) => /^article_search_recent_\d+$/.test(name);

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
  window: Window | null;
  refreshing?: Promise<Window | null>;
}
/** Each database's windows as last read, by size (tests pass sizes of their own). */
const entries = new WeakMap<Database, Map<SearchWindowTuning, Entry>>();
function entriesOf(db: Database) {
  const byTuning = entries.get(db) ?? new Map<SearchWindowTuning, Entry>();
  entries.set(db, byTuning);
  return byTuning;
}

const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The window indexes there are, newest first, and whether each was built to the end. */
function windowIndexes(db: Database) {
  return rowsOf<{ name: string; since: string | null; valid: boolean }>(
    db,
    sql`select c.relname as name, obj_description(c.oid, 'pg_class') as since, i.indisvalid as valid
      from pg_class c join pg_index i on i.indexrelid = c.oid
      where i.indrelid = 'article_search'::regclass and starts_with(c.relname, ${INDEX_PREFIX})
      order by c.relname desc`,
  );
}

/** This size's indexes, newest first (names sort by date within a size). */
async function indexesOfSize(db: Database, tuning: SearchWindowTuning) {
  return (await windowIndexes(db)).filter((i) => i.name.startsWith(indexPrefix(tuning)));
}

async function countSince(db: Database, since: string) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from article_search where sort_at >= ${since}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

/** Another instance holds the build's lock: read again soon, not after REFRESH_MS. */
const BUSY = 'busy';
const BUSY_RETRY_MS = 30_000;

/**
 * Builds the index of the newest `rows`, then drops the others of its size and any from before sizes.
 * BUSY when another instance is building one (of any size: one build at a time).
 */
async function buildWindowIndex(
  deps: Deps,
  tuning: SearchWindowTuning,
): Promise<string | typeof BUSY | null> {
  const release = await tryAdvisoryLock(deps, LOCK_KEYS.searchWindow);
  if (!release) return BUSY;
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
    const name = `${indexPrefix(tuning)}${since.replace(/\D/g, '')}`;
    // CONCURRENTLY: articles are written meanwhile. PGlite has one connection and no such option.
    const concurrently = deps.dbKind === 'postgres' ? sql.raw('concurrently ') : sql.raw('');
    await db.execute(sql`drop index ${concurrently}if exists ${sql.identifier(name)}`);
    await db.execute(sql`create index ${concurrently}${sql.identifier(name)} on article_search
      using gin (search_vector) with (fastupdate = off) where sort_at >= ${sql.raw(`'${since}'`)}::timestamptz`);
    await db.execute(sql`comment on index ${sql.identifier(name)} is ${sql.raw(`'${since}'`)}`);
    for (const old of await windowIndexes(db))
      if (old.name !== name && (old.name.startsWith(indexPrefix(tuning)) || isUnsized(old.name)))
        await db.execute(sql`drop index ${concurrently}if exists ${sql.identifier(old.name)}`);
    deps.logger.info(
      { since, rows: tuning.rows, ms: Math.round(performance.now() - started) },
      '[search] built an index of the newest articles searches look among first',
    );
    return since;
  } finally {
    await release();
  }
}

async function readWindow(deps: Deps, tuning: SearchWindowTuning): Promise<Window | typeof BUSY | null> {
  const { db } = deps;
  const [table] = await rowsOf<{ n: number | null }>(
    db,
    sql`select reltuples::float8 as n from pg_class where oid = 'article_search'::regclass`,
  );
  const tableRows = Number(table?.n ?? -1);
  // Never analysed (-1), or too small for a window to save anything.
  if (tableRows < tuning.rows * tuning.tableTimes) return null;
  const current = (await indexesOfSize(db, tuning)).find((i) => i.valid && i.since);
  let since = current?.since ?? null;
  let rows = since ? await countSince(db, since) : 0;
  if (!since || rows > tuning.rows * tuning.growth) {
    const built = await buildWindowIndex(deps, tuning);
    if (built === BUSY && !since) return BUSY;
    if (built && built !== BUSY) [since, rows] = [built, await countSince(db, built)];
  }
  return since ? { since, rows, tableRows } : null;
}

/** One reading (and build) at a time per database in this process: sizes read one after another. */
const queues = new WeakMap<Database, Promise<unknown>>();
function queued<T>(db: Database, work: () => Promise<T>): Promise<T> {
  const next = (queues.get(db) ?? Promise.resolve()).then(work, work);
  queues.set(
    db,
    next.catch(() => undefined),
  );
  return next;
}

/** Reads the window now, building its index when it has none or has outgrown it (tests; searches start it). */
export function refreshSearchWindow(deps: Deps, tuning: SearchWindowTuning = SEARCH_WINDOW) {
  const byTuning = entriesOf(deps.db);
  const entry = byTuning.get(tuning);
  if (entry?.refreshing) return entry.refreshing;
  const keep = entry?.window ?? null;
  const refreshing = queued(deps.db, () => readWindow(deps, tuning)).then(
    (window) => {
      if (window !== BUSY) {
        byTuning.set(tuning, { at: Date.now(), window });
        return window;
      }
      // Another instance is building it: as it was, read again in BUSY_RETRY_MS.
      byTuning.set(tuning, { at: Date.now() - REFRESH_MS + BUSY_RETRY_MS, window: keep });
      return keep;
    },
    (err: unknown) => {
      // Kept as it was; the next search after REFRESH_MS tries again. Searches stay right meanwhile.
      deps.logger.warn(
        { err, rows: tuning.rows },
        '[search] could not read or build a window of the newest articles',
      );
      byTuning.set(tuning, { at: Date.now(), window: keep });
      return keep;
    },
  );
  byTuning.set(tuning, { at: entry?.at ?? 0, window: keep, refreshing });
  return refreshing;
}

/**
 * The window as last read, or null (none yet, or the table is too small). Never waits: a reading
 * older than REFRESH_MS is made again in the background while this search uses the last one.
 */
export function searchWindow(deps: Deps, tuning: SearchWindowTuning = SEARCH_WINDOW): Window | null {
  const entry = entriesOf(deps.db).get(tuning);
  const fresh = entry && Date.now() - entry.at < REFRESH_MS;
  if (!fresh && !entry?.refreshing) void refreshSearchWindow(deps, tuning);
  return entry?.window ?? null;
}

/**
 * Whether the next (larger) window is worth asking after `found` of `needed` matches in `asked`: the
 * newest rows' share of a word's matches stays about the same as the window widens, so fewer than half
 * of `needed` expected there (found × its rows / the asked one's) goes straight to the whole table. At
 * 1,000,000 articles, of 300 pairs of words the 96 with fewer than 20 matches in the newest 20,000 had
 * none with 200 in the newest 100,000 (85 had no match anywhere).
 */
export function worthWidening(found: number, needed: number, asked: Window, next: Window) {
  return (found * next.rows) / Math.max(1, asked.rows) >= needed / 2;
}

/** The windows there are, smallest first (searchWindow of each size: none waits). */
export function searchWindows(deps: Deps, tunings: readonly SearchWindowTuning[] = SEARCH_WINDOWS): Window[] {
  return tunings.map((tuning) => searchWindow(deps, tuning)).filter((w): w is Window => w !== null);
}
