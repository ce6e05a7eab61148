import type { FetchQueryOptions } from '@tanstack/react-query';
import { ARTICLE_CATEGORIES } from '@site/shared';
import { Suspense } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { adminKeys } from './admin/query-keys';
import { Layout } from './components/layout/Layout';
import { newsletterStatusKey } from './components/newsletter/status';
import {
  activeChallengesKey,
  activeTerm,
  articleKey,
  challengeKey,
  countsKey,
  featuredKey,
  listKey,
  loadedPages,
  newsPageCursors,
  newsPageQuery,
  relatedKey,
  searchCountsKey,
  searchKey,
} from './lib/content';
import { lazyPage } from './lib/lazy-page';
import { challengesRoute } from './pages/challenges/route';
import { invitationKey } from './pages/auth/invitation-queries';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { setupLinkKey } from './pages/setup/queries';
import { readFilters, recipeKey, recipesKey } from './pages/recipes/queries';
import { categoriesKey, parseId, productKey, productsKey } from './pages/shop/queries';

// Every page is its own chunk (issue 26: the first JavaScript of each page carried all the others').
// The browser loads the page it opens on before hydrating (entry-client); the others when a link leads
// there. No <link rel="modulepreload"> for it: Lighthouse's simulated first paint then waited on those
// requests too (FCP 1.8 s instead of 1.6 s), while the blocking time was the same.
const named =
  <K extends string>(name: K) =>
  <M extends Record<K, React.ComponentType<never>>>(m: M) => ({ default: m[name] });
const HomePage = lazyPage(() => import('./pages/home/HomePage').then(named('HomePage')));
const NewsPage = lazyPage(() => import('./pages/news/NewsPage').then(named('NewsPage')));
const ArticlePage = lazyPage(() => import('./pages/article/ArticlePage').then(named('ArticlePage')));
const ArticlePreviewPage = lazyPage(() =>
  import('./pages/article/ArticlePreviewPage').then(named('ArticlePreviewPage')),
);
const LegalPage = lazyPage(() => import('./pages/legal/LegalPage').then(named('LegalPage')));
const ChallengePage = lazyPage(() => import('./pages/challenge/ChallengePage').then(named('ChallengePage')));
const SubmitStoryPage = lazyPage(() =>
  import('./pages/story/SubmitStoryPage').then(named('SubmitStoryPage')),
);
const ShopPage = lazyPage(() => import('./pages/shop/ShopPage').then(named('ShopPage')));
const ProductPage = lazyPage(() => import('./pages/product/ProductPage').then(named('ProductPage')));
const RecipesPage = lazyPage(() => import('./pages/recipes/RecipesPage').then(named('RecipesPage')));
const RecipePage = lazyPage(() => import('./pages/recipe/RecipePage').then(named('RecipePage')));
const ContactPage = lazyPage(() => import('./pages/contact/ContactPage').then(named('ContactPage')));
const AdminRoute = lazyPage(() => import('./admin/AdminRoute'));
// Sign-in carries zod for its form; keep it out of the public pages' first load.
const SignInPage = lazyPage(() => import('./pages/auth/SignInPage').then(named('SignInPage')));
const SignOutPage = lazyPage(() => import('./pages/auth/SignOutPage').then(named('SignOutPage')));
const SetupPage = lazyPage(() => import('./pages/setup/SetupPage').then(named('SetupPage')));
const InvitationPage = lazyPage(() => import('./pages/auth/InvitationPage').then(named('InvitationPage')));
const NewsletterPage = lazyPage(() =>
  import('./pages/newsletter/NewsletterPage').then(named('NewsletterPage')),
);
const NewsletterConfirmPage = lazyPage(() =>
  import('./pages/newsletter/ConfirmPage').then(named('NewsletterConfirmPage')),
);
const NewsletterManagePage = lazyPage(() =>
  import('./pages/newsletter/ManagePage').then(named('NewsletterManagePage')),
);

type Page = ReturnType<typeof lazyPage>;
const PAGES: Page[] = [
  HomePage,
  NewsPage,
  ArticlePage,
  ArticlePreviewPage,
  LegalPage,
  ChallengePage,
  SubmitStoryPage,
  ShopPage,
  ProductPage,
  RecipesPage,
  RecipePage,
  ContactPage,
  AdminRoute,
  SignInPage,
  SignOutPage,
  SetupPage,
  InvitationPage,
  NewsletterPage,
  NewsletterConfirmPage,
  NewsletterManagePage,
];
/** The server loads every page before its first render, so it never sends a fallback. */
export const preloadLazyPages = () => Promise.all(PAGES.map((p) => p.preload()));

