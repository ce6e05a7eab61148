import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { pgErrorCode } from '../lib/http/errors';
import { type Database, migrationsFolder } from './client';

let newest: number | undefined;
/** The newest migration this build ships (read once: the files do not change while it runs). */
function newestMigrationMillis(): number {
  newest ??= Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  return newest;
}

/**
 * True when the database has every migration this build ships. drizzle records each applied
 * migration in drizzle.__drizzle_migrations with its folder timestamp, and compares the same way.
 */
export async function migrationsApplied(db: Database): Promise<boolean> {
  try {
    const result = await db.execute(
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    // Both drivers (pg and PGlite) answer with { rows }.
    const { rows } = result as unknown as { rows: Array<{ last: string | null }> };
    return Number(rows[0]?.last ?? 0) >= newestMigrationMillis();
  } catch (err) {
    // No migrations table yet: nothing applied. Anything else (database down) is the caller's.
    if (pgErrorCode(err) === '42P01') return false;
    throw err;
  }
}
