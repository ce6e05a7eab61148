import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth';

export const SUBSCRIBER_STATUSES = ['pending', 'subscribed', 'unsubscribed', 'bounced'] as const;

/**
 * One row per address (lower-cased). Consent is recorded twice: when asked (the form, a hash of the
 * address it came from, the time) and when confirmed. The confirmation token is stored only as its
 * SHA-256 hash, single use, with its expiry.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    status: text('status', { enum: SUBSCRIBER_STATUSES }).notNull().default('pending'),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The form it came from: footer, article, page, account, import, admin, demo. */
    source: text('source').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    requestIpHash: text('request_ip_hash'),
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    /** When consent was given (the Confirm button, or the date an import's consent column states). */
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentIpHash: text('consent_ip_hash'),
    /** What an import's consent column said, kept as the proof it is. */
    consentNote: text('consent_note'),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    bounceReason: text('bounce_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_idx').on(t.email),
    index('newsletter_subscribers_status_idx').on(t.status, t.id),
    uniqueIndex('newsletter_subscribers_confirm_idx').on(t.confirmTokenHash),
  ],
);

/** The admin's choices: one row (id 1). */
export const newsletterSettings = pgTable('newsletter_settings', {
  id: integer('id').primaryKey().default(1),
  digestEnabled: boolean('digest_enabled').notNull().default(false),
  /** 0 = Sunday … 6 = Saturday, London time. */
  digestDay: integer('digest_day').notNull().default(4),
  /** "HH:MM", London time. */
  digestTime: text('digest_time').notNull().default('08:00'),
  ratePerSecond: integer('rate_per_second').notNull().default(10),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A sponsor block, run in the digests sent between its first and last day (London). */
export const newsletterSponsors = pgTable('newsletter_sponsors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  imageUrl: text('image_url'),
  body: text('body').notNull(),
  linkUrl: text('link_url').notNull(),
  runsFrom: date('runs_from', { mode: 'string' }).notNull(),
  runsUntil: date('runs_until', { mode: 'string' }).notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sponsor link clicks per London day (the /go/sponsor/{id} redirect), nothing about the reader. */
export const newsletterSponsorClickDays = pgTable(
  'newsletter_sponsor_click_days',
  {
    sponsorId: integer('sponsor_id')
      .notNull()
      .references(() => newsletterSponsors.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sponsorId, t.day] })],
);

export const ISSUE_KINDS = ['digest', 'special'] as const;
export const ISSUE_STATUSES = ['sending', 'sent', 'failed'] as const;

/**
 * One mailing. Its content is fixed when it is queued (articles, sponsor, subject), so a send that
 * resumes after a restart sends the same mail. One instance sends it at a time: the lease
 * (owner, until) is renewed while it sends, and taken over once it lapses (a killed sender).
 */
export const newsletterIssues = pgTable('newsletter_issues', {
  id: serial('id').primaryKey(),
  kind: text('kind', { enum: ISSUE_KINDS }).notNull(),
  subject: text('subject').notNull(),
  articleIds: jsonb('article_ids').$type<number[]>().notNull().default([]),
  sponsorId: integer('sponsor_id').references(() => newsletterSponsors.id, { onDelete: 'set null' }),
  status: text('status', { enum: ISSUE_STATUSES }).notNull().default('sending'),
  total: integer('total').notNull().default(0),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'bounced', 'skipped'] as const;

/**
 * One row per issue and recipient: the record that makes a send exactly-once per recipient. A row is
 * marked `sending` before its message goes out and `sent` as soon as the server accepts it.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    messageId: text('message_id'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_deliveries_issue_subscriber_idx').on(t.issueId, t.subscriberId),
    index('newsletter_deliveries_due_idx')
      .on(t.issueId, t.nextAttemptAt, t.id)
      .where(sql`${t.status} in ('queued', 'sending')`),
    index('newsletter_deliveries_subscriber_idx').on(t.subscriberId),
  ],
);

/**
 * Development mail (no SMTP settings): every message as it would have gone out, headers and all,
 * shown in the admin. Never written when SMTP is configured.
 */
export const newsletterOutbox = pgTable(
  'newsletter_outbox',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** What kind of mail: confirm, digest, special, test. */
    kind: text('kind').notNull(),
    headers: jsonb('headers').$type<Array<[string, string]>>().notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('newsletter_outbox_created_idx').on(t.createdAt)],
);
