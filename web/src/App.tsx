import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useRoutes } from 'react-router-dom';
import { ToastProvider } from './components/toast/toast';
import type { Fetcher } from './lib/api';
import { FetcherContext } from './lib/fetcher-context';
import { type HeadCollector, HeadContext, SiteContext, type SiteInfo } from './lib/seo';
import { routes } from './routes';

function AppRoutes() {
  return useRoutes(routes);
}

export interface AppProps {
  queryClient: QueryClient;
  fetcher: Fetcher;
  site: SiteInfo;
  head?: HeadCollector;
}

/** The whole site, without a router (the server and the browser each bring theirs). */
export function App({ queryClient, fetcher, site, head }: AppProps) {
  return (
    <SiteContext.Provider value={site}>
      <HeadContext.Provider value={head ?? null}>
        <FetcherContext.Provider value={fetcher}>
          <QueryClientProvider client={queryClient}>
            <ToastProvider>
              <AppRoutes />
            </ToastProvider>
          </QueryClientProvider>
        </FetcherContext.Provider>
      </HeadContext.Provider>
    </SiteContext.Provider>
  );
}
