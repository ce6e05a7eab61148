import type { Context } from 'hono';

/**
 * Surrogate keys name what a cached answer shows and what a write changed, in one vocabulary:
 * `article:ID`, `product:ID`, `recipe:ID` and `list:articles|products|recipes|product-categories|challenges`.
 * The per-instance caches (lib/cache.ts) and a CDN (Surrogate-Key / Cache-Tag) both clear by them.
 */
export const ALL = '*';

/** Resource roots of the API: their lists and items. */
const RESOURCES: Record<string, { list: string; item?: string; also?: string[] }> = {
  content: { list: 'list:articles', item: 'article' },
  products: { list: 'list:products', item: 'product' },
  recipes: { list: 'list:recipes', item: 'recipe' },
  'product-categories': { list: 'list:product-categories', also: ['list:products'] },
  challenges: { list: 'list:challenges', item: 'challenge' },
};

/** Sub-paths that list a resource rather than show one item. */
const LIST_READS = new Set(['search', 'counts', 'featured']);

/** Keys of a public read, from its path (an item read adds its own key in the handler: addKeys). */
export function keysForRead(path: string): string[] {
  if (path === '/sitemap.xml') return ['list:articles', 'list:products', 'list:recipes'];
  if (path === '/feed.xml') return ['list:articles'];
  const [, api, root, rest] = path.split('/', 4);
  const resource = api === 'api' && root ? RESOURCES[root] : undefined;
  if (!resource) return [];
  if (!rest || LIST_READS.has(rest)) return [resource.list];
  // One item (/api/challenges/3); one read by slug names its id itself (addKeys), not the list.
  return resource.item && /^\d+$/.test(rest) ? [`${resource.item}:${rest}`] : [];
}

/** Writes that change nothing a public page shows: no cache is cleared for them. */
const PRIVATE_WRITES = [
  /^\/api\/logout$/,
  /^\/api\/contact$/,
  /^\/api\/stories$/,
  /^\/api\/upload$/,
  /^\/api\/admin\/(analyze|ai\/|users\/|contact-messages\/)/,
];

/** Keys a successful write through the API changed; [ALL] when it is not known more precisely. */
export function keysForWrite(path: string): string[] {
  if (PRIVATE_WRITES.some((re) => re.test(path))) return [];
  // An approved story becomes a community draft article; the RSS run clears its own keys when it ends.
  if (path.startsWith('/api/admin/stories/')) return ['list:articles'];
  if (path === '/api/admin/rss/process') return [];
  const [, api, root, id] = path.split('/', 5);
  const resource = api === 'api' && root ? RESOURCES[root] : undefined;
  if (!resource) return [ALL];
  const keys = [resource.list, ...(resource.also ?? [])];
  if (resource.item && id && /^\d+$/.test(id)) keys.push(`${resource.item}:${id}`);
  return keys;
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
