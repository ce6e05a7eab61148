import type { AuditEntry, auditFilter } from '@site/shared';
import { and, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

type Filter = z.infer<typeof auditFilter>;

/** The next UTC day of a YYYY-MM-DD day: `to` is inclusive. */
function dayAfter(day: string) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/** The filters as one WHERE; each one an index of audit_log leads with (schema/audit.ts). */
export function auditWhere(f: Filter, before?: number): SQL | undefined {
  const parts: Array<SQL | undefined> = [
    f.actor ? or(eq(auditLog.actorId, f.actor), eq(auditLog.actorEmail, f.actor.toLowerCase())) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.itemType ? eq(auditLog.itemType, f.itemType) : undefined,
    f.itemId ? eq(auditLog.itemId, f.itemId) : undefined,
    f.from ? gte(auditLog.at, new Date(`${f.from}T00:00:00Z`)) : undefined,
    f.to ? lt(auditLog.at, dayAfter(f.to)) : undefined,
    before ? lt(auditLog.id, before) : undefined,
  ];
  return and(...parts.filter(Boolean));
}

/** One page, newest first (by id: entries are numbered in the order they committed their insert). */
export async function readAuditPage(db: Database, f: Filter, limit: number, before?: number) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(auditWhere(f, before))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const entries = rows.slice(0, limit).map(toEntry);
  return { entries, nextBefore: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
}

export function toEntry(r: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actorId: r.actorId,
    actorEmail: r.actorEmail,
    actorRole: r.actorRole,
    action: r.action as AuditEntry['action'],
    itemType: r.itemType,
    itemId: r.itemId,
    fields: r.fields,
    count: r.count,
    ip: r.ip,
    route: r.route,
  };
}
