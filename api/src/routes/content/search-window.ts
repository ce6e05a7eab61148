import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * The newest articles a public search looks among first (issue 43). A search ranks the newest 200
 * matches, and over 1,000,000 articles a common pair of words matches 20,000-200,000 of them: reading
 * every match to find the newest cost 90-190 ms of PostgreSQL's time, most of it heap pages. Among
 * the newest 20,000 rows (a date bound ANDed with the words' GIN bitmap) the same search cost 14-67 ms.
 */
export interface SearchWindowTuning {
  /** How many of the newest rows the window holds. */
  rows: number;
  /** The window is used only on a table at least this many times its size. */
  tableTimes: number;
}
export const SEARCH_WINDOW: SearchWindowTuning = { rows: 20_000, tableTimes: 4 };

/** How long a window's bound is kept: a stale bound is only wider (newer rows are inside it). */
const REFRESH_MS = 10 * 60_000;

export interface Window {
  /** The date of the window's oldest row: the window is every row dated at or after it. */
  since: Date;
  /** The table's size as PostgreSQL last counted it (pg_class.reltuples). */
  tableRows: number;
  rows: number;
}

interface Entry {
  at: number;
  rows: number;
  window: Window | null;
  refreshing?: Promise<Window | null>;
}
const entries = new WeakMap<Database, Entry>();

async function readWindow(db: Database, tuning: SearchWindowTuning): Promise<Window | null> {
  const result = (await db.execute(sql`select
      (select reltuples::float8 from pg_class where oid = 'article_search'::regclass) as table_rows,
      (select sort_at from article_search order by sort_at desc, id desc
        offset ${tuning.rows - 1} limit 1) as since`)) as unknown as {
    rows: { table_rows: number | null; since: string | Date | null }[];
  };
  const row = result.rows[0];
  const tableRows = Number(row?.table_rows ?? -1);
  // Never analysed (-1), or too small for a window to save anything.
  if (!row?.since || tableRows < tuning.rows * tuning.tableTimes) return null;
  return { since: new Date(row.since), tableRows, rows: tuning.rows };
}

/** Reads the window's bound now (tests; the first search after start-up starts it in the background). */
export function refreshSearchWindow(db: Database, tuning: SearchWindowTuning = SEARCH_WINDOW) {
  const entry = entries.get(db);
  if (entry?.refreshing && entry.rows === tuning.rows) return entry.refreshing;
  const refreshing = readWindow(db, tuning).then(
    (window) => {
      entries.set(db, { at: Date.now(), rows: tuning.rows, window });
      return window;
    },
    () => {
      // Kept as it was; the next search after REFRESH_MS tries again.
      entries.set(db, { at: Date.now(), rows: tuning.rows, window: entry?.window ?? null });
      return entry?.window ?? null;
    },
  );
  entries.set(db, { at: entry?.at ?? 0, rows: tuning.rows, window: entry?.window ?? null, refreshing });
  return refreshing;
}

/**
 * The window as last read, or null (none yet, or the table is too small). Never waits: a bound older
 * than REFRESH_MS is read again in the background while this search uses the old one.
 */
export function searchWindow(db: Database, tuning: SearchWindowTuning = SEARCH_WINDOW): Window | null {
  const entry = entries.get(db);
  const fresh = entry && entry.rows === tuning.rows && Date.now() - entry.at < REFRESH_MS;
  if (!fresh && !entry?.refreshing) void refreshSearchWindow(db, tuning);
  return entry?.rows === tuning.rows ? entry.window : null;
}
