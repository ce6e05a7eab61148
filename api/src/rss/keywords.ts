import type { FeedItem } from './parse-feed';
import type { FeedSource } from './sources';

type Keywords = Pick<FeedSource, 'includeKeywords' | 'excludeKeywords'>;

/**
 * Why a source's keyword filter skips an item (title and summary, case-insensitive), or null when
 * the item is imported: it must hold one include keyword (when there are any) and no exclude keyword.
 */
export function keywordSkipReason(
  item: Pick<FeedItem, 'title' | 'excerpt'>,
  source: Keywords,
): string | null {
  const text = `${item.title} ${item.excerpt}`.toLowerCase();
  const include = source.includeKeywords ?? [];
  const exclude = source.excludeKeywords ?? [];
  if (include.length && !include.some((w) => text.includes(w.toLowerCase()))) {
    return `mentions none of: ${include.join(', ')}`;
  }
  const hit = exclude.find((w) => text.includes(w.toLowerCase()));
  return hit ? `mentions "${hit}"` : null;
}

export const matchesKeywords = (item: Pick<FeedItem, 'title' | 'excerpt'>, source: Keywords) =>
  keywordSkipReason(item, source) === null;
