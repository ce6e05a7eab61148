import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import {
  MemoryRouter,
  type NavigateFunction,
  Route,
  Routes,
  useLocation,
  useNavigate,
} from 'react-router-dom';
import { App } from '../App';
import type { Fetcher } from '../lib/api';
import { createQueryClient } from '../lib/query-client';
import { preloadLazyPages } from '../routes';

// Pages are lazy chunks (routes.tsx); the browser loads its page before hydrating, the tests before rendering.
await preloadLazyPages();

/** A fetcher answering from a table of path → JSON body (or a function for status and body). */
export function tableFetcher(table: Record<string, unknown | ((init?: RequestInit) => Response)>): Fetcher & {
  calls: string[];
} {
  const calls: string[] = [];
  const f = (async (path: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    const entry = table[path] ?? table[path.split('?')[0]!];
    if (entry === undefined) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    if (typeof entry === 'function') return (entry as (init?: RequestInit) => Response)(init);
    return new Response(JSON.stringify(entry), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as Fetcher & { calls: string[] };
  f.calls = calls;
  return f;
}

/** The router as a test drives it: where it is, and Back/Forward. */
export interface TestHistory {
  location: () => string;
  navigate: NavigateFunction;
}

function HistoryProbe({ into }: { into: Partial<TestHistory> & { path?: string } }) {
  const location = useLocation();
  into.path = location.pathname + location.search;
  into.navigate = useNavigate();
  return null;
}

/** Renders the whole app at a URL with a fake API, as a reader's browser would see it. */
export function renderAt(url: string, fetcher: Fetcher) {
  const queryClient = createQueryClient(fetcher);
  const probe: Partial<TestHistory> & { path?: string } = {};
  // The App brings its routes; MemoryRouter stands in for the browser's.
  const utils = render(
    <MemoryRouter initialEntries={[url]}>
      <App
        queryClient={queryClient}
        fetcher={fetcher}
        site={{ siteUrl: 'http://localhost:3000', brand: 'Bloom & Balance' }}
      />
      <HistoryProbe into={probe} />
    </MemoryRouter>,
  );
  const history: TestHistory = {
    location: () => probe.path ?? '',
    navigate: ((to: never, opts?: never) => probe.navigate?.(to, opts)) as NavigateFunction,
  };
  return { ...utils, history };
}

export function renderWithRouter(ui: ReactElement, url = '/', options?: RenderOptions) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="*" element={ui} />
      </Routes>
    </MemoryRouter>,
    options,
  );
}
