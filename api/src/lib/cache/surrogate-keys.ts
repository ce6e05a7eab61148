import type { Context } from 'hono';

/**
 * Surrogate keys name what a cached answer shows and what a write changed, in one vocabulary:
 * `article:ID`, `product:ID`, `recipe:ID` and `list:articles|products|recipes|product-categories|challenges`.
 * The per-instance caches (lib/cache/cache.ts) and a CDN (Surrogate-Key / Cache-Tag) both clear by them.
 * Reads are named here by path; writes declare what they clear where they are defined (lib/cache/write-clears.ts).
 */
export const ALL = '*';

/** Resource roots of the API: their lists and items. */
const RESOURCES: Record<string, { list: string; item?: string }> = {
  content: { list: 'list:articles', item: 'article' },
  products: { list: 'list:products', item: 'product' },
  recipes: { list: 'list:recipes', item: 'recipe' },
  'product-categories': { list: 'list:product-categories' },
  challenges: { list: 'list:challenges', item: 'challenge' },
};

/** Sub-paths that list a resource rather than show one item. */
const LIST_READS = new Set(['search', 'counts', 'featured']);

/** Keys of a public read, from its path (an item read adds its own key in the handler: addKeys). */
export function keysForRead(path: string): string[] {
  // The sitemap index and its article files show public articles; the pages file, the challenges.
  // Every article write already clears list:articles (its lists show the same rows), so the files
  // carry no per-range key that no write would name (routes/sitemap.ts).
  if (path === '/sitemap-pages.xml') return ['list:challenges'];
  if (path === '/sitemap.xml' || path.startsWith('/sitemap-articles-')) return ['list:articles'];
  if (path === '/feed.xml') return ['list:articles'];
  const [, api, root, rest] = path.split('/', 4);
  const resource = api === 'api' && root ? RESOURCES[root] : undefined;
  if (!resource) return [];
  if (!rest || LIST_READS.has(rest)) return [resource.list];
  // One item (/api/challenges/3); one read by slug names its id itself (addKeys), not the list.
  return resource.item && /^\d+$/.test(rest) ? [`${resource.item}:${rest}`] : [];
}

/** A handler adds the keys only it knows (an article read by slug names its id). */
export function addKeys(c: Context, ...keys: string[]) {
  c.header('surrogate-key', keys.join(' '), { append: true });
}

export function parseKeys(header: string | null | undefined): string[] {
  return header ? header.split(/[\s,]+/).filter(Boolean) : [];
}

/** Both spellings: Surrogate-Key (Fastly, space-separated) and Cache-Tag (Cloudflare and others, commas). */
export function keyHeaders(keys: readonly string[]): [string, string][] {
  return keys.length
    ? [
        ['surrogate-key', keys.join(' ')],
        ['cache-tag', keys.join(',')],
      ]
    : [];
}
