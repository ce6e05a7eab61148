import { type CursorPosition, encodeCursor } from '@site/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';

/**
 * An instant as a cursor carries it: UTC with PostgreSQL's microseconds. A JS Date keeps only
 * milliseconds, and a cursor rounded so would skip or repeat the articles of that millisecond.
 */
export const instantText = (at: SQL | AnyPgColumn) =>
  sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The rows after a cursor in a (key, id) order, both descending or both ascending. A row comparison:
 * PostgreSQL reads it as a range of the (key, id) index that serves the order, so any depth costs a page.
 */
export function afterCursor(
  key: SQL | AnyPgColumn,
  id: AnyPgColumn,
  cursor: CursorPosition,
  type: 'timestamptz' | 'text',
  desc: boolean,
): SQL {
  const at = sql`(cast(${cursor.k} as ${sql.raw(type)}), ${cursor.id})`;
  return desc ? sql`(${key}, ${id}) < ${at}` : sql`(${key}, ${id}) > ${at}`;
}

/**
 * A full page may have more after it: its last row's position goes out as X-Next-Cursor (rows carry
 * it as `position`, which is then dropped). A short page is the last one and sends none.
 */
export function withNextCursor<R extends { id: number; position: string }>(
  c: Context,
  rows: R[],
  limit: number,
): Omit<R, 'position'>[] {
  const last = rows.at(-1);
  if (last && rows.length === limit)
    c.header('X-Next-Cursor', encodeCursor({ k: last.position, id: last.id }));
  return rows.map(({ position: _p, ...row }) => row);
}
