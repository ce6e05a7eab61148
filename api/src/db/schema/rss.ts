import type { RunAiOutcome } from '@site/shared';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export interface FeedRunResult {
  /** The rss_sources row (null for ad-hoc sources and runs before sources lived in the database). */
  sourceId?: number | null;
  name: string;
  url: string;
  fetched: number;
  created: number;
  duplicates: number;
  /** Items left out by the source's include/exclude keywords. */
  filtered?: number;
  recipes: number;
  /** The raw error (the detail an editor can open). */
  error: string | null;
  /** The same error in plain words (api/src/rss/feed-errors.ts). */
  problem?: string | null;
  /** What was wrong with a feed that was still read (api/src/rss/feed-warnings.ts). */
  warnings?: string[];
}

export type { RunAiOutcome };
export const RUN_STATUSES = ['running', 'succeeded', 'warnings', 'partial', 'failed'] as const;

/** One row per RSS import run (scheduled or manual). */
export const rssRuns = pgTable('rss_runs', {
  id: serial('id').primaryKey(),
  trigger: text('trigger', { enum: ['schedule', 'manual'] }).notNull(),
  /** `warnings`: every feed imported, but something needs a look (the AI failed, a feed was repaired). */
  status: text('status', { enum: RUN_STATUSES }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** Each feed's result, appended as it finishes, so the tab can follow a run. */
  feeds: jsonb('feeds').$type<FeedRunResult[]>().notNull().default([]),
  /** How many feeds the run imports (feeds.length of feedsTotal done). */
  feedsTotal: integer('feeds_total').notNull().default(0),
  articlesCreated: integer('articles_created').notNull().default(0),
  recipesCreated: integer('recipes_created').notNull().default(0),
  /** Null until the run ends, and on runs from before it was recorded. */
  ai: jsonb('ai').$type<RunAiOutcome>(),
  error: text('error'),
});

/** The feeds an editor manages in the admin; a run imports the enabled ones. */
export const rssSources = pgTable('rss_sources', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull().unique(),
  category: text('category').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  makeRecipes: boolean('make_recipes').notNull().default(false),
  includeKeywords: jsonb('include_keywords').$type<string[]>().notNull().default([]),
  excludeKeywords: jsonb('exclude_keywords').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastFetched: integer('last_fetched'),
  lastCreated: integer('last_created'),
  lastError: text('last_error'),
  lastProblem: text('last_problem'),
  /** What was wrong with the feed the last time it was still read. */
  lastWarnings: jsonb('last_warnings').$type<string[]>().notNull().default([]),
});

/**
 * Flags set once per database, e.g. that the sources were seeded: deleting every source must not
 * bring the defaults back on the next start.
 */
export const rssSettings = pgTable('rss_settings', {
  key: text('key').primaryKey(),
  setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
});
