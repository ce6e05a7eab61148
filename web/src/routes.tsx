import type { FetchQueryOptions } from '@tanstack/react-query';
import { Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Layout } from './components/layout/Layout';
import { lazyPage } from './lib/lazy-page';
import { ContactPage } from './pages/contact/ContactPage';
import { HomePage } from './pages/home/HomePage';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { ProductPage } from './pages/product/ProductPage';
import { RecipePage } from './pages/recipe/RecipePage';
import { RecipesPage } from './pages/recipes/RecipesPage';
import { readFilters, recipeKey, recipesKey } from './pages/recipes/queries';
import { ShopPage } from './pages/shop/ShopPage';
import { categoriesKey, parseId, productKey, productsKey } from './pages/shop/queries';
import { ARTICLE_CATEGORIES } from '@site/shared';
import {
  activeChallengesKey,
  articleKey,
  challengeKey,
  countsKey,
  featuredKey,
  listKey,
  relatedKey,
  searchKey,
} from './lib/content';
import { adminKeys } from './admin/query-keys';
import { ArticlePage } from './pages/article/ArticlePage';
import { ArticlePreviewPage } from './pages/article/ArticlePreviewPage';
import { ChallengePage } from './pages/challenge/ChallengePage';
import { LegalPage } from './pages/legal/LegalPage';
import { activeTerm, NewsPage } from './pages/news/NewsPage';
import { SubmitStoryPage } from './pages/story/SubmitStoryPage';
import { setupLinkKey } from './pages/setup/queries';
import { NewsletterConfirmPage } from './pages/newsletter/ConfirmPage';
import { NewsletterManagePage } from './pages/newsletter/ManagePage';
import { NewsletterPage, newsletterSampleKey } from './pages/newsletter/NewsletterPage';

const AdminRoute = lazyPage(() => import('./admin/AdminRoute'));
// Sign-in carries zod for its form; keep it out of the public pages' first load.
const SignInPage = lazyPage(() => import('./pages/auth/SignInPage').then((m) => ({ default: m.SignInPage })));
const SetupPage = lazyPage(() => import('./pages/setup/SetupPage').then((m) => ({ default: m.SetupPage })));
/** The server loads the lazy pages before its first render, so it never sends their fallback. */
export const preloadLazyPages = () =>
  Promise.all([AdminRoute.preload(), SignInPage.preload(), SetupPage.preload()]);

export interface PrefetchArgs {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}
/** Queries the server fetches before rendering a route, so its HTML holds the content. */
export type Prefetch = (args: PrefetchArgs) => FetchQueryOptions[];
export interface RouteHandle {
  prefetch?: Prefetch;
  /** Queries that need the data of the first ones (fetched after them on the server). */
  prefetchAfter?: (
    args: PrefetchArgs & { getData: (key: readonly unknown[]) => unknown },
  ) => FetchQueryOptions[];
}

/** News and category pages: counts, then the search results or the first page of the list. */
const newsPrefetch =
  (category?: string): Prefetch =>
  ({ search }) => {
    const term = activeTerm(search.get('q'));
    return [{ queryKey: countsKey }, { queryKey: term ? searchKey(term) : listKey(category) }];
  };

/** An article's Related Articles, once the article (and so its category) is known. */
const relatedPrefetch = (article: unknown): FetchQueryOptions[] => {
  const category = (article as { category?: string } | undefined)?.category;
  return category ? [{ queryKey: relatedKey(category) }] : [];
};

