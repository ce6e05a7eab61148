import type { RssSource, RunAiOutcome } from '@site/shared';
import { adminKeys } from '../query-keys';

/** JSON of GET /api/admin/rss/status (api/src/rss/status.ts). */
export interface FeedRunResult {
  sourceId?: number | null;
  name: string;
  url: string;
  fetched: number;
  created: number;
  duplicates: number;
  /** Items left out by the source's keywords. */
  filtered?: number;
  recipes: number;
  /** The raw error: the detail behind `problem`. */
  error: string | null;
  /** The error in plain words (written once, on the API side). Missing on runs from before it existed. */
  problem?: string | null;
  /** What was wrong with a feed that was still read (api/src/rss/feed-warnings.ts). */
  warnings?: string[];
}

/** `warnings`: every feed imported, but the AI failed or a feed needed repairs. */
export type RunStatus = 'running' | 'succeeded' | 'warnings' | 'partial' | 'failed';

export interface RssRun {
  id: number;
  trigger: 'schedule' | 'manual';
  status: RunStatus;
  startedAt: string;
  finishedAt: string | null;
  /** Appended as each feed finishes. */
  feeds: FeedRunResult[];
  feedsTotal: number;
  articlesCreated: number;
  recipesCreated: number;
  /** Who wrote the recipes and why the built-in writer did; null while running and on older runs. */
  ai: RunAiOutcome | null;
  error: string | null;
}

export interface RssStatus {
  /** RSS_CRON as configured, in words; description null: scheduled runs are off. */
  schedule: { cron: string; description: string | null; nextRunAt: string | null };
  running: boolean;
  sources: RssSource[];
  stats: { totalArticles: number; wweRecipes: number; sportsArticles: number };
  recentArticles: Array<{
    id: number;
    slug: string;
    title: string;
    category: string;
    source: string | null;
    isExternal: boolean;
    createdAt: string;
  }>;
  recentRecipes: Array<{ id: number; title: string; createdAt: string }>;
  runs: RssRun[];
}

export const RSS_STATUS_KEY = adminKeys.rss.status;
