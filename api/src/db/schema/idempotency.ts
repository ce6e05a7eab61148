import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The first answer to each `Idempotency-Key` (contact messages, stories): a retry within 24 hours gets
 * it again and stores nothing. In PostgreSQL so every instance sees it; written in the same transaction
 * as the row it answers for (lib/http/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Which endpoint the key belongs to ("contact", "stories"): the same key elsewhere is another request. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** Hashes of the request's body and of who sent it: a key reused for another request is a 422. */
    requestHash: text('request_hash'),
    clientHash: text('client_hash'),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
