import type { RssSourceTestResult } from '@site/shared';
import type { AppDeps } from '../context';
import { describeFeedError } from './feed-errors';
import { DEFAULT_LIMITS, fetchFeed } from './fetch-feed';
import { parseFeedDocument } from './parse-feed';

/**
 * Fetch and parse a feed exactly as a run would (same safety rules and limits) and answer its
 * title and first 5 items. Nothing is stored.
 */
export async function testFeed(
  deps: Pick<AppDeps, 'env'>,
  url: string,
  limits = { ...DEFAULT_LIMITS, allowPrivate: deps.env.RSS_ALLOW_PRIVATE },
): Promise<RssSourceTestResult> {
  try {
    const feed = await parseFeedDocument(await fetchFeed(url, limits), url);
    return {
      ok: true,
      title: feed.title || null,
      items: feed.items.slice(0, 5).map((i) => ({
        title: i.title,
        url: i.url,
        publishedAt: i.publishedAt?.toISOString() ?? null,
        imageUrl: i.imageUrl,
      })),
      problem: null,
      error: null,
    };
  } catch (err) {
    const { error, problem } = describeFeedError(err);
    return { ok: false, title: null, items: [], problem, error };
  }
}
