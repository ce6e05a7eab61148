import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminArticle, adminProduct, adminRecipe } from './test-fixtures';
import { renderAdmin } from './test-utils';

/**
 * Issue 15 beyond the article form: every admin form asks before unsaved changes are lost, products
 * and recipes refuse stale saves like articles, and the Articles bulk bar can act on every result.
 */

const LEAVE = 'You have unsaved changes. Leave without saving?';
let confirm: ReturnType<typeof vi.fn<() => boolean>>;
beforeEach(() => {
  confirm = vi.fn(() => false);
  Object.defineProperty(window, 'confirm', { value: confirm, configurable: true, writable: true });
});
afterEach(() => vi.restoreAllMocks());

const unloadAsks = () => {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
};
const stale = (noun: string) => () =>
  Response.json(
    {
      message: `Someone else saved this ${noun} after you opened it. Reload to see their version, then make your changes again.`,
      yours: 'a',
      theirs: 'b',
    },
    { status: 409 },
  );

const product = adminProduct;
const recipe = adminRecipe;

describe.each([
  {
    entity: 'Product',
    tab: 'products',
    item: product,
    routes: { 'GET /api/admin/products': [product], 'GET /api/admin/product-categories': [] },
    put: 'PUT /api/products/5',
    edit: 'Edit Rose Serum',
  },
  {
    entity: 'Recipe',
    tab: 'recipes',
    item: recipe,
    routes: { 'GET /api/admin/recipes': [recipe] },
    put: 'PUT /api/recipes/2',
    edit: 'Edit Green Soup',
  },
])('$entity form', ({ entity, tab, item, routes, put, edit }) => {
  it('closes without asking when nothing changed; with changes Cancel, Edit, Add, a tab and reload ask', async () => {
    renderAdmin(`/admin?tab=${tab}`, routes);
    await userEvent.click(await screen.findByRole('button', { name: edit }));
    expect(unloadAsks()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: `Edit ${entity}` })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: edit }));
    await userEvent.type(screen.getByLabelText('Title'), ' (new)');
    expect(unloadAsks()).toBe(true);
    for (const way of [
      screen.getByRole('button', { name: 'Cancel' }),
      screen.getByRole('button', { name: `Add ${entity}` }),
      screen.getByRole('button', { name: edit }),
      screen.getByRole('tab', { name: /Articles/ }),
    ]) {
      await userEvent.click(way);
    }
    // Each way out asked once, and staying kept the edits.
    expect(confirm.mock.calls).toEqual(Array(4).fill([LEAVE]));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(`${item.title} (new)`);

    // Undoing the edit makes the form clean again: Cancel no longer asks.
    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.type(screen.getByLabelText('Title'), item.title);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledTimes(4);
    expect(unloadAsks()).toBe(false);
  });

  it('Back and Forward ask too (the Navigation API, where the browser has it)', async () => {
    const navigation = new EventTarget();
    Object.defineProperty(window, 'navigation', { value: navigation, configurable: true });
    const traverse = (type = 'traverse') => {
      const e = Object.assign(new Event('navigate', { cancelable: true }), { navigationType: type });
      navigation.dispatchEvent(e);
      return e.defaultPrevented;
    };
    try {
      renderAdmin(`/admin?tab=${tab}`, routes);
      await userEvent.click(await screen.findByRole('button', { name: edit }));
      expect(traverse()).toBe(false);
      await userEvent.type(screen.getByLabelText('Title'), '!');
      expect(traverse()).toBe(true);
      expect(confirm).toHaveBeenCalledWith(LEAVE);
      // Only history moves: the app's own pushes and replaces (filters, tabs after asking) go through.
      expect(traverse('replace')).toBe(false);
      confirm.mockReturnValue(true);
      expect(traverse()).toBe(false);
    } finally {
      Reflect.deleteProperty(window, 'navigation');
    }
  });

  it('agreeing to leave drops the edits; leaving is no longer guarded once the form is closed', async () => {
    renderAdmin(`/admin?tab=${tab}`, routes);
    await userEvent.click(await screen.findByRole('button', { name: edit }));
    await userEvent.type(screen.getByLabelText('Title'), '!');
    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: `Edit ${entity}` })).toBeNull();
    expect(unloadAsks()).toBe(false);
  });

  it('the save carries the loaded updatedAt; a stale save (409) says so and keeps the form and its edits', async () => {
    const { api } = renderAdmin(`/admin?tab=${tab}`, { ...routes, [put]: stale(entity.toLowerCase()) });
    await userEvent.click(await screen.findByRole('button', { name: edit }));
    await userEvent.type(screen.getByLabelText('Title'), ' edited');
    await userEvent.click(screen.getByRole('button', { name: `Update ${entity}` }));
    await screen.findByText(
      `Failed to update ${entity.toLowerCase()}: Someone else saved this ${entity.toLowerCase()} after you opened it. Reload to see their version, then make your changes again.`,
    );
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      title: `${item.title} edited`,
      updatedAt: item.updatedAt,
    });
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(`${item.title} edited`);
    // Still unsaved: leaving still asks.
    expect(unloadAsks()).toBe(true);
  });

  it('a new item is sent without updatedAt', async () => {
    const { api } = renderAdmin(`/admin?tab=${tab}`, {
      ...routes,
      [`POST /api/${tab}`]: item,
    });
    await userEvent.click(await screen.findByRole('button', { name: `Add ${entity}` }));
    await userEvent.type(screen.getByLabelText('Title'), 'Fresh');
    if (tab === 'products') {
      await userEvent.type(screen.getByLabelText('Description'), 'D');
      await userEvent.type(screen.getByLabelText('Price (£)'), '3');
    } else {
      fireEvent.change(screen.getByLabelText('Ingredients (one per line)'), { target: { value: 'a' } });
      fireEvent.change(screen.getByLabelText('Instructions (one per line)'), { target: { value: 'b' } });
    }
    await userEvent.click(screen.getByRole('button', { name: `Create ${entity}` }));
    await screen.findByText(`${entity} created successfully`);
    expect(api.calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('updatedAt');
    expect(unloadAsks()).toBe(false);
  });
});

