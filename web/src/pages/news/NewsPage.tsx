import {
  ALL_ARTICLE_CATEGORIES,
  type AnyArticleCategory,
  ARTICLE_CATEGORIES,
  CATEGORY_LABELS,
  CATEGORY_SHORT_LABELS,
  LIMITS,
  SKELETONS,
} from '@site/shared';
import { type UseQueryResult, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, type NavigateOptions, useParams, useSearchParams } from 'react-router-dom';
import { ArticleCard } from '../../components/ui/ArticleCard';
import { HydrationSlice } from '../../components/ui/HydrationSlice';
import { CARD_GRID_SIZES } from '../../components/ui/picture-sizes';
import { SkeletonGrid } from '../../components/ui/Skeleton';
import { buttonClass } from '../../components/ui/styles';
import {
  activeTerm,
  type ArticleListItem,
  type CategoryCounts,
  countsKey,
  loadedPages,
  NEWS_MAX_PAGES,
  type NewsPageData,
  newsPageCursors,
  newsPageQuery,
  searchCountsKey,
  searchKey,
} from '../../lib/content';
import { IN_PAGE } from '../../lib/route-focus';
import { Seo } from '../../lib/seo';
import { NotFoundPage } from '../not-found/NotFoundPage';

const isCategory = (c: string | undefined): c is AnyArticleCategory =>
  !!c && (ALL_ARTICLE_CATEGORIES as readonly string[]).includes(c);

/**
 * All, the six categories, and Sports when imported sports items exist: "All" lists every published
 * article, so every article it counts has a button of its own and the buttons add up to All. During a
 * search the buttons keep the search and count its matches.
 */