export interface PrefetchArgs {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}
/** Queries the server fetches before rendering a route, so its HTML holds the content. */
export type Prefetch = (args: PrefetchArgs) => FetchQueryOptions[];
export interface RouteHandle {
  /** The route's page, loaded before the browser hydrates it (`preloadRoute`). */
  page?: Page;
  prefetch?: Prefetch;
  /**
   * Queries that need the data of earlier ones (fetched after them on the server). Asked again after
   * each pass until it names nothing new: a news list's pages come one after another (?pages=N).
   */
  prefetchAfter?: (
    args: PrefetchArgs & { getData: (key: readonly unknown[]) => unknown },
  ) => FetchQueryOptions[];
}

/**
 * News and category pages: the buttons' counts, then the search results (in the category) or the
 * first page; newsPrefetchAfter adds every page Load More had shown (?pages=), so a reload or a Back
 * that reloads shows the same cards.
 */
const newsPrefetch =
  (category?: string): Prefetch =>
  ({ search }) => {
    const term = activeTerm(search.get('q'));
    if (term) return [{ queryKey: searchCountsKey(term) }, { queryKey: searchKey(term, category) }];
    return [{ queryKey: countsKey }, newsPageQuery(category)];
  };

/** The pages after the first, one at a time: each starts at the cursor of the page before. */
const newsPrefetchAfter =
  (category?: string): NonNullable<RouteHandle['prefetchAfter']> =>
  ({ search, getData }) => {
    if (activeTerm(search.get('q'))) return [];
    const { cursors } = newsPageCursors(getData, category, loadedPages(search));
    const next = cursors.at(-1);
    return next && !getData(listKey(category, next)) ? [newsPageQuery(category, next)] : [];
  };

/** An article's Related Articles, once the article (and so its category) is known. */
const relatedPrefetch = (article: unknown): FetchQueryOptions[] => {
  const id = (article as { id?: number } | undefined)?.id;
  return id ? [{ queryKey: relatedKey(id) }] : [];
};

/**
 * The route table, shared by the server render and the browser. Each feature adds its routes here
 * (with a `handle.prefetch` listing the query keys its page reads).
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    // Every page's footer: the subscribe form, or a sentence where the site cannot send mail.
    handle: { prefetch: () => [{ queryKey: newsletterStatusKey }] } satisfies RouteHandle,
    children: [
      {
        path: '/',
        element: <HomePage />,
        handle: {
          page: HomePage,
          prefetch: () => [{ queryKey: featuredKey }, { queryKey: activeChallengesKey }],
        } satisfies RouteHandle,
      },
      // Public reading: news, the six category pages, articles, legal pages, challenges, stories.
      ...ARTICLE_CATEGORIES.map((c) => ({
        path: `/${c}`,
        element: <NewsPage category={c} />,
        handle: {
          page: NewsPage,
          prefetch: newsPrefetch(c),
          prefetchAfter: newsPrefetchAfter(c),
        } satisfies RouteHandle,
      })),
      {
        path: '/news',
        element: <NewsPage />,
        handle: {
          page: NewsPage,
          prefetch: newsPrefetch(),
          prefetchAfter: newsPrefetchAfter(),
        } satisfies RouteHandle,
      },
      {
        path: '/news/:category',
        element: <NewsPage />,
        handle: {
          page: NewsPage,
          prefetch: (a) => newsPrefetch(a.params.category)(a),
          prefetchAfter: (a) => newsPrefetchAfter(a.params.category)(a),
        } satisfies RouteHandle,
      },
      {
        path: '/content/:identifier',
        element: <ArticlePage />,
        handle: {
          page: ArticlePage,
          prefetch: ({ params }) => [{ queryKey: articleKey(params.identifier ?? '') }],
          prefetchAfter: ({ params, getData }) =>
            relatedPrefetch(getData(articleKey(params.identifier ?? ''))),
        } satisfies RouteHandle,
      },
      {
        path: '/article/:id',
        element: <ArticlePage />,
        handle: {
          page: ArticlePage,
          prefetch: ({ params }) => [{ queryKey: articleKey(params.id ?? '') }],
          prefetchAfter: ({ params, getData }) => relatedPrefetch(getData(articleKey(params.id ?? ''))),
        } satisfies RouteHandle,
      },
      { path: '/privacy', element: <LegalPage kind="privacy" />, handle: { page: LegalPage } },
      { path: '/terms', element: <LegalPage kind="terms" />, handle: { page: LegalPage } },
      { path: '/cookie-policy', element: <LegalPage kind="cookies" />, handle: { page: LegalPage } },
      challengesRoute,
      {
        path: '/challenges/:id',
        element: <ChallengePage />,
        handle: {
          page: ChallengePage,
          prefetch: ({ params }) => [{ queryKey: challengeKey(params.id ?? '') }],
        } satisfies RouteHandle,
      },
      { path: '/community/submit-story', element: <SubmitStoryPage />, handle: { page: SubmitStoryPage } },
      {
        path: '/shop/:categoryId?',
        element: <ShopPage />,
        handle: {
          page: ShopPage,
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
          page: ProductPage,
          prefetch: ({ params }) => (parseId(params.id) ? [{ queryKey: productKey(params.id ?? '') }] : []),
        } satisfies RouteHandle,
      },
      {
        path: '/recipes',
        element: <RecipesPage />,
        handle: {
          page: RecipesPage,
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
          page: RecipePage,
          prefetch: ({ params }) => (parseId(params.id) ? [{ queryKey: recipeKey(params.id ?? '') }] : []),
        } satisfies RouteHandle,
      },
      { path: '/contact', element: <ContactPage />, handle: { page: ContactPage } satisfies RouteHandle },
      {
        path: '/newsletter',
        element: <NewsletterPage />,
        handle: {
          page: NewsletterPage,
          prefetch: () => [newsPageQuery(undefined)],
        } satisfies RouteHandle,
      },
      {
        path: '/newsletter/confirm/:token',
        element: <NewsletterConfirmPage />,
        handle: { page: NewsletterConfirmPage } satisfies RouteHandle,
      },
      {
        path: '/newsletter/unsubscribe/:token',
        element: <NewsletterManagePage mode="unsubscribe" />,
        handle: { page: NewsletterManagePage } satisfies RouteHandle,
      },
      {
        path: '/newsletter/manage/:token',
        element: <NewsletterManagePage mode="manage" />,
        handle: { page: NewsletterManagePage } satisfies RouteHandle,
      },
      {
        path: '/sign-in',
        element: <SignInPage />,
        handle: { page: SignInPage } satisfies RouteHandle,
      },
      // The spec's /api/logout navigation lands here: a button that posts, never a sign-out by GET.
      { path: '/sign-out', element: <SignOutPage />, handle: { page: SignOutPage } satisfies RouteHandle },
      {
        path: '/setup/:token',
        element: <SetupPage />,
        handle: {
          page: SetupPage,
          prefetch: ({ params }) => [{ queryKey: setupLinkKey(params.token ?? '') }],
        } satisfies RouteHandle,
      },
      {
        path: '/invitation/:token',
        element: <InvitationPage />,
        handle: {
          page: InvitationPage,
          prefetch: ({ params }) => [{ queryKey: invitationKey(params.token ?? '') }],
        } satisfies RouteHandle,
      },
      {
        path: '/admin/preview/:id',
        element: <ArticlePreviewPage />,
        handle: {
          page: ArticlePreviewPage,
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
        handle: { page: AdminRoute } satisfies RouteHandle,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** A path's first segment as the router compares it: decoded, any case (routes are not case-sensitive). */
