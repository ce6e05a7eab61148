import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_GRID_SIZES } from '../../components/ui/picture-sizes';
import { eager, lazy, shown, uploadUrl } from '../../test/pictures';
import { renderAt, tableFetcher } from '../../test/render';

const art = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  slug: `a-${id}`,
  title: `Article ${id}`,
  excerpt: 'x',
  category: 'wellness',
  imageUrl: null,
  tags: ['one', 'two', 'three', 'four'],
  readTime: 3,
  publishedAt: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  author: null,
  description: null,
  source: null,
  url: null,
  isExternal: false,
  ...extra,
});
const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => art(from + i));
const counts = { all: 25, wellness: 9, style: 4, nutrition: 3, career: 3, home: 3, community: 3 };
const json = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200 });
const never = () => new Promise<Response>(() => undefined) as unknown as Response;
/** A list page as the API sends it: the array, and the next page's cursor when there may be more. */
const paged = (body: unknown[], next?: string) => () =>
  new Response(JSON.stringify(body), { status: 200, headers: next ? { 'x-next-cursor': next } : {} });

describe('News list (spec §2)', () => {
  it('title Latest News, search box, filter buttons All…Community with counts, tags 3 per card', async () => {
    renderAt('/news', tableFetcher({ '/api/content': json(page(1, 5)), '/api/content/counts': counts }));
    expect(screen.getByRole('heading', { level: 1, name: 'Latest News' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Search articles...')).toBeTruthy();
    const filters = screen.getByRole('navigation', { name: 'Filter by category' });
    await within(filters).findByText('(25)');
    const labels = within(filters)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual([
      'All(25)',
      'Wellness(9)',
      'Style(4)',
      'Nutrition(3)',
      'Career(3)',
      'Home(3)',
      'Community(3)',
    ]);
    await screen.findByText('Article 1');
    expect(screen.queryByText('four')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load More Articles' })).toBeNull(); // fewer than 20
  });

  it('cards are offered in the sizes of the grid; the first card is fetched first, the rest lazily (issue 39)', async () => {
    const items = page(1, 5).map((a) => ({ ...a, imageUrl: uploadUrl(a.id) }));
    renderAt('/wellness', tableFetcher({ '/api/content': json(items), '/api/content/counts': counts }));
    await screen.findByText('Article 5');
    const pictures = [...document.querySelectorAll('main img')].map(shown);
    expect(pictures).toEqual([
      eager(CARD_GRID_SIZES),
      lazy(CARD_GRID_SIZES),
      lazy(CARD_GRID_SIZES),
      lazy(CARD_GRID_SIZES),
      lazy(CARD_GRID_SIZES),
    ]);
  });

  it('shows six skeleton cards while loading', () => {
    renderAt('/news', tableFetcher({ '/api/content': never, '/api/content/counts': never }));
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(6);
  });

  it('empty state without search or filter: "No articles available"', async () => {
    renderAt('/news', tableFetcher({ '/api/content': [], '/api/content/counts': counts }));
    expect(await screen.findByText('No articles available')).toBeTruthy();
  });

  it('a category page titles itself with the category name; empty gives "No articles found"', async () => {
    const f = tableFetcher({ '/api/content': [], '/api/content/counts': counts });
    renderAt('/wellness', f);
    expect(screen.getByRole('heading', { level: 1, name: 'Wellness & Self-Care' })).toBeTruthy();
    expect(await screen.findByText('No articles found')).toBeTruthy();
    expect(f.calls).toContain('GET /api/content?category=wellness&limit=20');
  });

  it('Load More Articles appears at 20+ and fetches the next page from the cursor of the last one (issue 43)', async () => {
    const f = tableFetcher({
      '/api/content?limit=20': paged(page(1, 20), 'c20'),
      '/api/content?limit=20&cursor=c20': paged(page(21, 5)),
      '/api/content/counts': counts,
    });
    renderAt('/news', f);
    fireEvent.click(await screen.findByRole('button', { name: 'Load More Articles' }));
    expect(await screen.findByText('Article 25')).toBeTruthy();
    expect(screen.getByText('Article 1')).toBeTruthy();
    expect(f.calls).toContain('GET /api/content?limit=20&cursor=c20');
    expect(f.calls.some((c) => c.includes('offset='))).toBe(false);
    expect(screen.queryByRole('button', { name: 'Load More Articles' })).toBeNull(); // no next cursor
  });

  it('a full page without a next cursor is the last: no Load More', async () => {
    renderAt(
      '/news',
      tableFetcher({ '/api/content?limit=20': paged(page(1, 20)), '/api/content/counts': counts }),
    );
    await screen.findByText('Article 20');
    expect(screen.queryByRole('button', { name: 'Load More Articles' })).toBeNull();
  });

  it('searches only from 3 characters: titles "Search Results for" the term and hides Load More', async () => {
    const f = tableFetcher({
      '/api/content?limit=20': paged(page(1, 20), 'c20'),
      '/api/content/counts': counts,
      '/api/content/search?q=yog': json([art(99, { title: 'Yoga at home' })]),
      '/api/content/search?q=zzz': json([]),
    });
    renderAt('/news', f);
    await screen.findByRole('button', { name: 'Load More Articles' });
    const box = screen.getByPlaceholderText('Search articles...');
    fireEvent.change(box, { target: { value: 'yo' } });
    expect(f.calls.some((c) => c.includes('/search'))).toBe(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Latest News' })).toBeTruthy();
    fireEvent.change(box, { target: { value: 'yog' } });
    expect(await screen.findByText('Yoga at home')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Search Results for "yog"' })).toBeTruthy();
    // The browser title says it too (issue 12: it stayed "Latest News").
    expect(document.title).toMatch(/^Search Results for "yog" \| /);
    expect(screen.queryByRole('button', { name: 'Load More Articles' })).toBeNull();
    fireEvent.change(box, { target: { value: 'zzz' } });
    expect(await screen.findByText('No articles found')).toBeTruthy();
  });

  it('the filter counts add up: imported sports items get their own button, so All = the sum of the buttons', async () => {
    const withSports = { ...counts, all: 28, sports: 3 };
    renderAt('/news', tableFetcher({ '/api/content': json(page(1, 5)), '/api/content/counts': withSports }));
    const filters = screen.getByRole('navigation', { name: 'Filter by category' });
    await within(filters).findByText('(28)');
    const numbers = within(filters)
      .getAllByRole('link')
      .map((a) => Number(a.textContent?.match(/\((\d+)\)/)?.[1]));
    const [all = 0, ...rest] = numbers;
    expect(rest.reduce((a, b) => a + b, 0)).toBe(all);
    expect(within(filters).getByRole('link', { name: 'Sports (3)' }).getAttribute('href')).toBe(
      '/news/sports',
    );
  });

  it("no Sports button while there are no sports items (the spec's seven buttons)", async () => {
    renderAt(
      '/news',
      tableFetcher({ '/api/content': json(page(1, 5)), '/api/content/counts': { ...counts, sports: 0 } }),
    );
    const filters = screen.getByRole('navigation', { name: 'Filter by category' });
    await within(filters).findByText('(25)');
    expect(within(filters).getAllByRole('link')).toHaveLength(7);
  });

  it('article cards are h2 under the page h1 (no skipped heading level)', async () => {
    renderAt('/news', tableFetcher({ '/api/content': json(page(1, 2)), '/api/content/counts': counts }));
    expect((await screen.findByRole('heading', { name: 'Article 1' })).tagName).toBe('H2');
  });

  it('an unknown /news/{category} is the 404 screen', () => {
    renderAt('/news/nope', tableFetcher({}));
    expect(screen.getByText('404 Page Not Found')).toBeTruthy();
  });

  it('external items open their url in a new tab with rel="noopener noreferrer"', async () => {
    renderAt(
      '/news',
      tableFetcher({
        '/api/content?limit=20': json([
          art(7, { isExternal: true, url: 'https://news.example/x', title: 'Outside' }),
        ]),
        '/api/content/counts': counts,
      }),
    );
    const link = (await screen.findByText('Outside')).closest('a') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('https://news.example/x');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('Load More keeps the loaded pages in the URL, so Back from an article shows the same 40 cards (issue 26)', async () => {
    const f = tableFetcher({
      '/api/content?limit=20': paged(page(1, 20), 'c20'),
      '/api/content?limit=20&cursor=c20': paged(page(21, 20), 'c40'),
      '/api/content?limit=20&cursor=c40': paged(page(41, 3)),
      '/api/content/counts': counts,
      '/api/content/a-40': json({ ...art(40), content: 'Body', contentHtml: '<p>Body</p>' }),
    });
    const { history } = renderAt('/news', f);
    fireEvent.click(await screen.findByRole('button', { name: 'Load More Articles' }));
    expect(await screen.findByText('Article 40')).toBeTruthy();
    expect(history.location()).toBe('/news?pages=2');
    fireEvent.click(screen.getByText('Article 40'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Article 40' })).toBeTruthy();
    await act(async () => history.navigate(-1));
    expect(await screen.findByText('Article 40')).toBeTruthy();
    expect(
      screen.getAllByRole('heading', { level: 2 }).filter((h) => /^Article \d+$/.test(h.textContent ?? '')),
    ).toHaveLength(40);
    // Back came from the cache: the second page was fetched once.
    expect(f.calls.filter((c) => c.includes('cursor=c20'))).toHaveLength(1);
  });

  it('/news?pages=3 opens with the three pages, each asked for from the cursor of the one before; a bad count is one page', async () => {
    let releaseSecond = () => {};
    const f = tableFetcher({
      '/api/content?limit=20': paged(page(1, 20), 'c20'),
      '/api/content?limit=20&cursor=c20': () =>
        new Promise<Response>((resolve) => {
          releaseSecond = () => resolve(paged(page(21, 20), 'c40')());
        }) as unknown as Response,
      '/api/content?limit=20&cursor=c40': paged(page(41, 20), 'c60'),
      '/api/content/counts': counts,
    });
    renderAt('/news?pages=3', f);
    expect(await screen.findByText('Article 20')).toBeTruthy();
    // The third page's cursor is in the second page's answer: it is not asked for before that.
    expect(f.calls.some((c) => c.includes('cursor=c40'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Loading…' })).toBeTruthy();
    await act(async () => releaseSecond());
    expect(await screen.findByText('Article 60')).toBeTruthy();
    expect(f.calls.filter((c) => c.startsWith('GET /api/content?'))).toEqual([
      'GET /api/content?limit=20',
      'GET /api/content?limit=20&cursor=c20',
      'GET /api/content?limit=20&cursor=c40',
    ]);
    expect(screen.getByRole('button', { name: 'Load More Articles' })).toBeTruthy();
    renderAt('/news?pages=-3', f);
    expect(f.calls.filter((c) => c === 'GET /api/content?limit=20')).toHaveLength(2);
    expect(f.calls.filter((c) => c.includes('cursor=')).length).toBe(2);
  });

  it('a category page searches its own category, counts the matches on each button, and says how many (issue 26)', async () => {
    const f = tableFetcher({
      '/api/content/counts': counts,
      '/api/content/counts?q=capsule': json({
        ...counts,
        all: 3,
        wellness: 1,
        style: 2,
        nutrition: 0,
        career: 0,
        home: 0,
        community: 0,
      }),
      '/api/content/search?q=capsule&category=wellness': json([art(5, { title: 'A capsule of calm' })]),
      '/api/content/search?q=capsule': json([art(6, { title: 'Capsule wardrobe', category: 'style' })]),
    });
    renderAt('/news/wellness?q=capsule', f);
    expect(await screen.findByText('A capsule of calm')).toBeTruthy();
    expect(screen.queryByText('Capsule wardrobe')).toBeNull();
    expect(f.calls).toContain('GET /api/content/search?q=capsule&category=wellness');
    const filters = screen.getByRole('navigation', { name: 'Filter by category' });
    await within(filters).findByText('(3)');
    const wellness = within(filters).getByRole('link', { name: 'Wellness (1)' });
    expect(wellness.getAttribute('aria-current')).toBe('page');
    // The buttons keep the search: All shows every match.
    expect(within(filters).getByRole('link', { name: 'All (3)' }).getAttribute('href')).toBe(
      '/news?q=capsule',
    );
    expect(within(filters).getByRole('link', { name: 'Style (2)' }).getAttribute('href')).toBe(
      '/news/style?q=capsule',
    );
    expect(screen.getByTestId('result-count').textContent).toBe(
      '1 result for "capsule" in Wellness & Self-Care',
    );
  });
});
