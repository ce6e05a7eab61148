import { readFileSync } from 'node:fs';
import { ALL_ARTICLE_CATEGORIES } from '@site/shared';
import { z } from 'zod';
import type { Env } from '../env';

const sourceSchema = z.object({
  name: z.string().trim().min(1).max(100),
  url: z.url({ protocol: /^https?$/ }),
  /** The category every item of this feed gets. */
  category: z.enum(ALL_ARTICLE_CATEGORIES),
  /** Each new item yields one recipe themed on it, tagged WWE (the wrestling feed). */
  themedRecipes: z.boolean().default(false),
});
export type FeedSource = z.infer<typeof sourceSchema>;
const sourcesSchema = z.array(sourceSchema).min(1).max(50);

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
    themedRecipes: false,
  },
  {
    name: 'BBC World News',
    url: 'https://feeds.bbci.co.uk/news/world/rss.xml',
    category: 'community',
    themedRecipes: false,
  },
  {
    name: 'BBC Technology',
    url: 'https://feeds.bbci.co.uk/news/technology/rss.xml',
    category: 'career',
    themedRecipes: false,
  },
  {
    name: 'BBC Business',
    url: 'https://feeds.bbci.co.uk/news/business/rss.xml',
    category: 'career',
    themedRecipes: false,
  },
  {
    name: 'BBC Sport',
    url: 'https://feeds.bbci.co.uk/sport/rss.xml',
    category: 'sports',
    themedRecipes: false,
  },
  { name: 'ESPN', url: 'https://www.espn.com/espn/rss/news', category: 'sports', themedRecipes: false },
  {
    name: 'Wrestling Inc',
    url: 'https://www.wrestlinginc.com/feed/',
    category: 'sports',
    themedRecipes: true,
  },
];

export class SourcesError extends Error {}

/** RSS_SOURCES (a path to a JSON array of sources) replaces the default list. */
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
    throw new SourcesError(
      `RSS_SOURCES: ${first?.path.join('.') ?? ''} ${first?.message ?? 'invalid'}`.trim(),
    );
  }
  return parsed.data;
}
