import { z } from 'zod';
import { ALL_ARTICLE_CATEGORIES } from '../constants';
import { httpUrl } from './common';

/** No NUL or other C0 controls (tab and newline aside) in text an editor types. */
const noControls = (v: string) =>
  !Array.from(v).some((ch) => {
    const code = ch.charCodeAt(0);
    return code < 32 && code !== 9 && code !== 10;
  });
const text = (max: number) =>
  z.string().trim().min(1).max(max).refine(noControls, 'Must not contain control characters');

/** Keywords matched (case-insensitively) against an item's title and summary. */
export const rssKeywords = z.array(text(60)).max(30);

/** One RSS source as an editor creates or edits it (Admin → RSS Feeds → sources). */
export const rssSourceInput = z.object({
  name: text(100),
  url: httpUrl,
  /** The category every item of this feed gets. */
  category: z.enum(ALL_ARTICLE_CATEGORIES),
  enabled: z.boolean().default(true),
  /** Each new item also yields one recipe themed on it, tagged WWE. */
  makeRecipes: z.boolean().default(false),
  /** When set, an item is imported only if its title or summary holds one of these. */
  includeKeywords: rssKeywords.default([]),
  /** An item whose title or summary holds one of these is skipped. */
  excludeKeywords: rssKeywords.default([]),
});
export type RssSourceInput = z.input<typeof rssSourceInput>;

/** POST /api/admin/rss/sources/test: fetch a feed once, save nothing. */
export const rssSourceTestInput = z.object({ url: httpUrl });

/** A stored source with its last result, as GET /api/admin/rss/sources answers. */
export interface RssSource {
  id: number;
  name: string;
  url: string;
  category: (typeof ALL_ARTICLE_CATEGORIES)[number];
  enabled: boolean;
  makeRecipes: boolean;
  includeKeywords: string[];
  excludeKeywords: string[];
  createdAt: string;
  updatedAt: string;
  lastRunAt: string | null;
  lastFetched: number | null;
  lastCreated: number | null;
  /** Plain words for an editor ("Could not reach the feed's server"); null when the last run went well. */
  lastProblem: string | null;
  /** The raw error behind lastProblem, shown on demand. */
  lastError: string | null;
}

/** What testing a URL answers: the feed's title and its first items. */
export interface RssSourceTestResult {
  ok: boolean;
  title: string | null;
  items: Array<{ title: string; url: string; publishedAt: string | null; imageUrl: string | null }>;
  problem: string | null;
  error: string | null;
}
