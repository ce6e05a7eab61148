import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_GRID_SIZES } from '../../components/ui/picture-sizes';
import { eager, lazy, shown, uploadUrl } from '../../test/pictures';
import { renderAt, tableFetcher } from '../../test/render';
import { anonymous, recipe, signedInUser } from '../shop/fixtures';

const list = [
  recipe(),
  recipe({
    id: 6,
    title: 'Black Bean Tacos',
    description: 'Smoky and quick.',
    author: 'Lucia Ortega',
    cuisine: 'mexican',
    difficulty: 'easy',
    tags: ['vegan'],
    ingredients: ['1 tin black beans', '8 corn tortillas'],
  }),
  recipe({
    id: 7,
    title: 'Dal',
    description: 'Comforting lentils.',
    author: 'Priya Shah',
    cuisine: 'indian',
    difficulty: 'easy',
    tags: [],
    ingredients: ['200 g red lentils', '1 tsp turmeric'],
  }),
];

function api(user: unknown = signedInUser, extra: Record<string, unknown> = {}) {
  return tableFetcher({
    '/api/auth/user': user,
    '/api/recipes': list,
    '/api/recipes?cuisine=mexican': [list[1]],
    '/api/recipes?difficulty=easy': [list[1], list[2]],
    ...extra,
  });
}

