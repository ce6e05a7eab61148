import type * as s from '../src/db/schema';

/** Polls until `check` holds (fails after `ms`): stored pages are written in the background. */
export async function until(check: () => Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not true within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A published wellness article whose page the store can hold. */
export const publishedArticle = (
  slug: string,
  publishedAt: Date,
  extra: Partial<typeof s.articles.$inferInsert> = {},
) => ({
  slug,
  title: `Title of ${slug}`,
  excerpt: 'e',
  content: `Body of ${slug}`,
  category: 'wellness' as const,
  status: 'published' as const,
  publishedAt,
  ...extra,
});
