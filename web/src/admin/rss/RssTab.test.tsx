import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RssSource } from '@site/shared';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../components/toast/toast';
import type { Fetcher } from '../../lib/api';
import { createQueryClient } from '../../lib/query-client';
import { tableFetcher } from '../../test/render';
import { PlatformContext, webPlatform } from '../platform';
import { adminKeys } from '../query-keys';
import { RssTab } from './RssTab';
import type { RssRun, RssStatus } from './types';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const source = (over: Partial<RssSource> = {}): RssSource => ({
  id: 1,
  name: 'BBC News',
  url: 'https://feeds.bbci.co.uk/news/rss.xml',
  category: 'community',
  enabled: true,
  makeRecipes: over.name === 'Wrestling Inc',
  includeKeywords: [],
  excludeKeywords: [],
  createdAt: minutesAgo(600),
  updatedAt: minutesAgo(600),
  lastRunAt: null,
  lastFetched: null,
  lastCreated: null,
  lastProblem: null,
  lastError: null,
  lastWarnings: [],
  ...over,
});

const status = (over: Partial<RssStatus> = {}): RssStatus => ({
  schedule: {
    cron: '0 */6 * * *',
    description: 'On the hour, every 6 hours (UTC)',
    nextRunAt: '2026-01-10T12:00:00.000Z',
  },
  running: false,
  sources: [
    ['BBC News', 'https://feeds.bbci.co.uk/news/rss.xml', 'community'],
    ['BBC World News', 'https://feeds.bbci.co.uk/news/world/rss.xml', 'community'],
    ['BBC Technology', 'https://feeds.bbci.co.uk/news/technology/rss.xml', 'career'],
    ['BBC Business', 'https://feeds.bbci.co.uk/news/business/rss.xml', 'career'],
    ['BBC Sport', 'https://feeds.bbci.co.uk/sport/rss.xml', 'sports'],
    ['ESPN', 'https://www.espn.com/espn/rss/news', 'sports'],
    ['Wrestling Inc', 'https://www.wrestlinginc.com/feed/', 'sports'],
  ].map(([name, url, category], i) => source({ id: i + 1, name, url, category: category as 'sports' })),
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
      feedsTotal: 2,
      articlesCreated: 4,
      recipesCreated: 0,
      ai: null,
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
    expect(screen.getByTestId('schedule').textContent).toMatch(
      /^Automated RSS processing runs on the hour, every 6 hours \(UTC\)/,
    );
    // en-GB, London time (it was US format: "1/10/2026, 12:00:00 PM").
    expect(screen.getByTestId('next-run').textContent).toBe('Next scheduled run: 10 Jan 2026, 12:00 GMT');
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
    expect(screen.getAllByText('WWE recipes')).toHaveLength(1);
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
    const toast = (await screen.findByText('RSS processing started')).closest(
      '[role="status"]',
    ) as HTMLElement;
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

  it('says when scheduled runs are off, and never claims "every 6 hours" then', async () => {
    renderTab(
      tableFetcher({
        '/api/admin/rss/status': status({ schedule: { cron: 'off', description: null, nextRunAt: null } }),
      }),
    );
    expect((await screen.findByTestId('schedule')).textContent).toBe(
      'Scheduled runs are off: RSS processing runs only when started here.',
    );
    expect(screen.queryByTestId('next-run')).toBeNull();
    expect(screen.queryByText(/every 6 hours/)).toBeNull();
  });

  it('says the schedule RSS_CRON sets, not the spec default', async () => {
    renderTab(
      tableFetcher({
        '/api/admin/rss/status': status({
          schedule: {
            cron: '30 4 * * *',
            description: 'At 04:30 (UTC)',
            nextRunAt: '2026-01-11T04:30:00.000Z',
          },
        }),
      }),
    );
    expect((await screen.findByTestId('schedule')).textContent).toMatch(
      /^Automated RSS processing runs at 04:30 \(UTC\) and/,
    );
    expect(screen.queryByText(/every 6 hours/)).toBeNull();
  });

  it('follows a started run to its end: a run where every feed failed reads as a failure, in plain words', async () => {
    const feed = (name: string, error: string | null, problem: string | null) => ({
      sourceId: 1,
      name,
      url: `https://${name.toLowerCase().replace(/\s/g, '')}.example/rss`,
      fetched: 0,
      created: 0,
      duplicates: 0,
      recipes: 0,
      error,
      problem,
    });
    const running: RssRun = {
      id: 10,
      trigger: 'manual',
      status: 'running',
      startedAt: minutesAgo(0),
      finishedAt: null,
      feeds: [
        feed('BBC News', 'getaddrinfo ENOTFOUND feeds.bbci.co.uk', "Could not reach the feed's server"),
      ],
      feedsTotal: 3,
      articlesCreated: 0,
      recipesCreated: 0,
      ai: null,
      error: null,
    };
    const failed: RssRun = {
      ...running,
      status: 'failed',
      finishedAt: minutesAgo(0),
      feeds: [
        ...running.feeds,
        feed('ESPN', 'Timed out after 15000 ms', 'Timed out after 15 s'),
        feed('Wrestling Inc', 'HTTP 404', 'The server answered 404'),
      ],
    };
    let phase: 'before' | 'running' | 'done' = 'before';
    const fetcher = tableFetcher({
      '/api/admin/rss/status': () => {
        const runs = phase === 'before' ? [] : [phase === 'running' ? running : failed];
        if (phase === 'running') phase = 'done';
        return json(status({ runs, running: runs[0]?.status === 'running' }));
      },
      '/api/admin/rss/process': () => {
        phase = 'running';
        return json({ message: 'RSS processing started', runId: 10 }, 202);
      },
    });
    renderTab(fetcher);
    fireEvent.click(await screen.findByRole('button', { name: 'Process RSS Feeds Now' }));
    // The spec's toast for the start...
    expect(await screen.findByText('RSS processing started')).toBeTruthy();
    // ...then the run on screen while it goes, feed by feed.
    const panel = await screen.findByRole('region', { name: 'Current RSS run' });
    expect(await within(panel).findByText(/Processing RSS feeds\.\.\. 1 of 3 feeds done\./)).toBeTruthy();
    expect(within(panel).getByText("Could not reach the feed's server")).toBeTruthy();
    // ...and its end: a failure, never a success.
    const outcome = await within(panel).findByText(
      'RSS processing failed: none of the 3 feeds could be imported.',
      {},
      { timeout: 6000 },
    );
    expect(outcome.getAttribute('role')).toBe('alert');
    expect(within(panel).getByText('Timed out after 15 s')).toBeTruthy();
    expect(within(panel).getByText('The server answered 404')).toBeTruthy();
    // The raw error is there on demand.
    const details = within(panel).getByText('HTTP 404').closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(within(details).getByText('Details')).toBeTruthy();
    // Nothing green after a failed run, and the toast follows the run: "started" becomes "failed".
    expect(screen.queryByText('RSS processing finished', { exact: false })).toBeNull();
    expect(within(panel).queryByText(/success/i)).toBeNull();
    const toast = (await screen.findByText('RSS processing failed')).closest('[data-variant]') as HTMLElement;
    expect(toast.getAttribute('data-variant')).toBe('destructive');
    expect(
      within(toast).getByText('RSS processing failed: none of the 3 feeds could be imported.'),
    ).toBeTruthy();
    expect(screen.queryByText('RSS processing started')).toBeNull();
  }, 10_000);

  it('a partly failed run says how many feeds failed; a clean run says what it made', async () => {
    const base: RssRun = {
      id: 11,
      trigger: 'manual',
      status: 'partial',
      startedAt: minutesAgo(0),
      finishedAt: minutesAgo(0),
      feedsTotal: 2,
      feeds: [
        {
          name: 'A',
          url: 'https://a.example/',
          fetched: 5,
          created: 5,
          duplicates: 0,
          recipes: 0,
          error: null,
        },
        {
          name: 'B',
          url: 'https://b.example/',
          fetched: 0,
          created: 0,
          duplicates: 0,
          recipes: 0,
          error: 'Not a valid RSS or Atom feed: Unexpected close tag',
          problem: 'Not a feed',
        },
      ],
      articlesCreated: 5,
      recipesCreated: 0,
      ai: null,
      error: null,
    };
    const cases: Array<[RssRun, string, string, string]> = [
      [
        base,
        'RSS processing finished with errors: 1 of 2 feeds failed. 5 new articles, 0 recipes.',
        'RSS processing partly failed',
        'destructive',
      ],
      [
        { ...base, id: 12, status: 'succeeded', feeds: [base.feeds[0]!] },
        'RSS processing finished: 5 new articles, 0 recipes.',
        'RSS processing finished',
        'default',
      ],
    ];
    for (const [run, text, toastTitle, variant] of cases) {
      const view = renderTab(
        tableFetcher({
          '/api/admin/rss/status': status({ runs: [run] }),
          '/api/admin/rss/process': () => json({ message: 'RSS processing started', runId: run.id }, 202),
        }),
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Process RSS Feeds Now' }));
      const panel = await screen.findByRole('region', { name: 'Current RSS run' });
      expect((await within(panel).findByText(text)).getAttribute('role')).toBe(
        run.status === 'succeeded' ? 'status' : 'alert',
      );
      // The toast says how the run ended, in the same words.
      const toast = (await screen.findByText(toastTitle)).closest('[data-variant]') as HTMLElement;
      expect(toast.getAttribute('data-variant')).toBe(variant);
      expect(within(toast).getByText(text)).toBeTruthy();
      view.unmount();
    }
  });

  it('a run where the AI failed and a feed was repaired reads "succeeded with warnings", says why, and toasts it', async () => {
    const run: RssRun = {
      id: 13,
      trigger: 'manual',
      status: 'warnings',
      startedAt: minutesAgo(0),
      finishedAt: minutesAgo(0),
      feedsTotal: 1,
      feeds: [
        {
          name: 'Harbour News',
          url: 'https://harbour.example/rss',
          fetched: 6,
          created: 6,
          duplicates: 0,
          recipes: 6,
          error: null,
          warnings: ['1 undefined entity: &doesnotexist; in item 3 (kept as text)'],
        },
      ],
      articlesCreated: 6,
      recipesCreated: 6,
      ai: {
        writer: 'ai',
        aiRecipes: 0,
        builtInRecipes: 6,
        failure: '429 rate limited (retry after 7 s)',
        requestId: 'req_abc123',
      },
      error: null,
    };
    renderTab(
      tableFetcher({
        '/api/admin/rss/status': status({ runs: [run] }),
        '/api/admin/rss/process': () => json({ message: 'RSS processing started', runId: 13 }, 202),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Process RSS Feeds Now' }));
    const panel = await screen.findByRole('region', { name: 'Current RSS run' });
    const outcome = await within(panel).findByText(
      'RSS processing succeeded with warnings (the AI failed and 1 feed had problems): 6 new articles, 6 recipes.',
    );
    expect(outcome.getAttribute('role')).toBe('alert');
    expect(
      within(panel).getByText('AI: 429 rate limited (retry after 7 s), 6 recipes by the built-in writer'),
    ).toBeTruthy();
    expect(within(panel).getByText('(request req_abc123)')).toBeTruthy();
    expect(within(panel).getByText('Read, with warnings')).toBeTruthy();
    expect(
      within(panel).getByText('1 undefined entity: &doesnotexist; in item 3 (kept as text)'),
    ).toBeTruthy();
    const toast = (await screen.findByText('RSS processing succeeded with warnings')).closest(
      '[data-variant]',
    ) as HTMLElement;
    expect(toast.textContent).toContain(
      'AI: 429 rate limited (retry after 7 s), 6 recipes by the built-in writer.',
    );
    // The history labels it the same way.
    expect(screen.getByText('Succeeded with warnings')).toBeTruthy();
  });

  it('lists each source with its last result; a failed one in plain words with the raw detail on demand', async () => {
    const sources = [
      source({
        id: 1,
        name: 'Good',
        url: 'https://good.example/rss',
        lastRunAt: '2026-01-10T09:00:00.000Z',
        lastFetched: 20,
        lastCreated: 3,
      }),
      source({
        id: 2,
        name: 'Broken',
        url: 'https://broken.example/rss',
        enabled: false,
        lastRunAt: '2026-07-10T09:00:00.000Z',
        lastFetched: 0,
        lastCreated: 0,
        lastError: 'getaddrinfo ENOTFOUND broken.example',
        lastProblem: "Could not reach the feed's server",
      }),
      source({ id: 3, name: 'New', url: 'https://new.example/rss', includeKeywords: ['yoga'] }),
    ];
    renderTab(tableFetcher({ '/api/admin/rss/status': status({ sources }) }));
    const good = await screen.findByRole('listitem', { name: 'Good' });
    // en-GB, Europe/London (GMT in January, BST in July).
    expect(within(good).getByText('Last run 10 Jan 2026, 09:00 GMT · 3 new of 20 fetched')).toBeTruthy();
    const broken = screen.getByRole('listitem', { name: 'Broken' });
    expect(within(broken).getByText('Last run 10 Jul 2026, 10:00 BST')).toBeTruthy();
    expect(within(broken).getByText("Could not reach the feed's server")).toBeTruthy();
    expect(within(broken).getByText('getaddrinfo ENOTFOUND broken.example').closest('details')).toBeTruthy();
    expect(within(broken).getByText('Off')).toBeTruthy();
    expect(within(broken).getByRole('switch', { name: 'Import Broken' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(within(screen.getByRole('listitem', { name: 'New' })).getByText('Not imported yet.')).toBeTruthy();
    expect(screen.getByText('Only: yoga')).toBeTruthy();
    expect(screen.getByText('Active RSS Sources (2)')).toBeTruthy();
  });

  it('adds a source: the shared schema refuses a non-http URL before anything is sent, then POSTs', async () => {
    let posted: unknown;
    const fetcher = tableFetcher({
      '/api/admin/rss/status': status(),
      '/api/admin/rss/sources': (init?: RequestInit) => {
        posted = JSON.parse(String(init?.body));
        return json(source({ id: 99, name: 'Yoga Journal' }), 201);
      },
    });
    renderTab(fetcher);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Source' }));
    const form = screen.getByRole('form', { name: 'Add RSS source' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Yoga Journal' } });
    fireEvent.change(within(form).getByLabelText('Feed URL'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Source' }));
    expect(await within(form).findByText('Must be an http(s) URL')).toBeTruthy();
    expect(fetcher.calls).not.toContain('POST /api/admin/rss/sources');

    fireEvent.change(within(form).getByLabelText('Feed URL'), {
      target: { value: 'https://yoga.example/feed' },
    });
    fireEvent.change(within(form).getByLabelText('Category'), { target: { value: 'wellness' } });
    fireEvent.change(within(form).getByLabelText(/^Skip items mentioning/), {
      target: { value: 'sponsored, ad ' },
    });
    fireEvent.click(within(form).getByLabelText(/Make themed recipes/));
    fireEvent.click(within(form).getByRole('button', { name: 'Add Source' }));
    expect(await screen.findByText('"Yoga Journal" added')).toBeTruthy();
    expect(posted).toEqual({
      name: 'Yoga Journal',
      url: 'https://yoga.example/feed',
      category: 'wellness',
      enabled: true,
      makeRecipes: true,
      includeKeywords: [],
      excludeKeywords: ['sponsored', 'ad'],
    });
    expect(screen.queryByRole('form', { name: 'Add RSS source' })).toBeNull();
  });

  it('a duplicate URL shows the API message and keeps the form open', async () => {
    renderTab(
      tableFetcher({
        '/api/admin/rss/status': status(),
        '/api/admin/rss/sources': () => json({ message: 'A source with this URL already exists.' }, 409),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add Source' }));
    const form = screen.getByRole('form', { name: 'Add RSS source' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'BBC again' } });
    fireEvent.change(within(form).getByLabelText('Feed URL'), {
      target: { value: 'https://feeds.bbci.co.uk/news/rss.xml' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Source' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('A source with this URL already exists.');
    expect(screen.getByRole('form', { name: 'Add RSS source' })).toBeTruthy();
  });

  it('edits, switches off and deletes (after confirming) a source through the API', async () => {
    const bodies: Record<string, unknown> = {};
    const fetcher = tableFetcher({
      '/api/admin/rss/status': status(),
      '/api/admin/rss/sources/7': (init?: RequestInit) => {
        if (init?.method === 'DELETE') return new Response(null, { status: 204 });
        bodies[String(Object.keys(bodies).length)] = JSON.parse(String(init?.body));
        return json(source({ id: 7, name: 'Wrestling Inc' }));
      },
    });
    renderTab(fetcher);
    const row = await screen.findByRole('listitem', { name: 'Wrestling Inc' });
    fireEvent.click(within(row).getByRole('button', { name: 'Edit Wrestling Inc' }));
    const form = screen.getByRole('form', { name: 'Edit Wrestling Inc' });
    expect((within(form).getByLabelText(/Make themed recipes/) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(form).getByLabelText(/^Only items mentioning/), { target: { value: 'WWE' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Source' }));
    expect(await screen.findByText('"Wrestling Inc" saved')).toBeTruthy();
    expect(bodies['0']).toMatchObject({ name: 'Wrestling Inc', makeRecipes: true, includeKeywords: ['WWE'] });

    fireEvent.click(within(row).getByRole('switch', { name: 'Import Wrestling Inc' }));
    await waitFor(() => expect(bodies['1']).toMatchObject({ enabled: false, name: 'Wrestling Inc' }));

    fireEvent.click(within(row).getByRole('button', { name: 'Delete Wrestling Inc' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete source?' });
    expect(confirm.textContent).toContain('Articles already imported from it stay on the site.');
    expect(fetcher.calls).not.toContain('DELETE /api/admin/rss/sources/7');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('"Wrestling Inc" deleted. Its articles stay.')).toBeTruthy();
    expect(fetcher.calls).toContain('DELETE /api/admin/rss/sources/7');
  });

  it('tests a source: the feed title and first items, or why it cannot be imported', async () => {
    let answer: unknown = {
      ok: true,
      title: 'BBC News',
      items: [1, 2, 3, 4, 5].map((i) => ({
        title: `Story ${i}`,
        url: `https://bbc.example/${i}`,
        publishedAt: '2026-01-10T09:00:00.000Z',
        imageUrl: null,
      })),
      skipped: [],
      counts: { total: 5, importable: 5, skipped: 0 },
      warnings: [],
      problem: null,
      error: null,
    };
    const fetcher = tableFetcher({
      '/api/admin/rss/status': status(),
      '/api/admin/rss/sources/test': () => json(answer),
    });
    renderTab(fetcher);
    const row = await screen.findByRole('listitem', { name: 'BBC News' });
    fireEvent.click(within(row).getByRole('button', { name: 'Test BBC News' }));
    const result = await within(row).findByRole('region', { name: 'Feed test result' });
    expect(within(result).getByText('Feed works: BBC News (5 items shown)')).toBeTruthy();
    expect(within(result).getAllByRole('listitem')).toHaveLength(5);

    answer = {
      ok: false,
      title: null,
      items: [],
      skipped: [],
      counts: { total: 0, importable: 0, skipped: 0 },
      warnings: [],
      problem: 'Not a feed',
      error: 'Not a valid RSS or Atom feed: x',
    };
    fireEvent.click(within(row).getByRole('button', { name: 'Test BBC News' }));
    expect(await within(row).findByText('This feed cannot be imported.')).toBeTruthy();
    expect(within(row).getByText('Not a feed')).toBeTruthy();
    expect(within(row).getByText('Not a valid RSS or Atom feed: x').closest('details')).toBeTruthy();
  });
});

describe('RSS Feeds tab: testing a source (issue 28)', () => {
  const ok = (over: Record<string, unknown> = {}) => ({
    ok: true,
    title: 'Turnbuckle Times',
    items: [{ title: 'Tag team reunites', url: 'https://t.example/1', publishedAt: null, imageUrl: null }],
    skipped: [
      {
        title: 'Rookie signs',
        url: 'https://t.example/2',
        publishedAt: '2026-01-09T20:00:00.000Z',
        imageUrl: null,
        reason: 'mentions none of: tour',
      },
    ],
    counts: { total: 2, importable: 1, skipped: 1 },
    warnings: ['2 unescaped "&" characters in item 2, read as text'],
    problem: null,
    error: null,
    ...over,
  });

  it("sends the source's keywords and shows what a run would import and skip, the warnings, and 'date unknown'", async () => {
    const sent: unknown[] = [];
    const fetcher = tableFetcher({
      '/api/admin/rss/status': status({
        sources: [source({ id: 4, name: 'Ring', url: 'https://t.example/rss', includeKeywords: ['tour'] })],
      }),
      '/api/admin/rss/sources/test': (init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return json(ok());
      },
    });
    renderTab(fetcher);
    const row = await screen.findByRole('listitem', { name: 'Ring' });
    fireEvent.click(within(row).getByRole('button', { name: 'Test Ring' }));
    const result = await within(row).findByRole('region', { name: 'Feed test result' });
    expect(sent).toEqual([{ url: 'https://t.example/rss', includeKeywords: ['tour'], excludeKeywords: [] }]);
    expect(
      within(result).getByText('A run would import 1 of 2 items and skip 1 by the keywords.'),
    ).toBeTruthy();
    expect(within(result).getByText('2 unescaped "&" characters in item 2, read as text')).toBeTruthy();
    expect(within(result).getByText(/Tag team reunites/).textContent).toContain('date unknown');
    const skipped = within(result).getByRole('list', { name: 'Skipped items' });
    expect(skipped.textContent).toContain('Rookie signs');
    expect(skipped.textContent).toContain('mentions none of: tour');
  });

  it("a refused test clears the previous URL's result instead of leaving it on screen", async () => {
    let refuse = false;
    const fetcher = tableFetcher({
      '/api/admin/rss/status': status(),
      '/api/admin/rss/sources/test': () =>
        refuse ? json({ message: 'url: Must be an http(s) URL' }, 400) : json(ok()),
    });
    renderTab(fetcher);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Source' }));
    const form = await screen.findByRole('form', { name: 'Add RSS source' });
    fireEvent.change(within(form).getByLabelText('Feed URL'), { target: { value: 'https://t.example/rss' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Test Feed' }));
    expect(await screen.findByText('Feed works: Turnbuckle Times (1 item shown)')).toBeTruthy();
    refuse = true;
    fireEvent.change(within(form).getByLabelText('Feed URL'), { target: { value: 'ftp://other.example/' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Test Feed' }));
    expect((await screen.findByRole('alert')).textContent).toContain('url: Must be an http(s) URL');
    expect(screen.queryByRole('region', { name: 'Feed test result' })).toBeNull();
    expect(screen.queryByText('Feed works: Turnbuckle Times (1 item shown)')).toBeNull();
  });
});
