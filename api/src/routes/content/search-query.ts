import { sql } from 'drizzle-orm';

/** "calm morn" → 'calm:* & morn:*' — every word must match, each as a prefix. */
export function prefixQuery(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length
    ? words
        .slice(0, 8)
        .map((w) => `${w}:*`)
        .join(' & ')
    : null;
}

/** The tsquery of a search box's text, or null when it holds no word. */
export function tsQuery(q: string) {
  const query = prefixQuery(q);
  return query ? sql`to_tsquery('english'::regconfig, ${query})` : null;
}
