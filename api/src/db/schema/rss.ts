import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export interface FeedRunResult {
  name: string;
  url: string;
  fetched: number;
  created: number;
  duplicates: number;
  recipes: number;
  error: string | null;
}

/** One row per RSS import run (scheduled or manual). */
export const rssRuns = pgTable('rss_runs', {
  id: serial('id').primaryKey(),
  trigger: text('trigger', { enum: ['schedule', 'manual'] }).notNull(),
  status: text('status', { enum: ['running', 'succeeded', 'partial', 'failed'] }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  feeds: jsonb('feeds').$type<FeedRunResult[]>().notNull().default([]),
  articlesCreated: integer('articles_created').notNull().default(0),
  recipesCreated: integer('recipes_created').notNull().default(0),
  error: text('error'),
});
