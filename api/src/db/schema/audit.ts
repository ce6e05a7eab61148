import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log (issue 42 §7): who did what to which item, when and from where. Written in the same
 * transaction as the change it records (audit/record.ts); append-only: a trigger (migration 0020) refuses
 * every UPDATE, and only the retention job deletes, and only entries older than AUDIT_RETENTION_DAYS.
 * It names the fields a write sent, never their values.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member; kept as text (no foreign key) so deleting a user keeps what they did. */
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    /** What was done, e.g. `article.update`, `user.role`, `sign-in` (audit/actions.ts). */
    action: text('action').notNull(),
    /** The kind of item and its id, when the write was to one item. */
    itemType: text('item_type'),
    itemId: text('item_id'),
    /** Names of the fields the write sent (never values); for a bulk action, how many items. */
    fields: text('fields').array().notNull().default([]),
    count: integer('count'),
    ip: text('ip'),
    /** The method and route pattern that made the change, e.g. `PUT /api/content/:id`. */
    route: text('route'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_at_idx').on(t.actorId, t.at),
    index('audit_log_item_idx').on(t.itemType, t.itemId, t.at),
    index('audit_log_action_at_idx').on(t.action, t.at),
  ],
);
