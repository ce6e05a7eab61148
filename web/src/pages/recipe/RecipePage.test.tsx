import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECIPE_LEAD_SIZES } from '../../components/ui/picture-sizes';
import { eager, shown, uploadUrl } from '../../test/pictures';
import { renderAt, tableFetcher } from '../../test/render';
import { browserNav } from '../shop/components/LoginRequired';
import { anonymous, recipe, signedInUser } from '../shop/fixtures';

const api = (user: unknown = signedInUser, r = recipe()) =>
  tableFetcher({ '/api/auth/user': user, [`/api/recipes/${r.id}`]: r });

afterEach(() => {
  for (const e of document.head.querySelectorAll('[data-seo]')) e.remove();
});

describe('Recipe page', () => {
  it('anonymous: "Login Required" and a redirect to sign-in; no recipe call', async () => {
    const go = vi.spyOn(browserNav, 'go').mockImplementation(() => undefined);
    const f = api(anonymous);
    renderAt('/recipe/5', f);
    expect(await screen.findByRole('heading', { name: 'Login Required' })).toBeTruthy();
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/login?returnTo=%2Frecipe%2F5'), {
      timeout: 2000,
    });
    expect(f.calls.some((c) => c.includes('/api/recipes/5'))).toBe(false);
    go.mockRestore();
  });

  it('shows title, description, author, prep, cook and total time, servings, cuisine, difficulty and tags', async () => {
    renderAt('/recipe/5', api());
    expect(await screen.findByRole('heading', { level: 1, name: 'Creamy Lemon & Pea Risotto' })).toBeTruthy();
    expect(screen.getByText('A bright spring risotto.')).toBeTruthy();
    expect(screen.getByText('By Marco Bellini')).toBeTruthy();
    const fact = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Prep')).toBe('10 min');
    expect(fact('Cook')).toBe('30 min');
    expect(fact('Total')).toBe('40 min');
    expect(fact('Servings')).toBe('4');
    expect(fact('Cuisine')).toBe('Italian');
    expect(fact('Difficulty')).toBe('Medium');
    expect(within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem')).toHaveLength(5);
  });

  it('the picture is offered in its sizes for the recipe column and fetched first (issue 39)', async () => {
    renderAt('/recipe/5', api(signedInUser, recipe({ imageUrl: uploadUrl(5, 1600, 900) })));
    const img = await screen.findByAltText('Creamy Lemon & Pea Risotto');
    expect(shown(img)).toEqual(eager(RECIPE_LEAD_SIZES));
    expect(RECIPE_LEAD_SIZES).toBe('(min-width: 896px) 864px, calc(100vw - 32px)');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1600', '900']);
  });

  it('Ingredients, numbered Instructions and the Nutritional Information grid', async () => {
    renderAt('/recipe/5', api());
    expect(await screen.findByRole('heading', { name: 'Ingredients' })).toBeTruthy();
    expect(screen.getByText('1 1/2 cups arborio rice')).toBeTruthy();
    const steps = within(
      screen.getByRole('heading', { name: 'Instructions' }).parentElement as HTMLElement,
    ).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      '1Warm the stock.',
      '2Toast the rice.',
      '3Stir in the stock.',
    ]);
    expect(screen.getByRole('heading', { name: 'Nutritional Information' })).toBeTruthy();
    expect(screen.getByText('Calories').nextElementSibling?.textContent).toBe('465 kcal');
  });

  it('the servings control scales ingredient quantities (4 → 8 doubles "1 1/2 cups" to "3 cups") and resets', async () => {
    renderAt('/recipe/5', api());
    await screen.findByText('1 1/2 cups arborio rice');
    const input = screen.getByLabelText('Servings') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '8' } });
    const items = () =>
      within(screen.getByTestId('ingredients'))
        .getAllByRole('listitem')
        .map((l) => l.textContent?.replace('•', ''));
    expect(items()).toEqual(['3 cups arborio rice', '4 tbsp olive oil', 'Small handful of fresh mint']);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fewer servings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fewer servings' }));
    expect(input.value).toBe('2');
    // 3/4 of a cup is one cup's worth: "cup", once the word forms have loaded (issue 26).
    await waitFor(() => expect(items()[0]).toBe('3/4 cup arborio rice'));
  });

  it('prints with a print stylesheet that hides the chrome and controls', async () => {
    const print = vi.fn();
    window.print = print;
    renderAt('/recipe/5', api());
    fireEvent.click(await screen.findByRole('button', { name: 'Print Recipe' }));
    expect(print).toHaveBeenCalled();
    // The print rules live in the site stylesheet (a <style> in <body> is invalid HTML).
    const css = readFileSync(path.resolve(__dirname, '../../styles.css'), 'utf8');
    expect(css).toMatch(/@media print \{\s*body:has\(\[data-print="recipe"\]\) :is\(header, footer, nav\)/);
    expect(screen.getByRole('article').getAttribute('data-print')).toBe('recipe');
    expect(screen.getByRole('button', { name: 'Print Recipe' }).closest('[data-print="hide"]')).toBeTruthy();
  });

  it('JSON-LD Recipe with ISO 8601 durations, yield, ingredients, HowToSteps, nutrition, cuisine and keywords', async () => {
    renderAt('/recipe/5', api());
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.querySelector('script[type="application/ld+json"]')).toBeTruthy());
    const ld = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}');
    expect(ld).toMatchObject({
      '@type': 'Recipe',
      name: 'Creamy Lemon & Pea Risotto',
      prepTime: 'PT10M',
      cookTime: 'PT30M',
      totalTime: 'PT40M',
      recipeYield: '4 servings',
      recipeCuisine: 'italian',
      keywords: 'vegetarian, comfort food, spring, quick, budget',
      recipeIngredient: ['1 1/2 cups arborio rice', '2 tbsp olive oil', 'Small handful of fresh mint'],
      recipeInstructions: [{ '@type': 'HowToStep', position: 1, text: 'Warm the stock.' }, {}, {}],
      nutrition: { '@type': 'NutritionInformation', calories: '465 kcal', proteinContent: '15 g' },
      author: { '@type': 'Person', name: 'Marco Bellini' },
    });
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
  });

  it('"Recipe not found" with Back to Recipes for an unknown id', async () => {
    renderAt('/recipe/404', tableFetcher({ '/api/auth/user': signedInUser }));
    expect(await screen.findByRole('heading', { name: 'Recipe not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Recipes' }).getAttribute('href')).toBe('/recipes');
  });
});
