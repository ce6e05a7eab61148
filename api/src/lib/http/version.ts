import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { ApiError } from './errors';

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
