import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const PICTURE_STATUSES = ['pending', 'ready', 'failed'] as const;

/**
 * Every picture stored with a ladder of sizes (issue 39; shared/src/helpers/picture.ts): one row per
 * original, named `{id}-{w}x{h}.webp`. Pages never read this table (a picture's sizes follow from its
 * name); it tracks the size job, so admins see what failed, and keeps a feed picture's source for credit.
 */
export const pictures = pgTable(
  'pictures',
  {
    /** The original's file name in the upload store. */
    name: text('name').primaryKey(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** pending: sizes not made yet (pages use the original); ready; failed: every try failed. */
    status: text('status', { enum: PICTURE_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last try failed (our words, never a library's text). */
    error: text('error'),
    /** Where a feed picture came from (credit); null for uploads. */
    sourceUrl: text('source_url'),
    /** The file this picture was made from before sizes existed (a backfilled `{id}.webp`). */
    legacyName: text('legacy_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (t) => [index('pictures_status_idx').on(t.status, t.createdAt)],
);

/**
 * A backfill that found nothing left to do leaves a row here, and later starts skip the look (each
 * reads every article: at 1,000,000 articles, not once a deploy). `uploads`: pictures stored before
 * sizes (pictures/backfill.ts); `feed-pictures`: imported articles still showing a feed's own address
 * (rss/picture-backfill.ts).
 */
export const pictureBackfills = pgTable('picture_backfills', {
  kind: text('kind', { enum: ['uploads', 'feed-pictures'] }).primaryKey(),
  moved: integer('moved').notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
});
