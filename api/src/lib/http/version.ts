import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ApiError, notFound } from './errors';

/**
 * No lost edits: a save lands only on the version its form loaded. Compared to the millisecond (what
 * JSON carries) inside the UPDATE's WHERE, so two racing saves cannot both pass. Without a loaded
 * version (scripts, older clients) there is no condition and the save lands as before.
 */
export const sameVersion = (updatedAt: AnyColumn, loaded: string | undefined): SQL | undefined =>
  loaded ? sql`date_trunc('milliseconds', ${updatedAt}) = ${loaded}::timestamptz` : undefined;

/** 409 for a save over a newer version: both versions' times, so the form can say what happened. */
export const staleSave = (noun: string, yours: string | undefined, theirs: Date) =>
  new ApiError(
    409,
    `Someone else saved this ${noun} after you opened it. Reload to see their version, then make your changes again.`,
    { yours, theirs: theirs.toISOString() },
  );

type Versioned = PgTable & { id: AnyColumn; updatedAt: AnyColumn };
/** The database or a transaction: whatever runs the write runs this read too. */
type Reader = {
  select: (fields: { updatedAt: AnyColumn }) => {
    from: (t: PgTable) => { where: (w: SQL) => PromiseLike<Array<Record<string, unknown>>> };
  };
};

/**
 * A versioned UPDATE matched no row: the row is gone (404 "<Noun> not found") or someone saved a newer
 * version (409 with both times). Throws either way.
 */
export async function refuseUnsavedWrite(
  db: Reader,
  table: Versioned,
  id: number,
  noun: string,
  loaded: string | undefined,
): Promise<never> {
  const [now] = await db.select({ updatedAt: table.updatedAt }).from(table).where(eq(table.id, id));
  if (!now) throw notFound(`${noun[0]!.toUpperCase()}${noun.slice(1)} not found`);
  throw staleSave(noun, loaded, now.updatedAt as Date);
}