describe('Recipes page', () => {
  it('lists recipes with "Found N recipe(s)" and cards linking to /recipe/{id}', async () => {
    renderAt('/recipes', api());
    expect(await screen.findByText('Found 3 recipe(s)')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Creamy Lemon & Pea Risotto/ }).getAttribute('href')).toBe(
      '/recipe/5',
    );
  });

  it('a card shows 3 tags plus "+N" for the rest', async () => {
    renderAt('/recipes', api());
    await screen.findByText('Found 3 recipe(s)');
    const card = screen.getByText('Creamy Lemon & Pea Risotto').closest('article') as HTMLElement;
    const tags = within(within(card).getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(tags.map((t) => t.textContent)).toEqual(['vegetarian', 'comfort food', 'spring', '+2']);
  });

  it('search matches title, description and author on the client, case-insensitively', async () => {
    const f = api();
    renderAt('/recipes', f);
    await screen.findByText('Found 3 recipe(s)');
    const box = screen.getByRole('searchbox', { name: 'Search recipes' });
    fireEvent.change(box, { target: { value: 'taco' } });
    expect(await screen.findByText('Found 1 recipe(s)')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'LENTILS' } });
    expect(await screen.findByText('Found 1 recipe(s)')).toBeTruthy();
    expect(screen.getByText('Dal')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'priya' } });
    expect(await screen.findByText('Dal')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'nothing like this' } });
    expect(await screen.findByText('Found 0 recipe(s)')).toBeTruthy();
    // No match: an empty state with a way back to every recipe.
    expect(screen.getByRole('heading', { name: 'No recipes found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Found 3 recipe(s)')).toBeTruthy();
    expect((box as HTMLInputElement).value).toBe('');
    expect(f.calls.filter((c) => c.startsWith('GET /api/recipes'))).toEqual(['GET /api/recipes']);
  });

  it('search also matches ingredients, as its placeholder promises ("arborio")', async () => {
    renderAt('/recipes', api());
    await screen.findByText('Found 3 recipe(s)');
    const box = screen.getByRole('searchbox', { name: 'Search recipes' });
    expect(box.getAttribute('placeholder')).toMatch(/ingredients/);
    const withArborio = list.filter((r) => r.ingredients.some((i) => /arborio/i.test(i)));
    expect(withArborio.length).toBe(1);
    fireEvent.change(box, { target: { value: 'Arborio' } });
    expect(await screen.findByText('Found 1 recipe(s)')).toBeTruthy();
    expect(screen.getByText(withArborio[0]?.title ?? '')).toBeTruthy();
  });

  it('signed out, the list has no ingredients, and the box does not promise to search them (issue 26)', async () => {
    const cards = list.map(({ ingredients: _i, instructions: _s, nutritionalInfo: _n, ...card }) => card);
    renderAt('/recipes', tableFetcher({ '/api/auth/user': anonymous, '/api/recipes': cards }));
    await screen.findByText('Found 3 recipe(s)');
    const box = screen.getByRole('searchbox', { name: 'Search recipes' });
    expect(box.getAttribute('placeholder')).toBe('Search recipes or authors...');
    fireEvent.change(box, { target: { value: 'priya' } });
    expect(await screen.findByText('Found 1 recipe(s)')).toBeTruthy();
  });

  it('cuisine and difficulty filters offer the spec options and refetch with the filter; Clear resets', async () => {
    const f = api();
    renderAt('/recipes', f);
    await screen.findByText('Found 3 recipe(s)');
    const cuisine = screen.getByRole('combobox', { name: 'Cuisine' }) as HTMLSelectElement;
    const difficulty = screen.getByRole('combobox', { name: 'Difficulty' }) as HTMLSelectElement;
    expect([...cuisine.options].map((o) => o.value)).toEqual([
      'all',
      'italian',
      'mexican',
      'asian',
      'american',
      'mediterranean',
      'indian',
    ]);
    expect([...difficulty.options].map((o) => o.value)).toEqual(['all', 'easy', 'medium', 'hard']);
    fireEvent.change(cuisine, { target: { value: 'mexican' } });
    expect(await screen.findByText('Found 1 recipe(s)')).toBeTruthy();
    expect(f.calls).toContain('GET /api/recipes?cuisine=mexican');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Found 3 recipe(s)')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Cuisine' }) as HTMLSelectElement).value).toBe('all');
    fireEvent.change(difficulty, { target: { value: 'easy' } });
    expect(await screen.findByText('Found 2 recipe(s)')).toBeTruthy();
  });

  it('anonymous readers see a sign-in prompt', async () => {
    renderAt('/recipes', api(anonymous));
    const prompt = (await screen.findByText('Sign in to see full recipes:')).closest('div') as HTMLElement;
    await screen.findByText('Found 3 recipe(s)');
    expect(within(prompt).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/api/login?returnTo=%2Frecipes',
    );
  });

  it('shows 6 skeletons while loading and "Error: Failed to fetch recipes" in a red box on failure', async () => {
    const pending = tableFetcher({ '/api/auth/user': signedInUser });
    const slow = (async (path: string, init?: RequestInit) =>
      path.startsWith('/api/recipes')
        ? new Promise<Response>(() => undefined)
        : pending(path, init)) as typeof pending;
    const { unmount } = renderAt('/recipes', slow);
    await waitFor(() => expect(screen.getAllByTestId('skeleton')).toHaveLength(6));
    unmount();
    renderAt('/recipes', api(signedInUser, { '/api/recipes': () => new Response('down', { status: 500 }) }));
    const box = await screen.findByRole('alert');
    expect(box.textContent).toBe('Error: Failed to fetch recipes');
  });

  it('recipe pictures are offered in the sizes of the grid; only the first card is fetched first (issue 39)', async () => {
    const pictured = [1, 2, 3, 4].map((n) =>
      recipe({ id: 40 + n, title: `Pictured ${n}`, imageUrl: uploadUrl(n, 1600, 1200) }),
    );
    renderAt('/recipes', api(signedInUser, { '/api/recipes': pictured }));
    await screen.findByText('Found 4 recipe(s)');
    const pictures = screen
      .getAllByTestId('recipe-card')
      .map((c) => shown(c.querySelector('img') as Element));
    expect(pictures).toEqual([
      eager(CARD_GRID_SIZES),
      lazy(CARD_GRID_SIZES),
      lazy(CARD_GRID_SIZES),
      lazy(CARD_GRID_SIZES),
    ]);
  });
});
