import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sign-in attempts per account (issue 27 §2), beside the per-address limit: attempts since the last
 * success, and the delay the latest ones started (auth/sign-in-throttle.ts). Keyed by a hash of the
 * email salted with the server secret, for addresses with and without an account alike, so the table
 * says nothing about who has one. In PostgreSQL so every instance counts the same.
 */
export const signInAttempts = pgTable('sign_in_attempts', {
  account: text('account').primaryKey(),
  attempts: integer('attempts').notNull(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
