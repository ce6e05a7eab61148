import { readFileSync } from 'node:fs';
import { type AnyArticleCategory, rssSourceInput } from '@site/shared';
import { z } from 'zod';
import type { Env } from '../env';

/** What a run needs of a source (a row of rss_sources, or an ad-hoc list in tests). */
export interface FeedSource {
  /** The rss_sources row whose last result the run records; absent for ad-hoc sources. */
  id?: number;
  name: string;
  url: string;
  category: AnyArticleCategory;
  /** Each new item yields one recipe themed on it, tagged WWE (the wrestling feed). */
  makeRecipes: boolean;
  includeKeywords?: string[];
  excludeKeywords?: string[];
}

/** The RSS_SOURCES file: `themedRecipes` is the older name of `makeRecipes`. */
const fileSourceSchema = rssSourceInput
  .omit({ enabled: true })
  .extend({ themedRecipes: z.boolean().optional() })
  .transform(
    ({ themedRecipes, ...s }): FeedSource => ({
      ...s,
      makeRecipes: s.makeRecipes || (themedRecipes ?? false),
    }),
  );
const sourcesSchema = z.array(fileSourceSchema).min(1).max(50);

/**
 * The 7 sources of spec §2: general, world, technology and business news, two sports feeds and a
 * wrestling feed. The site's six categories have no "news", so news lands where a reader of a
 * lifestyle site would look for it (community, career); sports feeds give `sports`.
 */
export const DEFAULT_SOURCES: FeedSource[] = [
  {
    name: 'BBC News',
    url: 'https://feeds.bbci.co.uk/news/rss.xml',
    category: 'community',
    makeRecipes: false,
  },
  {
    name: 'BBC World News',
    url: 'https://feeds.bbci.co.uk/news/world/rss.xml',
    category: 'community',
    makeRecipes: false,
  },
  {
    name: 'BBC Technology',
    url: 'https://feeds.bbci.co.uk/news/technology/rss.xml',
    category: 'career',
    makeRecipes: false,
  },
  {
    name: 'BBC Business',
    url: 'https://feeds.bbci.co.uk/news/business/rss.xml',
    category: 'career',
    makeRecipes: false,
  },
  {
    name: 'BBC Sport',
    url: 'https://feeds.bbci.co.uk/sport/rss.xml',
    category: 'sports',
    makeRecipes: false,
  },
  { name: 'ESPN', url: 'https://www.espn.com/espn/rss/news', category: 'sports', makeRecipes: false },
  {
    name: 'Wrestling Inc',
    url: 'https://www.wrestlinginc.com/feed/',
    category: 'sports',
    makeRecipes: true,
  },
];

export class SourcesError extends Error {}

/** The sources the database is seeded with, once: RSS_SOURCES (a path to a JSON array) or the 7 defaults. */
export function loadSources(env: Pick<Env, 'RSS_SOURCES'>): FeedSource[] {
  if (!env.RSS_SOURCES) return DEFAULT_SOURCES;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(env.RSS_SOURCES, 'utf8'));
  } catch (err) {
    throw new SourcesError(`RSS_SOURCES: cannot read ${env.RSS_SOURCES}: ${(err as Error).message}`);
  }
  const parsed = sourcesSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    // "RSS_SOURCES: 1.url Invalid URL"; a problem with the whole file has no path.
    const where = first?.path.join('.');
    throw new SourcesError(`RSS_SOURCES: ${where ? `${where} ` : ''}${first?.message ?? 'invalid'}`);
  }
  return parsed.data;
}
