import type { RssSourceTestResult, RssTestItem } from '@site/shared';
import type { AppDeps } from '../context';
import { describeFeedError } from './feed-errors';
import { DEFAULT_LIMITS, fetchFeed } from './fetch-feed';
import { keywordSkipReason } from './keywords';
import { type FeedItem, parseFeedDocument } from './parse-feed';

const SHOWN = 5;

const shown = (i: FeedItem): RssTestItem => ({
  title: i.title,
  url: i.url,
  publishedAt: i.publishedAt?.toISOString() ?? null,
  imageUrl: i.imageUrl,
});

/**
 * Fetch and parse a feed exactly as a run would (same safety rules, limits and keywords) and answer
 * its title, the first items a run would import and skip, and what was wrong with it. Nothing is stored.
 */
export async function testFeed(
  deps: Pick<AppDeps, 'env'>,
  source: { url: string; includeKeywords?: string[]; excludeKeywords?: string[] },
  limits = { ...DEFAULT_LIMITS, allowPrivate: deps.env.RSS_ALLOW_PRIVATE },
): Promise<RssSourceTestResult> {
  try {
    const feed = await parseFeedDocument(await fetchFeed(source.url, limits), source.url);
    const importable: FeedItem[] = [];
    const skipped: RssSourceTestResult['skipped'] = [];
    for (const item of feed.items) {
      const reason = keywordSkipReason(item, source);
      if (reason === null) importable.push(item);
      else skipped.push({ ...shown(item), reason });
    }
    return {
      ok: true,
      title: feed.title || null,
      items: importable.slice(0, SHOWN).map(shown),
      skipped: skipped.slice(0, SHOWN),
      counts: { total: feed.items.length, importable: importable.length, skipped: skipped.length },
      warnings: feed.warnings,
      problem: null,
      error: null,
    };
  } catch (err) {
    const { error, problem } = describeFeedError(err);
    return {
      ok: false,
      title: null,
      items: [],
      skipped: [],
      counts: { total: 0, importable: 0, skipped: 0 },
      warnings: [],
      problem,
      error,
    };
  }
}
