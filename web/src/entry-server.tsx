import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './App';
import type { Fetcher } from './lib/api';
import { createQueryClient } from './lib/query-client';
import { type HeadCollector, headTags, headTagsToHtml } from './lib/seo';
import { SSR_STATE_ID } from './lib/ssr-state';
import { currentUserKey } from './lib/use-current-user';
import { matchSiteRoutes, preloadLazyPages, type RouteHandle, routePages } from './routes';

let restPreloaded = false;

/** More than the news list's most pages (NEWS_MAX_PAGES): each pass fetches one after the page before. */
const MAX_DEPENDENT_PASSES = 30;

export interface RenderRequest {
  url: string;
  fetchApi: (path: string) => Promise<Response>;
  siteUrl: string;
  brand: string;
}

// Errors too (e.g. a missing article's 404), so the browser hydrates the same "not found" screen.
const keepSettled = (q: { state: { status: string } }) =>
  q.state.status === 'success' || q.state.status === 'error';

/** Server render of one page: prefetch its data in-process, render, hand the data to the browser. */
export async function render(req: RenderRequest) {
  const url = new URL(req.url, 'http://local');
  // The pages this URL shows, before rendering (a page still loading would be sent as its fallback);
  // the others load in the background after the first render, so a first page does not wait for the
  // whole site (the admin module included) to load.
  const matches = matchSiteRoutes(url.pathname) ?? undefined;
  await Promise.all(routePages(url.pathname, matches).map((page) => page.preload()));
  const fetcher: Fetcher = (path) => req.fetchApi(path);
  const queryClient = createQueryClient(fetcher);

  const prefetches = (matches ?? []).flatMap((m) => {
    const handle = m.route.handle as RouteHandle | undefined;
    return handle?.prefetch?.({ params: m.params, search: url.searchParams }) ?? [];
  });
  await Promise.all([
    queryClient.prefetchQuery({
      queryKey: currentUserKey,
      queryFn: async () => {
        const res = await fetcher('/api/auth/user');
        return res.ok ? res.json() : null;
      },
    }),
    ...prefetches.map((q) => queryClient.prefetchQuery(q)),
  ]);
  // Then queries that depend on earlier ones' data (an article's related articles; a news list's
  // next page, from the cursor of the page before), pass after pass until none is new.
  for (let pass = 0; pass < MAX_DEPENDENT_PASSES; pass++) {
    const dependent = (matches ?? []).flatMap((m) => {
      const handle = m.route.handle as RouteHandle | undefined;
      return (
        handle?.prefetchAfter?.({
          params: m.params,
          search: url.searchParams,
          getData: (key) => queryClient.getQueryData(key),
        }) ?? []
      );
    });
    const fresh = dependent.filter((q) => !queryClient.getQueryState(q.queryKey));
    if (fresh.length === 0) break;
    await Promise.all(fresh.map((q) => queryClient.prefetchQuery(q)));
  }

  const site = { siteUrl: req.siteUrl, brand: req.brand };
  const head: HeadCollector = { props: null, status: 200 };
  const html = renderToString(
    <StaticRouter location={req.url}>
      <App queryClient={queryClient} fetcher={fetcher} site={site} head={head} matches={matches} />
    </StaticRouter>,
  );
  const state = JSON.stringify({
    site,
    query: dehydrate(queryClient, { shouldDehydrateQuery: keepSettled }),
  }).replace(/</g, '\\u003c');
  queryClient.clear();
  if (!restPreloaded) {
    restPreloaded = true;
    void preloadLazyPages().catch(() => undefined);
  }
  return {
    status: head.status,
    head: head.props
      ? headTagsToHtml(headTags(head.props, site, url.pathname))
      : `<title>${req.brand}</title>`,
    html,
    // A data block, like JSON-LD: the browser never runs it, so the strict CSP needs no nonce for it and
    // a cached page stays byte-identical (api/src/security/csp.ts).
    stateScript: `<script type="application/json" id="${SSR_STATE_ID}">${state}</script>`,
  };
}
