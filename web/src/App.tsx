import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RouteMatch, renderMatches, useRoutes } from 'react-router-dom';
import { ToastProvider } from './components/toast/toast';
import type { Fetcher } from './lib/api';
import { FetcherContext } from './lib/fetcher-context';
import { type HeadCollector, HeadContext, SiteContext, type SiteInfo } from './lib/seo';
import { CurrentUserProvider } from './lib/use-current-user';
import { routes } from './routes';

function AppRoutes() {
  return useRoutes(routes);
}

export interface AppProps {
  queryClient: QueryClient;
  fetcher: Fetcher;
  site: SiteInfo;
  head?: HeadCollector;
  /**
   * The server's one `matchRoutes` for this URL, rendered as they are instead of matched again: each match
   * flattens the route table and compiles its patterns anew, about a tenth of a server render's CPU.
   */
  matches?: RouteMatch[];
}

/** The whole site, without a router (the server and the browser each bring theirs). */
export function App({ queryClient, fetcher, site, head, matches }: AppProps) {
  return (
    <SiteContext.Provider value={site}>
      <HeadContext.Provider value={head ?? null}>
        <FetcherContext.Provider value={fetcher}>
          <QueryClientProvider client={queryClient}>
            <CurrentUserProvider>
              <ToastProvider>{matches ? renderMatches(matches) : <AppRoutes />}</ToastProvider>
            </CurrentUserProvider>
          </QueryClientProvider>
        </FetcherContext.Provider>
      </HeadContext.Provider>
    </SiteContext.Provider>
  );
}
