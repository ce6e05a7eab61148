import './styles.css';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { browserFetcher } from './lib/api';
import { holdEarlyInput, replayEarlyInput } from './lib/early-input';
import { createQueryClient } from './lib/query-client';
import type { SiteInfo } from './lib/seo';
import { readSsrState } from './lib/ssr-state';
import { routePages } from './routes';

const ssr = readSsrState<{ site: SiteInfo; query: DehydratedState }>();
const queryClient = createQueryClient(browserFetcher);
if (ssr) hydrate(queryClient, ssr.query);
const site = ssr?.site ?? { siteUrl: window.location.origin, brand: 'Bloom & Balance' };

const app = (
  <StrictMode>
    <BrowserRouter>
      <App queryClient={queryClient} fetcher={browserFetcher} site={site} />
    </BrowserRouter>
  </StrictMode>
);
const root = document.getElementById('root')!;
// Server-rendered: hydrate, once this URL's page module is here (a page still loading would be
// hydrated as its Suspense fallback). Vite dev server (no SSR): render from scratch.
if (ssr) {
  // A form sent before the page can take it waits for hydration (lib/early-input.ts).
  holdEarlyInput(document);
  // A page chunk that fails to load (a deploy replaced it) still hydrates the rest: React keeps the
  // server's HTML for the page itself.
  const start = () => {
    hydrateRoot(root, app);
    // Held presses go once the page has hydrated (Layout); if it never does (its chunk failed),
    // the header and footer still answer after a few seconds rather than never.
    setTimeout(() => replayEarlyInput(root), 8000);
  };
  void Promise.all(routePages(window.location.pathname).map((page) => page.preload())).then(start, start);
} else createRoot(root).render(app);
