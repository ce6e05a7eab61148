import type { Article, Challenge } from '@site/shared';

/** Shapes of the public content API (lists leave out the body; detail adds server-made HTML). */
export type ArticleListItem = Omit<Article, 'content' | 'status'>;
export type ArticleDetail = ArticleListItem & { content: string; contentHtml: string };
export type CategoryCounts = Record<string, number> & { all: number };
export type { Challenge };

export const NEWS_PAGE_SIZE = 20;

/** Spec §2: articles link to /content/{slug or id}. */
export const articleHref = (a: { slug?: string | null; id: number }) => `/content/${a.slug || a.id}`;

// Query keys are the URL (docs/architecture.md); the server prefetch and the pages share these.
export const featuredKey = ['/api/content/featured'] as const;
export const activeChallengesKey = ['/api/challenges', { active: 'true' }] as const;
export const countsKey = ['/api/content/counts'] as const;
export const listKey = (category: string | undefined, offset = 0) =>
  ['/api/content', { category, limit: NEWS_PAGE_SIZE, ...(offset ? { offset } : {}) }] as const;
export const searchKey = (q: string) => ['/api/content/search', { q }] as const;
export const articleKey = (identifier: string) => [`/api/content/${encodeURIComponent(identifier)}`] as const;
/** Up to 2 related articles of one article (the two published just before it: stable as others appear). */
export const relatedKey = (articleId: number) => [`/api/content/${articleId}/related`] as const;
export const challengeKey = (id: string) => [`/api/challenges/${encodeURIComponent(id)}`] as const;
