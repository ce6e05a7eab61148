import { hydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { App } from './App';
import { ARTICLE_COLUMN_SIZES, RELATED_ARTICLE_SIZES } from './components/ui/picture-sizes';
import { render } from './entry-server';
import { createQueryClient } from './lib/query-client';
import { tableFetcher } from './test/render';

const site = { siteUrl: 'http://localhost:3000', brand: 'Bloom & Balance' };
const lead = 'http://localhost:3000/uploads/0b7c6a52-1b3f-4c1e-9d0a-3f2e1c4b5a69-1200x800.webp';
const article = {
  id: 7,
  slug: 'café-mornings',
  title: 'Café mornings',
  excerpt: 'Slow starts.',
  description: '',
  category: 'wellness',
  tags: ['calm'],
  // An uploaded original with an editor's focal point: every page below shows it as a <picture>.
  imageUrl: `${lead}#focus=40,30`,
  author: 'Ana',
  readTime: 3,
  isExternal: false,
  url: null,
  source: null,
  publishedAt: '2026-11-01T08:00:00.000Z',
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  content: 'Body',
  contentHtml: '<p>Body of the café article</p>',
};
const fetcher = tableFetcher({
  '/api/content/caf%C3%A9-mornings': article,
  '/api/content/7': article,
  '/api/content': [article, { ...article, id: 8, slug: 'tea', title: 'Tea at four' }],
  '/api/content/7/related': [{ ...article, id: 8, slug: 'tea', title: 'Tea at four' }],
  '/api/content/counts': { all: 2, wellness: 2 },
  '/api/content/featured': [article],
  '/api/challenges': [],
  '/api/products': [
    {
      id: 3,
      name: 'Yoga mat',
      price: 20,
      categoryId: 3,
      imageUrl: null,
      rating: 4,
      affiliateUrl: 'https://example.com',
    },
  ],
  '/api/product-categories': [{ id: 3, name: 'Yoga', slug: 'yoga' }],
});

/** The page as the router renders it when it matches the URL itself (the browser's way, `useRoutes`). */
function routerRender(url: string, stateScript: string) {
  const state = JSON.parse(stateScript.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''));
  const queryClient = createQueryClient(fetcher);
  hydrate(queryClient, state.query);
  return renderToString(
    <StaticRouter location={url}>
      <App queryClient={queryClient} fetcher={fetcher} site={site} head={{ props: null, status: 200 }} />
    </StaticRouter>,
  );
}

describe('server render', () => {
  // The server matches the URL once and renders those matches; the browser hydrates what `useRoutes`
  // renders. Any difference between the two would be a hydration mismatch on that page.
  it.each([
    '/',
    '/wellness',
    '/news/wellness?q=tea',
    '/content/caf%C3%A9-mornings',
    '/article/7',
    '/shop',
    '/shop/3',
    '/contact',
    '/no/such/page',
  ])('%s renders exactly what the router renders by itself', async (url) => {
    const result = await render({ url, fetchApi: fetcher, ...site });
    expect(result.html.length).toBeGreaterThan(200);
    expect(result.html).toBe(routerRender(url, result.stateScript));
  });

  it('renders the matched page inside the layout, with its data and status', async () => {
    const found = await render({ url: '/content/caf%C3%A9-mornings', fetchApi: fetcher, ...site });
    expect(found.status).toBe(200);
    expect(found.html).toContain('Body of the café article');
    expect(found.html).toContain('Tea at four'); // related articles, fetched after the article
    expect(found.html).toContain('<footer');
    // The lead picture: its sizes, fetched first, focal point kept (issue 39).
    const picture = found.html.match(/<picture[^>]*>.*?<\/picture>/)?.[0] ?? '';
    expect(picture).toContain('<picture class="contents">');
    expect(picture).not.toContain('style=');
    expect(picture).toContain(
      `<source type="image/avif" srcSet="${lead.replace('.webp', '-320w.avif')} 320w`,
    );
    expect(picture).toContain(`sizes="${ARTICLE_COLUMN_SIZES}"`);
    expect(picture.toLowerCase()).toContain('fetchpriority="high"');
    expect(picture).toContain('loading="eager"');
    expect(picture).toContain(`src="${lead}"`);
    expect(picture).toContain('width="1200" height="800"');
    expect(picture).toContain('focal fx-40 fy-30');
    // The related card below it: lazy, in the sizes of the two-column grid.
    expect(found.html).toContain(`sizes="${RELATED_ARTICLE_SIZES}"`);
    expect(found.html).toContain('loading="lazy"');
    const missing = await render({ url: '/no/such/page', fetchApi: fetcher, ...site });
    expect(missing.status).toBe(404);
  });

  it('/news?pages=3 renders the three pages Load More had shown, each fetched from the cursor of the one before (issue 43)', async () => {
    const card = (id: number) => ({ ...article, id, slug: `a-${id}`, title: `Card ${id}` });
    const cards = (from: number) => Array.from({ length: 20 }, (_, i) => card(from + i));
    const paged = (rows: unknown[], next: string) => () =>
      new Response(JSON.stringify(rows), { headers: { 'x-next-cursor': next } });
    const f = tableFetcher({
      '/api/content/counts': { all: 60, wellness: 60 },
      '/api/content?limit=20': paged(cards(1), 'c20'),
      '/api/content?limit=20&cursor=c20': paged(cards(21), 'c40'),
      '/api/content?limit=20&cursor=c40': paged(cards(41), 'c60'),
    });
    const result = await render({ url: '/news?pages=3', fetchApi: f, ...site });
    expect(result.html).toContain('Card 60');
    expect(result.html).toContain('Load More Articles');
    expect(f.calls.filter((c) => c.startsWith('GET /api/content?'))).toEqual([
      'GET /api/content?limit=20',
      'GET /api/content?limit=20&cursor=c20',
      'GET /api/content?limit=20&cursor=c40',
    ]);
    // The browser hydrates the same cards from the state, each page with its next cursor.
    const state = JSON.parse(result.stateScript.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''));
    const pages = state.query.queries.filter(
      (q: { queryKey: unknown[] }) => q.queryKey[0] === '/api/content',
    );
    expect(pages.map((q: { state: { data: { next: string } } }) => q.state.data.next)).toEqual([
      'c20',
      'c40',
      'c60',
    ]);
  });
});
