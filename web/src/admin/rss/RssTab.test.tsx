import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../components/toast/toast';
import type { Fetcher } from '../../lib/api';
import { createQueryClient } from '../../lib/query-client';
import { tableFetcher } from '../../test/render';
import { PlatformContext, webPlatform } from '../platform';
import { adminKeys } from '../query-keys';
import { RssTab } from './RssTab';
import type { RssStatus } from './types';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const status = (over: Partial<RssStatus> = {}): RssStatus => ({
  schedule: { cron: '0 */6 * * *', nextRunAt: '2026-01-10T12:00:00.000Z' },
  running: false,
  sources: [
    {
      name: 'BBC News',
      url: 'https://feeds.bbci.co.uk/news/rss.xml',
      category: 'community',
      themedRecipes: false,
    },
    {
      name: 'BBC World News',
      url: 'https://feeds.bbci.co.uk/news/world/rss.xml',
      category: 'community',
      themedRecipes: false,
    },
    {
      name: 'BBC Technology',
      url: 'https://feeds.bbci.co.uk/news/technology/rss.xml',
      category: 'career',
      themedRecipes: false,
    },
    {
      name: 'BBC Business',
      url: 'https://feeds.bbci.co.uk/news/business/rss.xml',
      category: 'career',
      themedRecipes: false,
    },
    {
      name: 'BBC Sport',
      url: 'https://feeds.bbci.co.uk/sport/rss.xml',
      category: 'sports',
      themedRecipes: false,
    },
    { name: 'ESPN', url: 'https://www.espn.com/espn/rss/news', category: 'sports', themedRecipes: false },
    {
      name: 'Wrestling Inc',
      url: 'https://www.wrestlinginc.com/feed/',
      category: 'sports',
      themedRecipes: true,
    },
  ],
  sourcesError: null,
  stats: { totalArticles: 42, wweRecipes: 3, sportsArticles: 17 },
  recentArticles: [1, 2, 3, 4, 5].map((i) => ({
    id: i,
    slug: `a-${i}`,
    title: `Article ${i}`,
    category: i === 1 ? 'sports' : 'wellness',
    source: 'BBC Sport',
    isExternal: true,
    createdAt: minutesAgo(i * 60),
  })),
  recentRecipes: [1, 2, 3].map((i) => ({ id: i, title: `WWE Recipe ${i}`, createdAt: minutesAgo(i * 1440) })),
  runs: [
    {
      id: 9,
      trigger: 'schedule',
      status: 'partial',
      startedAt: minutesAgo(120),
      finishedAt: minutesAgo(119),
      feeds: [
        {
          name: 'BBC Sport',
          url: 'https://feeds.bbci.co.uk/sport/rss.xml',
          fetched: 20,
          created: 4,
          duplicates: 16,
          recipes: 0,
          error: null,
        },
        {
          name: 'ESPN',
          url: 'https://www.espn.com/espn/rss/news',
          fetched: 0,
          created: 0,
          duplicates: 0,
          recipes: 0,
          error: 'Timed out after 15000 ms',
        },
      ],
      articlesCreated: 4,
      recipesCreated: 0,
      error: null,
    },
  ],
  ...over,
});

function renderTab(fetcher: Fetcher) {
  const queryClient = createQueryClient(fetcher);
  const view = render(
    <PlatformContext.Provider value={{ ...webPlatform, fetcher }}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RssTab />
        </ToastProvider>
      </QueryClientProvider>
    </PlatformContext.Provider>,
  );
  return { ...view, queryClient };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('RSS Feeds tab', () => {
  it('shows the 6-hour schedule, the 7 active sources, the three statistic cards and recent activities', async () => {
    renderTab(tableFetcher({ '/api/admin/rss/status': status() }));
    expect(await screen.findByText('Total Articles')).toBeTruthy();
    expect(screen.getByText(/Automated RSS processing runs every 6 hours/)).toBeTruthy();
    expect(screen.getByTestId('next-run').textContent).toMatch(/Next scheduled run/);
    expect(screen.getByText('Active RSS Sources (7)')).toBeTruthy();
    for (const [label, value] of [
      ['Total Articles', '42'],
      ['WWE Recipes Generated', '3'],
      ['Sports Articles', '17'],
    ] as const) {
      expect(screen.getByText(label).nextElementSibling?.textContent).toBe(value);
    }
    expect(screen.getByText('Article 1').nextElementSibling?.textContent).toMatch(/^Sports · 1 hour ago/);
    expect(screen.getAllByText(/^Article \d$/)).toHaveLength(5);
    expect(screen.getAllByText(/^WWE Recipe \d$/)).toHaveLength(3);
    // Beyond the spec: the last runs with each feed's result.
    expect(screen.getByText('Partly failed')).toBeTruthy();
    expect(screen.getByText('Timed out after 15000 ms')).toBeTruthy();
  });

  it('"Process RSS Feeds Now" posts, toasts "Success" / "RSS processing started" and refetches', async () => {
    const fetcher = tableFetcher({
      '/api/admin/rss/status': status(),
      '/api/admin/rss/process': () => json({ message: 'RSS processing started', runId: 10 }, 202),
    });
    const { queryClient } = renderTab(fetcher);
    // The key the Articles tab really reads (it once invalidated '/api/articles', which nothing read).
    const articlesList = adminKeys.articles.list({ limit: 50 });
    queryClient.setQueryData(articlesList, []);
    fireEvent.click(await screen.findByRole('button', { name: 'Process RSS Feeds Now' }));
    const toast = await screen.findByRole('status');
    expect(within(toast).getByText('Success')).toBeTruthy();
    expect(within(toast).getByText('RSS processing started')).toBeTruthy();
    expect(fetcher.calls).toContain('POST /api/admin/rss/process');
    await waitFor(() =>
      expect(fetcher.calls.filter((c) => c === 'GET /api/admin/rss/status')).toHaveLength(2),
    );
    expect(queryClient.getQueryState(articlesList)?.isInvalidated).toBe(true);
  });

  it('a failed start toasts "Error" / "Failed to start RSS processing" (destructive)', async () => {
    renderTab(
      tableFetcher({
        '/api/admin/rss/status': status(),
        '/api/admin/rss/process': () => json({ message: 'RSS processing is already running.' }, 409),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Process RSS Feeds Now' }));
    const toast = await screen.findByRole('alert');
    expect(toast.getAttribute('data-variant')).toBe('destructive');
    expect(within(toast).getByText('Error')).toBeTruthy();
    expect(within(toast).getByText('Failed to start RSS processing')).toBeTruthy();
  });

  it('while a run is in progress the button says "Processing..." and is disabled', async () => {
    renderTab(tableFetcher({ '/api/admin/rss/status': status({ running: true }) }));
    const button = await screen.findByRole('button', { name: 'Processing...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the schedule is switched off', async () => {
    renderTab(
      tableFetcher({ '/api/admin/rss/status': status({ schedule: { cron: 'off', nextRunAt: null } }) }),
    );
    expect((await screen.findByTestId('next-run')).textContent).toBe(
      'Scheduled processing is switched off on this server.',
    );
  });
});
