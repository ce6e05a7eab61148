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

// shared/ compiles without DOM or Node types; both provide this WHATWG URL.
declare const URL: new (
  input: string,
) => { username: string; password: string; hash: string; toString(): string };

/** Keywords matched (case-insensitively) against an item's title and summary. */
export const rssKeywords = z.array(text(60)).max(30);

/**
 * A feed's address: http(s), without a user name or password (feeds are read without signing in,
 * and a secret in a URL ends up in lists and logs), stored in one form so a copy is seen as one:
 * no #fragment, lower-case host, no default port.
 */
export const feedUrl = httpUrl
  // zod runs a refinement after a failed check too, and `new URL('x')` throws there (a 500, issue
  // 40 §12): a text that is not a URL passes here and gets httpUrl's message alone.
  .refine((u) => {
    try {
      const url = new URL(u);
      return !url.username && !url.password;
    } catch {
      return true;
    }
  }, 'Remove the user name and password from the address: feeds are read without signing in')
  .transform((u) => {
    const url = new URL(u);
    url.hash = '';
    return url.toString();
  });

/** One RSS source as an editor creates or edits it (Admin → RSS Feeds → sources). */
export const rssSourceInput = z.object({
  name: text(100),
  url: feedUrl,
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

/**
 * POST /api/admin/rss/sources/test: fetch a feed once, save nothing. With the source's keywords the
 * answer says which items a run would import and which it would skip.
 */
export const rssSourceTestInput = z.object({
  url: feedUrl,
  includeKeywords: rssKeywords.default([]),
  excludeKeywords: rssKeywords.default([]),
});
export type RssSourceTestInput = z.input<typeof rssSourceTestInput>;

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
  /** What was wrong with the feed the last time it was still read. */
  lastWarnings: string[];
}

/** An item as the source test shows it; publishedAt null: "date unknown". */
export interface RssTestItem {
  title: string;
  url: string;
  publishedAt: string | null;
  imageUrl: string | null;
}

/** What testing a URL answers: the feed's title, what a run would import and skip, and any warnings. */
export interface RssSourceTestResult {
  ok: boolean;
  title: string | null;
  /** The first 5 items a run would import (after the keywords). */
  items: RssTestItem[];
  /** The first 5 items the keywords would skip, each with why. */
  skipped: Array<RssTestItem & { reason: string }>;
  /** All the readable items, how many a run would import, how many the keywords skip. */
  counts: { total: number; importable: number; skipped: number };
  /** Problems the feed has that did not stop it being read ("1 undefined entity: &x; in item 3"). */
  warnings: string[];
  problem: string | null;
  error: string | null;
}

/** Who wrote a run's themed recipes, and why the built-in writer did when the AI was asked first. */
export interface RunAiOutcome {
  /** 'ai' when OPENAI_API_KEY is set (the AI is asked first), else 'built-in'. */
  writer: 'ai' | 'built-in';
  aiRecipes: number;
  builtInRecipes: number;
  /** Why the run stopped asking the AI, in plain words ("429 rate limited"); null when it did not. */
  failure: string | null;
  /** The AI service's request id of the failed call, for its support. */
  requestId?: string | null;
}

const recipeCount = (n: number) => `${n} ${n === 1 ? 'recipe' : 'recipes'}`;

/**
 * How a run's AI outcome reads, in the run panel, the run history and the run's log line:
 * "AI: 429 rate limited, 24 recipes by the built-in writer". null when there is nothing to say.
 */
export function describeAiOutcome(ai: RunAiOutcome | null | undefined): string | null {
  if (!ai) return null;
  if (ai.writer === 'built-in') {
    return ai.builtInRecipes
      ? `${recipeCount(ai.builtInRecipes)} by the built-in writer (AI not configured)`
      : null;
  }
  if (!ai.failure) return ai.aiRecipes ? `AI: ${recipeCount(ai.aiRecipes)} written by the AI` : null;
  const before = ai.aiRecipes ? ` (${recipeCount(ai.aiRecipes)} by the AI before that)` : '';
  return `AI: ${ai.failure}, ${recipeCount(ai.builtInRecipes)} by the built-in writer${before}`;
}
