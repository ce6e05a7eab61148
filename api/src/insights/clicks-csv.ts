import type { ClicksQuery } from '@site/shared';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** Rows fetched per round trip: the export never holds more than this in memory. */
export const CSV_BATCH = 1000;

export const CSV_COLUMNS = ['clicked_at', 'day', 'product_id', 'product_title', 'referrer_path'] as const;

interface ClickRow {
  id: number;
  created_at: string | Date;
  /** created_at as PostgreSQL prints it: microseconds kept, so the next page starts exactly after it. */
  cursor_at: string;
  day: string | Date;
  product_id: number;
  title: string;
  referrer_path: string | null;
}

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();
const dayText = (v: string | Date) =>
  v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);

/** RFC 4180 text, and a cell that a spreadsheet would run as a formula (= + - @) starts with '. */
const toCsv = (records: unknown[][]) =>
  stringify(records, { escape_formulas: true, record_delimiter: 'windows' });

/**
 * The raw clicks of a range as a CSV stream: keyset pages of CSV_BATCH rows over the
 * (created_at, id) index, each fetched only when the reader has taken the last (pull-based), so a
 * year of clicks never sits in memory. Days run midnight to midnight in Europe/London.
 */
export function clicksCsvStream(db: Database, q: ClicksQuery): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const start = sql`(${q.from}::date)::timestamp at time zone 'Europe/London'`;
  const end = sql`(${q.to}::date + 1)::timestamp at time zone 'Europe/London'`;
  const product = q.productId ? sql`and c.product_id = ${q.productId}` : sql``;
  let after: { at: string; id: number } | null = null;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(toCsv([[...CSV_COLUMNS]])));
        return;
      }
      const cursor = after ? sql`and (c.created_at, c.id) > (${after.at}::timestamptz, ${after.id})` : sql``;
      const { rows } = (await db.execute(sql`
        select c.id, c.created_at, c.created_at::text as cursor_at, (c.created_at at time zone 'Europe/London')::date as day,
               c.product_id, p.title, c.referrer_path
        from affiliate_clicks c join products p on p.id = c.product_id
        where c.created_at >= ${start} and c.created_at < ${end} ${product} ${cursor}
        order by c.created_at, c.id
        limit ${CSV_BATCH}`)) as unknown as { rows: ClickRow[] };
      if (rows.length) {
        controller.enqueue(
          encoder.encode(
            toCsv(
              rows.map((r) => [
                iso(r.created_at),
                dayText(r.day),
                r.product_id,
                r.title,
                r.referrer_path ?? '',
              ]),
            ),
          ),
        );
        const last = rows[rows.length - 1]!;
        after = { at: last.cursor_at, id: last.id };
      }
      if (rows.length < CSV_BATCH) controller.close();
    },
  });
}
