import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { App } from '../App';
import type { Fetcher } from '../lib/api';
import { createQueryClient } from '../lib/query-client';

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

/** Renders the whole app at a URL with a fake API, as a reader's browser would see it. */
export function renderAt(url: string, fetcher: Fetcher) {
  const queryClient = createQueryClient(fetcher);
  // The App brings its routes; MemoryRouter stands in for the browser's.
  return render(
    <MemoryRouter initialEntries={[url]}>
      <App
        queryClient={queryClient}
        fetcher={fetcher}
        site={{ siteUrl: 'http://localhost:3000', brand: 'Bloom & Balance' }}
      />
    </MemoryRouter>,
  );
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