function FilterButtons({
  current,
  counts,
  term,
}: {
  current: string | undefined;
  counts: CategoryCounts | undefined;
  term: string;
}) {
  const shown: AnyArticleCategory[] = [...ARTICLE_CATEGORIES];
  if ((counts?.sports ?? 0) > 0 || current === 'sports') shown.push('sports');
  const query = term ? `?${new URLSearchParams({ q: term })}` : '';
  const buttons: { key: string | undefined; label: string; href: string }[] = [
    { key: undefined, label: 'All', href: `/news${query}` },
    ...shown.map((c) => ({ key: c, label: CATEGORY_SHORT_LABELS[c], href: `/news/${c}${query}` })),
  ];
  return (
    <nav aria-label="Filter by category" className="flex flex-wrap gap-2">
      {buttons.map((b) => {
        const active = b.key === current;
        const n = counts ? (b.key ? (counts[b.key] ?? 0) : counts.all) : undefined;
        return (
          <Link
            key={b.label}
            to={b.href}
            // A filter: focus stays on it though the list is another page (lib/route-focus.ts).
            state={IN_PAGE}
            aria-current={active ? 'page' : undefined}
            className={`rounded-full border px-4 py-1.5 text-sm font-medium ${
              active
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-stone-300 bg-white text-stone-700 hover:border-brand-700'
            }`}
          >
            {b.label}
            {n !== undefined && (
              <span className="ml-1.5 opacity-75">
                ({n}
                {counts?.capped && n > 0 ? '+' : ''})
              </span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}

/** /news, /news/{category} and the six category pages: one screen (spec §2 News list). */
export function NewsPage({ category: fixed }: { category?: AnyArticleCategory }) {
  const params = useParams();
  const category = fixed ?? params.category;
  if (category !== undefined && !isCategory(category)) return <NotFoundPage />;
  // A new category starts afresh (search text, loaded pages).
  return <NewsList key={category ?? 'all'} category={category} fixed={fixed} />;
}

function NewsList({
  category,
  fixed,
}: {
  category: AnyArticleCategory | undefined;
  fixed?: AnyArticleCategory;
}) {
  const [search, setSearch] = useSearchParams();
  const [text, setText] = useState(() => search.get('q') ?? '');
  const term = activeTerm(text);
  // How many pages Load More has shown lives in the URL (?pages=), so Back to this list shows the same
  // cards (from the query cache) and the scroll position restored is the one the reader left.
  const pageCount = loadedPages(search);
  // In-page changes replace the entry, which keeps the scroll position (lib/scroll-restoration.ts).
  const inPlace: NavigateOptions = { replace: true };

  const counts = useQuery<CategoryCounts>({ queryKey: term ? searchCountsKey(term) : countsKey });
  // Keyset pages (issue 43): each starts at the cursor of the page before, so the next is asked for
  // once the one before it is in (this re-renders when it arrives). Back finds them all in the cache.
  const queryClient = useQueryClient();
  const chain = newsPageCursors((key) => queryClient.getQueryData(key), category, pageCount);
  const listPages = useQueries({
    queries: chain.cursors.map((cursor) => ({ ...newsPageQuery(category, cursor), enabled: !term })),
  }) as UseQueryResult<NewsPageData>[];
  const first = listPages[0]!;
  // Spec §9: search results cached 30 s. A category page searches its own category.
  const results = useQuery<ArticleListItem[]>({
    queryKey: searchKey(term, category),
    enabled: Boolean(term),
    staleTime: LIMITS.searchCacheMs,
    gcTime: LIMITS.searchCacheMs,
  });

  const loaded = listPages.map((q) => q.data).filter((d): d is NewsPageData => d !== undefined);
  const items = term ? (results.data ?? []) : loaded.flatMap((p) => p.rows);
  const loading = term ? results.isLoading : first.isLoading;
  const failed = listPages.some((q) => q.isError);
  // A page asked for (?pages=) is still on its way: fetching, or waiting for the one before it.
  const loadingMore = !failed && pageCount > 1 && !chain.ended && loaded.length < pageCount;
  // While a page loads the button stays, saying so: one that left for the moment took focus with it.
  const shownPages = loadingMore ? pageCount - 1 : pageCount;
  const canLoadMore =
    !term &&
    !failed &&
    items.length >= LIMITS.loadMoreThreshold &&
    (loadingMore || Boolean(loaded.at(-1)?.next)) &&
    shownPages < NEWS_MAX_PAGES;
  const error = term ? results.error : first.error;

  const label = category ? CATEGORY_LABELS[category] : undefined;
  // /wellness is the category's own page; /news/wellness the news list filtered to it (issue 41:
  // two pages, two names).
  const listName = label && !fixed ? `Latest ${label} News` : (label ?? 'Latest News');
  const title = term ? `Search Results for "${term}"` : listName;
  const onChange = (value: string) => {
    setText(value);
    const next = new URLSearchParams(search);
    if (value) next.set('q', value);
    else next.delete('q');
    next.delete('pages');
    setSearch(next, inPlace);
  };
  // The cards Load More asked for: focus goes to the first when the button leaves with the last page.
  const grid = useRef<HTMLDivElement>(null);
  const firstNew = useRef<number | null>(null);
  const loadMore = () => {
    if (loadingMore) return;
    if (document.activeElement?.matches('[data-load-more]')) firstNew.current = items.length;
    const next = new URLSearchParams(search);
    next.set('pages', String(pageCount + 1));
    setSearch(next, inPlace);
  };
  useEffect(() => {
    const i = firstNew.current;
    if (i === null || loadingMore) return;
    firstNew.current = null;
    const card = grid.current?.children[i];
    const link = card?.matches('a[href]') ? card : card?.querySelector('a[href]');
    if (!canLoadMore && link instanceof HTMLElement) link.focus();
  }, [loadingMore, canLoadMore]);
  // What the search found, said once (and to screen readers) instead of leaving the reader to count.
  const matches = term && results.data ? results.data.length : undefined;
  const total = term ? counts.data?.[category ?? 'all'] : undefined;

  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <Seo
        title={title}
        description={
          label
            ? `The latest ${label.toLowerCase()} articles: practical advice and inspiration.`
            : 'The latest articles on wellness, style, nutrition, career, home and community.'
        }
        keywords={label ? [label, 'articles', 'women'] : ['news', 'articles', 'women', 'lifestyle']}
        path={fixed ? `/${fixed}` : category ? `/news/${category}` : '/news'}
        noindex={Boolean(search.get('q'))}
      />
      <h1 className="font-serif text-4xl font-bold text-stone-900">{title}</h1>
      <div className="mt-6 flex flex-col gap-4">
        <input
          type="search"
          value={text}
          onChange={(e) => onChange(e.target.value)}
          placeholder="Search articles..."
          aria-label={label ? `Search ${label} articles` : 'Search articles'}
          className="w-full max-w-md rounded-full border border-stone-300 bg-white px-4 py-2"
        />
        <FilterButtons current={category} counts={counts.data} term={term} />
        <p className="text-sm text-stone-600" aria-live="polite" data-testid="result-count">
          {matches === undefined
            ? ''
            : `${resultLine(matches, total, counts.data?.capped)} for "${term}"${label ? ` in ${label}` : ''}`}
        </p>
      </div>
      <div className="mt-4">
        {loading ? (
          <SkeletonGrid count={SKELETONS.publicList} />
        ) : error ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
            Error: {error.message}
          </p>
        ) : items.length === 0 ? (
          <div className="py-16 text-center">
            <h2 className="font-serif text-2xl font-bold text-stone-900">
              {term || category ? 'No articles found' : 'No articles available'}
            </h2>
            <p className="mt-2 text-stone-600">
              {term || category ? 'Try another search or category.' : 'Please check back soon.'}
            </p>
          </div>
        ) : (
          <div ref={grid} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((a, i) => (
              <HydrationSlice key={a.id}>
                <ArticleCard article={a} sizes={CARD_GRID_SIZES} eager={i === 0} heading="h2" />
              </HydrationSlice>
            ))}
          </div>
        )}
        {canLoadMore && (
          <div className="mt-10 text-center">
            {/* aria-disabled, not disabled: a disabled button drops the focus it had (issue 41). */}
            <button
              type="button"
              data-load-more
              className={`${buttonClass.secondary} aria-disabled:opacity-60`}
              aria-disabled={loadingMore || undefined}
              onClick={loadMore}
            >
              {loadingMore ? 'Loading…' : 'Load More Articles'}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

/** "3 results", or "Showing 50 of 120 results" when the list is cut at the search's maximum. */
function resultLine(shown: number, total: number | undefined, capped: boolean | undefined): string {
  const plural = (n: number) => `${n} result${n === 1 ? '' : 's'}`;
  if (total === undefined || total <= shown) return plural(shown);
  return `Showing ${shown} of ${total}${capped ? '+' : ''} results`;
}
