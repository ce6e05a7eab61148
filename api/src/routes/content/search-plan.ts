import { sql } from 'drizzle-orm';
import { BITMAP_SCANS_ONLY, type Database } from '../../db/client';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Statements that may use bitmap scans only, as BITMAP_SCANS_ONLY says, on a connection of the
 * shared pool: local to the transaction, so the connection goes back with the defaults.
 */
export function bitmapScansOnly<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const settings = Object.entries(BITMAP_SCANS_ONLY).map(
      ([name, value]) => sql`set_config(${name}, ${value}, true)`,
    );
    await tx.execute(sql`select ${sql.join(settings, sql`, `)}`);
    return work(tx);
  });
}

/**
 * Runs a public search's statements with bitmap scans only: on PostgreSQL on the search connections
 * (`searchDb`, set so for their whole session: one round trip a statement, and apart from the
 * connections pages and API reads need), on PGlite in a bitmapScansOnly transaction.
 *
 * Why: the planner takes words as independent and a match's row as cheap to test. For "work
 * houseplant" at 100,000 articles it expected 2,720 matches, found none, and walked the newest
 * articles testing all 98,000 vectors (1.2 s). Through the words' GIN index on the narrow copy
 * (article_search, migration 0017), 60 random pairs cost 7 ms on average and 26 ms at most, and 50
 * single words 9 ms and 18 ms (docs/performance.md, Search).
 */
export function onSearchConnections<T>(
  deps: { db: Database; searchDb?: Database | undefined },
  read: (db: Database) => Promise<T>,
): Promise<T> {
  return deps.searchDb ? read(deps.searchDb) : bitmapScansOnly(deps.db, read);
}