describe('other admin forms ask before typed text is lost', () => {
  it('Categories: a typed name asks on another tab, on Edit and on reload; a saved one does not', async () => {
    const cats = [{ id: 3, name: 'Skincare', description: null, productCount: 0 }];
    renderAdmin('/admin?tab=categories', {
      'GET /api/admin/product-categories': cats,
      'POST /api/product-categories': { id: 4, name: 'Fitness', description: null },
    });
    await screen.findByText('Skincare');
    expect(unloadAsks()).toBe(false);
    await userEvent.type(screen.getByLabelText('Name'), 'Fitness');
    expect(unloadAsks()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Skincare' }));
    await userEvent.click(screen.getByRole('tab', { name: /Users/ }));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { name: 'Add Category' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    await screen.findByText('Category created successfully');
    expect(unloadAsks()).toBe(false);
  });

  it('RSS Feeds: an edited source asks before Cancel closes it', async () => {
    const source = {
      id: 1,
      name: 'BBC News',
      url: 'https://feeds.bbci.co.uk/news/rss.xml',
      category: 'community',
      enabled: true,
      makeRecipes: false,
      includeKeywords: [],
      excludeKeywords: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      lastRunAt: null,
      lastFetched: null,
      lastCreated: null,
      lastProblem: null,
      lastError: null,
    };
    renderAdmin('/admin?tab=rss', {
      'GET /api/admin/rss/status': {
        schedule: { cron: 'off', nextRunAt: null },
        running: false,
        sources: [source],
        stats: { totalArticles: 0, wweRecipes: 0, sportsArticles: 0 },
        recentArticles: [],
        recentRecipes: [],
        runs: [],
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit BBC News' }));
    const form = screen.getByRole('form', { name: 'Edit BBC News' });
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(confirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Edit BBC News' }));
    await userEvent.type(screen.getByLabelText('Name'), ' UK');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith(LEAVE);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('BBC News UK');
    expect(unloadAsks()).toBe(true);
  });
});

describe('Articles bulk bar: "Select all N results"', () => {
  const article = (id: number) => ({
    ...adminArticle,
    id,
    slug: `a-${id}`,
    title: `Quiet piece ${id}`,
    excerpt: 'E',
    content: 'C',
    status: 'draft',
    publishedAt: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
  });
  const page = Array.from({ length: 50 }, (_, i) => article(i + 1));
  const listed =
    (total: number, capped = false) =>
    () =>
      Response.json(page, {
        headers: { 'x-total-count': String(total), ...(capped ? { 'x-total-count-capped': 'true' } : {}) },
      });

  it('offers every result once the loaded rows are all ticked; the action is sent as the filter with the count', async () => {
    const { api } = renderAdmin('/admin?q=quiet&status=draft&sort=title', {
      'GET /api/admin/content': listed(137),
      'POST /api/admin/content/bulk': { changed: 137 },
    });
    await screen.findByText('137 results');
    expect(screen.queryByRole('button', { name: 'Select all 137 results' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all 50 shown' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all 137 results' }));
    const bar = screen.getByRole('group', { name: 'Bulk actions' });
    expect(within(bar).getByText('137 articles selected')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Publish 137 articles?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await screen.findByText('137 articles published');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { action: 'publish', filter: { q: 'quiet', status: 'draft' }, expected: 137 },
    ]);
    // Done: the selection is cleared.
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Bulk actions' })).toBeNull());
  });

  it('unticking one row, or "Clear selection", goes back to the loaded rows', async () => {
    renderAdmin('/admin?status=draft', { 'GET /api/admin/content': listed(60) });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all 50 shown' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all 60 results' }));
    expect(screen.getByText('60 articles selected')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Quiet piece 3' }));
    expect(screen.getByText('49 articles selected')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Quiet piece 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all 60 results' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('group', { name: 'Bulk actions' })).toBeNull();
  });

  it('a search the list counted only to "1000+" is counted exactly before the confirmation names it', async () => {
    const { api } = renderAdmin('/admin?q=the', {
      'GET /api/admin/content': listed(1000, true),
      'GET /api/admin/content/count': { count: 4321, capped: false },
      'POST /api/admin/content/bulk': { changed: 4321 },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all 50 shown' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all 1000+ results' }));
    const bar = screen.getByRole('group', { name: 'Bulk actions' });
    await within(bar).findByText('4321 articles selected');
    expect(api.calls.map((c) => c.path)).toContain('/api/admin/content/count?q=the');
    await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete 4321 articles?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('4321 articles deleted');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      action: 'delete',
      filter: { q: 'the' },
      expected: 4321,
    });
  });

  it('more than 10000 results: says to narrow the search and offers no action', async () => {
    renderAdmin('/admin?status=draft', { 'GET /api/admin/content': listed(25_000) });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all 50 shown' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all 25000 results' }));
    expect(screen.getByRole('note').textContent).toBe(
      'More than 10000 results: narrow the search to change them at once.',
    );
    const bar = screen.getByRole('group', { name: 'Bulk actions' });
    for (const name of ['Publish', 'Unpublish', 'Change category', 'Delete']) {
      expect((within(bar).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('the results changed meanwhile (409): the message is shown and the list is read again', async () => {
    const { api } = renderAdmin('/admin?status=draft', {
      'GET /api/admin/content': listed(60),
      'POST /api/admin/content/bulk': () =>
        Response.json(
          {
            message:
              'The results changed since you chose them: 58 match now, not 60 articles. Check the list and try again.',
          },
          { status: 409 },
        ),
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all 50 shown' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all 60 results' }));
    await userEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Unpublish 60 articles?' })).getByRole('button', {
        name: 'Unpublish',
      }),
    );
    await screen.findByText(
      'Failed to update articles: The results changed since you chose them: 58 match now, not 60 articles. Check the list and try again.',
    );
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path.startsWith('/api/admin/content?')).length).toBe(2),
    );
  });

  it('a new search clears "all results"', async () => {
    const { location } = renderAdmin('/admin?status=draft', { 'GET /api/admin/content': listed(60) });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all 50 shown' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all 60 results' }));
    await userEvent.selectOptions(screen.getByLabelText('Filter by category'), 'style');
    await waitFor(() => expect(location()).toBe('/admin?status=draft&category=style'));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Bulk actions' })).toBeNull());
  });
});