/**
 * The route table, shared by the server render and the browser. Each feature adds its routes here
 * (with a `handle.prefetch` listing the query keys its page reads).
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        path: '/',
        element: <HomePage />,
        handle: {
          prefetch: () => [{ queryKey: featuredKey }, { queryKey: activeChallengesKey }],
        } satisfies RouteHandle,
      },
      // Public reading: news, the six category pages, articles, legal pages, challenges, stories.
      ...ARTICLE_CATEGORIES.map((c) => ({
        path: `/${c}`,
        element: <NewsPage category={c} />,
        handle: { prefetch: newsPrefetch(c) } satisfies RouteHandle,
      })),
      { path: '/news', element: <NewsPage />, handle: { prefetch: newsPrefetch() } satisfies RouteHandle },
      {
        path: '/news/:category',
        element: <NewsPage />,
        handle: { prefetch: (a) => newsPrefetch(a.params.category)(a) } satisfies RouteHandle,
      },
      {
        path: '/content/:identifier',
        element: <ArticlePage />,
        handle: {
          prefetch: ({ params }) => [{ queryKey: articleKey(params.identifier ?? '') }],
          prefetchAfter: ({ params, getData }) =>
            relatedPrefetch(getData(articleKey(params.identifier ?? ''))),
        } satisfies RouteHandle,
      },
      {
        path: '/article/:id',
        element: <ArticlePage />,
        handle: {
          prefetch: ({ params }) => [{ queryKey: articleKey(params.id ?? '') }],
          prefetchAfter: ({ params, getData }) => relatedPrefetch(getData(articleKey(params.id ?? ''))),
        } satisfies RouteHandle,
      },
      { path: '/privacy', element: <LegalPage kind="privacy" /> },
      { path: '/terms', element: <LegalPage kind="terms" /> },
      { path: '/cookie-policy', element: <LegalPage kind="cookies" /> },
      {
        path: '/challenges/:id',
        element: <ChallengePage />,
        handle: {
          prefetch: ({ params }) => [{ queryKey: challengeKey(params.id ?? '') }],
        } satisfies RouteHandle,
      },
      { path: '/community/submit-story', element: <SubmitStoryPage /> },
      {
        path: '/shop/:categoryId?',
        element: <ShopPage />,
        handle: {
          prefetch: ({ params }) => {
            const id = params.categoryId === undefined ? undefined : parseId(params.categoryId);
            return id === null
              ? [{ queryKey: categoriesKey() }]
              : [{ queryKey: categoriesKey() }, { queryKey: productsKey(id) }];
          },
        } satisfies RouteHandle,
      },
      {
        path: '/product/:id',
        element: <ProductPage />,
        // Answers 401 to anonymous readers; the page then shows "Login Required".
        handle: {
          prefetch: ({ params }) => (parseId(params.id) ? [{ queryKey: productKey(params.id ?? '') }] : []),
        } satisfies RouteHandle,
      },
      {
        path: '/recipes',
        element: <RecipesPage />,
        handle: {
          prefetch: ({ search }) => {
            const f = readFilters(search);
            return [{ queryKey: recipesKey(f.cuisine, f.difficulty) }];
          },
        } satisfies RouteHandle,
      },
      {
        path: '/recipe/:id',
        element: <RecipePage />,
        handle: {
          prefetch: ({ params }) => (parseId(params.id) ? [{ queryKey: recipeKey(params.id ?? '') }] : []),
        } satisfies RouteHandle,
      },
      { path: '/contact', element: <ContactPage />, handle: { prefetch: () => [] } satisfies RouteHandle },
      {
        path: '/newsletter',
        element: <NewsletterPage />,
        handle: { prefetch: () => [{ queryKey: newsletterSampleKey }] } satisfies RouteHandle,
      },
      { path: '/newsletter/confirm/:token', element: <NewsletterConfirmPage /> },
      { path: '/newsletter/unsubscribe/:token', element: <NewsletterManagePage mode="unsubscribe" /> },
      { path: '/newsletter/manage/:token', element: <NewsletterManagePage mode="manage" /> },
      {
        path: '/sign-in',
        element: (
          <Suspense fallback={<p className="p-8 text-center">Loading…</p>}>
            <SignInPage />
          </Suspense>
        ),
      },
      {
        path: '/setup/:token',
        element: (
          <Suspense fallback={<p className="p-8 text-center">Loading…</p>}>
            <SetupPage />
          </Suspense>
        ),
        handle: {
          prefetch: ({ params }) => [{ queryKey: setupLinkKey(params.token ?? '') }],
        } satisfies RouteHandle,
      },
      {
        path: '/admin/preview/:id',
        element: <ArticlePreviewPage />,
        handle: {
          prefetch: ({ params }) => [{ queryKey: adminKeys.articles.preview(params.id ?? '') }],
        } satisfies RouteHandle,
      },
      {
        path: '/admin/*',
        element: (
          <Suspense fallback={<p className="p-8 text-center">Loading admin…</p>}>
            <AdminRoute />
          </Suspense>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
