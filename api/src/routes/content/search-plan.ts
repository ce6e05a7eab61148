import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Statements that may use bitmap scans only: no sequential scan, no walk of a btree index testing
 * each row's vector. And no JIT: a disabled plan's cost is huge, which would compile a query that
 * runs in milliseconds. Local to the transaction: the pooled connection goes back with the defaults.
 */
export function bitmapScansOnly<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true),
      set_config('enable_indexscan', 'off', true), set_config('jit', 'off', true)`);
    return work(tx);
  });
}

/**
 * A public search's statement, with its matches found through the words' GIN index (bitmapScansOnly)
 * when the search has two words or more.
 *
 * Why: the planner takes words as independent, so for two words it expects share(a) x share(b) of the
 * articles to match and walks the newest first to find 200 of them. Words are not independent: at
 * 100,000 articles "work houseplant" was expected at 2,720 matches and had none, and the walk read all
 * 98,000 vectors (1.2 s). Through the index, 40 random pairs cost 21 ms on average and 72 ms at most,
 * against 58 ms and 1,183 ms (docs/performance.md, Search). One word keeps the planner's choice: for a
 * common word the walk is right (15 ms against 84 ms through the index).
 */
export function throughWordIndex<T>(
  db: Database,
  words: number,
  read: (db: Database) => Promise<T>,
): Promise<T> {
  return words < 2 ? read(db) : bitmapScansOnly(db, read);
}
