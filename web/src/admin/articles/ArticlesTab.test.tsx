import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminArticle, articleRead } from '../test-fixtures';
import { renderAdmin } from '../test-utils';

const article = adminArticle;
const listed = (rows: unknown[], total = rows.length) =>
  Response.json(rows, { headers: { 'x-total-count': String(total) } });

afterEach(() => vi.restoreAllMocks());

// The form and its editor are a lazy chunk: load it once up front so each test's form opens at once.
beforeAll(() => import('./ArticleEditor'), 30_000);

describe('Articles tab: search, scheduling, bulk and safe saves (issue 15)', () => {
  it('reads search and filters from the URL, sends them to the server and shows "N results"', async () => {
    const { api } = renderAdmin('/admin?q=calm&status=draft&sort=title', {
      'GET /api/admin/content': () => listed([article], 123),
    });
    await screen.findByText('123 results');
    expect(api.calls.map((c) => c.path)).toContain(
      '/api/admin/content?q=calm&status=draft&sort=title&limit=50&offset=0',
    );
    expect((screen.getByRole('searchbox', { name: 'Search articles' }) as HTMLInputElement).value).toBe(
      'calm',
    );
    expect((screen.getByLabelText('Filter by status') as HTMLSelectElement).value).toBe('draft');
  });

  it('two filter changes before the list renders again both land: "Any status" then Sports (issue 26)', async () => {
    const { location } = renderAdmin('/admin?status=draft', {
      'GET /api/admin/content': () => listed([article]),
    });
    await screen.findByText('1 result');
    // Two choices in one go, as a quick hand (or a slow render) makes them.
    act(() => {
      fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: '' } });
      fireEvent.change(screen.getByLabelText('Filter by category'), { target: { value: 'sports' } });
    });
    await waitFor(() => expect(location()).toBe('/admin?category=sports'));
    expect((screen.getByLabelText('Filter by status') as HTMLSelectElement).value).toBe('');
  });

  it('a new search lands in the URL after typing pauses', async () => {
    const { location } = renderAdmin('/admin', { 'GET /api/admin/content': () => listed([article]) });
    await screen.findByText('1 result');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search articles' }), 'sleep');
    await waitFor(() => expect(location()).toBe('/admin?q=sleep'));
  });

  it('a scheduled row says "Scheduled for 24 Nov 2026, 09:00" (UK time) and can be published now or unscheduled', async () => {
    const scheduled = { ...article, status: 'scheduled', publishedAt: '2026-11-24T09:00:00.000Z' };
    const { api } = renderAdmin('/admin', {
      'GET /api/admin/content': () => listed([scheduled]),
      'POST /api/admin/content/bulk': { changed: 1 },
    });
    const row = (await screen.findByText('Scheduled for 24 Nov 2026, 09:00')).closest('li')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Publish now' }));
    await screen.findByText('1 article published');
    await userEvent.click(within(row).getByRole('button', { name: 'Unschedule' }));
    await screen.findByText('1 article moved to drafts');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { action: 'publish', ids: [7] },
      { action: 'unpublish', ids: [7] },
    ]);
  });

  it('an RSS article whose feed gave no date says "Date unknown" with when it was imported (issue 28)', async () => {
    const undated = {
      ...article,
      origin: 'rss',
      source: 'Cozinha',
      dateUnknown: true,
      publishedAt: '2026-01-10T09:00:00.000Z',
      createdAt: '2026-01-10T09:00:00.000Z',
    };
    renderAdmin('/admin', { 'GET /api/admin/content': () => listed([undated, { ...article, id: 8 }]) });
    expect(await screen.findByText('Date unknown (imported 10 Jan 2026, 09:00 GMT)')).toBeTruthy();
    expect(screen.getAllByText(/^Date unknown/)).toHaveLength(1);
  });

  it('the form schedules in UK time: 09:00 on 1 Jul 2027 is sent as 08:00 UTC', async () => {
    const { api } = renderAdmin('/admin', {
      'GET /api/admin/content': () => listed([article]),
      ...articleRead(article),
      'PUT /api/content/7': article,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Morning Rituals' }));
    await userEvent.selectOptions(await screen.findByLabelText('Status'), 'scheduled');
    const when = screen.getByLabelText('Publish at (UK time)');
    await userEvent.type(when, '2027-07-01T09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Update Article' }));
    await screen.findByText('Article updated successfully');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      status: 'scheduled',
      publishedAt: '2027-07-01T08:00:00.000Z',
      updatedAt: article.updatedAt,
    });
  });

  it('bulk: select rows, one confirmation naming the count, one request, a toast with how many changed', async () => {
    const { api } = renderAdmin('/admin', {
      'GET /api/admin/content': () => listed([article, { ...article, id: 8, title: 'Second' }]),
      'POST /api/admin/content/bulk': { changed: 2 },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all 2 shown' }));
    const bar = screen.getByRole('group', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 articles selected')).toBeTruthy();
    await userEvent.selectOptions(within(bar).getByLabelText('New category'), 'career');
    await userEvent.click(within(bar).getByRole('button', { name: 'Change category' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Move 2 articles to Career & Creativity?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await screen.findByText('2 articles moved to the new category');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { action: 'category', ids: [7, 8], category: 'career' },
    ]);
  });

  it('a stale save (409) says someone else saved it, and the form stays open with the edits', async () => {
    renderAdmin('/admin', {
      'GET /api/admin/content': () => listed([article]),
      ...articleRead(article),
      'PUT /api/content/7': () =>
        Response.json(
          { message: 'Someone else saved this article after you opened it.', yours: 'a', theirs: 'b' },
          { status: 409 },
        ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Morning Rituals' }));
    await userEvent.type(await screen.findByLabelText('Title'), ' edited');
    await userEvent.click(screen.getByRole('button', { name: 'Update Article' }));
    await screen.findByText('Failed to update article: Someone else saved this article after you opened it.');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Morning Rituals edited');
  });

  it('leaving a form with unsaved changes asks first; "stay" keeps the edits', async () => {
    renderAdmin('/admin', { 'GET /api/admin/content': () => listed([article]), ...articleRead(article) });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Morning Rituals' }));
    await screen.findByLabelText('Title');
    // Unchanged: Cancel closes without asking.
    const confirm = vi.fn(() => false);
    Object.defineProperty(window, 'confirm', { value: confirm, configurable: true, writable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Morning Rituals' }));
    await userEvent.type(await screen.findByLabelText('Title'), '!');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave without saving?');
    expect(screen.getByRole('heading', { name: 'Edit Article' })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: /Products/ }));
    expect(screen.getByRole('heading', { name: 'Edit Article' })).toBeTruthy();
    confirm.mockReturnValue(true as never);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: 'Edit Article' })).toBeNull();
  });

  it("an AI review's rating is a suggestion: the editor adds it to the body or dismisses it", async () => {
    const ai = { ...article, origin: 'ai', status: 'draft', suggestedRating: 4.5 };
    const { api } = renderAdmin('/admin', {
      'GET /api/admin/content': () => listed([ai]),
      ...articleRead(ai),
      'PUT /api/content/7': ai,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Morning Rituals' }));
    expect((await screen.findByRole('note')).textContent).toMatch(/AI suggested rating: 4.5 out of 5/);
    await userEvent.click(screen.getByRole('button', { name: 'Add rating to article' }));
    expect(screen.queryByRole('note')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Update Article' }));
    await screen.findByText('Article updated successfully');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      content: '<p><strong>Our rating: 4.5 out of 5</strong></p><p>Body</p>',
      suggestedRating: null,
    });
  });

  // The desktop app relies on this exact link: its main process opens {server}/admin/preview/{id}
  // from a new-window request in a signed-in app window (desktop/src/main/preview.ts).
  it('Preview is a new-tab link to /admin/preview/{id}, on the API host when the admin runs elsewhere', async () => {
    for (const [platform, href] of [
      [{}, '/admin/preview/7'],
      [{ kind: 'desktop', apiBase: 'https://bloom.example' }, 'https://bloom.example/admin/preview/7'],
    ] as const) {
      const { unmount } = renderAdmin(
        '/admin',
        {
          'GET /api/admin/content': () => listed([{ ...article, status: 'draft' }]),
          ...articleRead({ ...article, status: 'draft' }),
        },
        platform,
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Edit Morning Rituals' }));
      const link = await screen.findByRole('link', { name: 'Preview' });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      unmount();
    }
  });
});
