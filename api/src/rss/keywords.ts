import type { FeedItem } from './parse-feed';
import type { FeedSource } from './sources';

const has = (text: string, words: string[]) => words.some((w) => text.includes(w.toLowerCase()));

/**
 * A source's keyword filter on an item's title and summary, case-insensitive: an item must hold
 * one include keyword (when there are any) and no exclude keyword.
 */
export function matchesKeywords(
  item: Pick<FeedItem, 'title' | 'excerpt'>,
  source: Pick<FeedSource, 'includeKeywords' | 'excludeKeywords'>,
): boolean {
  const text = `${item.title} ${item.excerpt}`.toLowerCase();
  const include = source.includeKeywords ?? [];
  const exclude = source.excludeKeywords ?? [];
  if (include.length && !has(text, include)) return false;
  return !has(text, exclude);
}
