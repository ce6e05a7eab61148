import { adminKeys } from '../query-keys';

/** JSON of GET /api/admin/rss/status (api/src/rss/status.ts). */
export interface FeedRunResult {
  name: string;
  url: string;
  fetched: number;
  created: number;
  duplicates: number;
  recipes: number;
  error: string | null;
}

export interface RssRun {
  id: number;
  trigger: 'schedule' | 'manual';
  status: 'running' | 'succeeded' | 'partial' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  feeds: FeedRunResult[];
  articlesCreated: number;
  recipesCreated: number;
  error: string | null;
}

export interface RssStatus {
  schedule: { cron: string; nextRunAt: string | null };
  running: boolean;
  sources: Array<{ name: string; url: string; category: string; themedRecipes: boolean }>;
  sourcesError: string | null;
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