function firstSegment(pathname: string): string {
  const raw = pathname.split('/')[1] ?? '';
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

const routeFirst = (route: RouteObject) => firstSegment(route.path ?? '/');
const isDynamic = (first: string) => first.startsWith(':') || first.startsWith('*');

/**
 * The route table cut to the routes that can match paths starting with one segment: the layout with
 * the children whose first segment is that one or a parameter, and the catch-all. Built once per known
 * first segment; every other segment shares one table, so the map stays as small as the route table.
 */
const prunedTables = new Map<string, RouteObject[]>();
const OTHER = '\0other';
const [siteLayout, ...afterLayout] = routes;
const layoutChildren = siteLayout?.children ?? [];
/** The first segments routes spell out (not parameters): each gets its own table. */
const knownFirsts = new Set(layoutChildren.map(routeFirst).filter((first) => !isDynamic(first)));
function prunedTable(first: string): RouteObject[] {
  const key = knownFirsts.has(first) ? first : OTHER;
  let table = prunedTables.get(key);
  if (!table) {
    const kept = layoutChildren.filter((r) => {
      const f = routeFirst(r);
      return isDynamic(f) || f === key;
    });
    table = [{ ...siteLayout, children: kept } as RouteObject, ...afterLayout];
    prunedTables.set(key, table);
  }
  return table;
}

/**
 * `matchRoutes(routes, pathname)`, cheaper. Each call flattens the table and compiles every pattern it
 * tries into a RegExp: two calls were a tenth of a server render's CPU. Only routes whose first segment
 * equals the path's (or is a parameter) can match, so the rest are left out; a path that matched only
 * the catch-all is matched again against the whole table, so an unusual spelling never reads as 404.
 */
export function matchSiteRoutes(pathname: string) {
  const matches = matchRoutes(prunedTable(firstSegment(pathname)), pathname);
  if (matches && matches.at(-1)?.route.path !== '*') return matches;
  return matchRoutes(routes, pathname);
}

/** The pages a URL shows (their lazy modules): loaded before hydration, named for modulepreload. */
export function routePages(pathname: string, matches = matchSiteRoutes(pathname)): Page[] {
  return (matches ?? []).flatMap((m) => {
    const page = (m.route.handle as RouteHandle | undefined)?.page;
    return page ? [page] : [];
  });
}
