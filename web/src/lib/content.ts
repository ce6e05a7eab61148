import { type Article, type Challenge, LIMITS } from '@site/shared';

/** Shapes of the public content API (lists leave out the body; detail adds server-made HTML). */
export type ArticleListItem = Omit<Article, 'content' | 'status'>;
export type ArticleDetail = ArticleListItem & { content: string; contentHtml: string };
/** Per category, `all` their sum; for a search, `capped` when the server stopped counting. */
export type CategoryCounts = Record<string, number> & { all: number; capped?: boolean };
export type { Challenge };

export const NEWS_PAGE_SIZE = 20;
/** Load More keeps how many pages are shown in the URL (?pages=3), so Back returns to the same list. */
export const NEWS_MAX_PAGES = 25;
export function loadedPages(search: URLSearchParams): number {
  const n = Number(search.get('pages'));
  return Number.isInteger(n) && n > 1 ? Math.min(n, NEWS_MAX_PAGES) : 1;
}

/** Spec §2: articles link to /content/{slug or id}. */
export const articleHref = (a: { slug?: string | null; id: number }) => `/content/${a.slug || a.id}`;

// Query keys are the URL (docs/architecture.md); the server prefetch and the pages share these.
export const featuredKey = ['/api/content/featured'] as const;
export const activeChallengesKey = ['/api/challenges', { active: 'true' }] as const;
export const countsKey = ['/api/content/counts'] as const;
/** The filter buttons' counts during a search: of its matches. */
export const searchCountsKey = (q: string) => ['/api/content/counts', { q }] as const;
/** A news list page: the first, or the one after `cursor` (the X-Next-Cursor of the page before). */
export const listKey = (category: string | undefined, cursor?: string) =>
  ['/api/content', { category, limit: NEWS_PAGE_SIZE, ...(cursor ? { cursor } : {}) }] as const;

/** A news list page as the query cache keeps it: its cards and the next page's cursor (null: the last). */
export interface NewsPageData {
  rows: ArticleListItem[];
  next: string | null;
}
/** The query of a news list page; `meta` has the default fetch keep the X-Next-Cursor header. */
export const newsPageQuery = (category: string | undefined, cursor?: string) => ({
  queryKey: listKey(category, cursor),
  meta: { nextCursor: true },
});

/**
 * The cursors of the first `count` pages of a list, as far as the loaded pages tell them: each page
 * starts after the one before (keyset paging, issue 43), so page 3 is known once page 2 is in.
 * `waiting`: a page before the count's end is not loaded yet; `ended`: the last page came short.
 */
export function newsPageCursors(
  getData: (key: readonly unknown[]) => unknown,
  category: string | undefined,
  count: number,
) {
  const cursors: (string | undefined)[] = [undefined];
  while (cursors.length < count) {
    const page = getData(listKey(category, cursors.at(-1))) as NewsPageData | undefined;
    if (!page) return { cursors, waiting: true, ended: false };
    if (!page.next) return { cursors, waiting: false, ended: true };
    cursors.push(page.next);
  }
  return { cursors, waiting: false, ended: false };
}
/** A search, within one category on a category page. */
export const searchKey = (q: string, category?: string) => ['/api/content/search', { q, category }] as const;
export const articleKey = (identifier: string) => [`/api/content/${encodeURIComponent(identifier)}`] as const;
/** Up to 2 related articles of one article (the two published just before it: stable as others appear). */
export const relatedKey = (articleId: number) => [`/api/content/${articleId}/related`] as const;
export const challengeKey = (id: string) => [`/api/challenges/${encodeURIComponent(id)}`] as const;

/** The search term counts once it has 3 or more characters (spec §5). */
export const activeTerm = (q: string | null | undefined) => {
  const t = (q ?? '').trim();
  return t.length >= LIMITS.searchMinChars ? t : '';
};
