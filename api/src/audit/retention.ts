import { inArray, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

/** Rows deleted per statement: a first run over years of entries holds no long lock. */
const BATCH = 5000;

/**
 * The retention job (daily, queue/workers.ts): entries older than `days` go, a batch at a time. The
 * only code that deletes from the audit log; no route edits or deletes an entry.
 */
export async function pruneAudit(db: Database, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  let removed = 0;
  for (;;) {
    const batch = db.select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.at, cutoff)).limit(BATCH);
    const gone = await db.delete(auditLog).where(inArray(auditLog.id, batch)).returning({ id: auditLog.id });
    removed += gone.length;
    if (gone.length < BATCH) return removed;
  }
}
