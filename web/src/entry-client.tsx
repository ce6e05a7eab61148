import './styles.css';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { browserFetcher } from './lib/api';
import { createQueryClient } from './lib/query-client';
import type { SiteInfo } from './lib/seo';
import { readSsrState } from './lib/ssr-state';

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
// Server-rendered: hydrate. Vite dev server (no SSR): render from scratch.
if (ssr) hydrateRoot(root, app);
else createRoot(root).render(app);
