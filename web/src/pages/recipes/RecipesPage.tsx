import { type Recipe, SKELETONS } from '@site/shared';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { HydrationSlice } from '../../components/ui/HydrationSlice';
import { CARD_GRID_SIZES } from '../../components/ui/picture-sizes';
import { Seo } from '../../lib/seo';
import { useCurrentUser } from '../../lib/use-current-user';
import { loginHref } from '../shop/queries';
import { RecipeCard } from './RecipeCard';
import {
  CUISINE_OPTIONS,
  capitalize,
  DIFFICULTY_OPTIONS,
  matchesSearch,
  readFilters,
  recipesKey,
} from './queries';

const control = 'w-full rounded-md border border-stone-300 bg-white px-3 py-2';

function RecipeSkeleton() {
  return (
    <div
      className="animate-pulse overflow-hidden rounded-xl border border-stone-200 bg-white"
      data-testid="skeleton"
    >
      <div className="aspect-[4/3] bg-stone-200" />
      <div className="space-y-2 p-4">
        <div className="h-5 w-3/4 rounded bg-stone-200" />
        <div className="h-4 w-full rounded bg-stone-200" />
      </div>
    </div>
  );
}

/** Spec §2 Recipes: client-side search, cuisine and difficulty filters, "Found N recipe(s)". */
export function RecipesPage() {
  const [params, setParams] = useSearchParams();
  const { q, cuisine, difficulty } = readFilters(params);
  const { isAuthenticated } = useCurrentUser();
  const recipes = useQuery<Recipe[]>({ queryKey: recipesKey(cuisine, difficulty) });
  const ids = { q: useId(), c: useId(), d: useId() };

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (!value || value === 'all') next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  const shown = (recipes.data ?? []).filter((r) => matchesSearch(r, q));
  const filtered = q !== '' || cuisine !== 'all' || difficulty !== 'all';

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <Seo
        title="Healthy Recipes - Nutrition & Recipes"
        description="Nourishing recipes from Italian to Indian: quick weeknight meals, easy bakes and dishes for slow weekends."
        keywords={['healthy recipes', 'nutrition', 'meal ideas', ...CUISINE_OPTIONS.slice(1)]}
        path="/recipes"
      />
      <h1 className="font-serif text-4xl font-bold text-stone-900">Healthy Recipes</h1>
      <p className="mt-2 text-stone-600">Nourishing food for busy weeks and slow weekends.</p>

      {!isAuthenticated && (
        <div className="mt-6 flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-5 sm:flex-row sm:items-center">
          <p className="flex-1 text-stone-700">
            <strong>Sign in to see full recipes:</strong> ingredients, step-by-step instructions and
            nutrition.
          </p>
          <a
            href={loginHref('/recipes')}
            className="rounded-full bg-brand-700 px-5 py-2 text-center text-sm font-semibold text-white"
          >
            Sign In
          </a>
        </div>
      )}

      <form
        aria-label="Filter recipes"
        className="mt-6 grid gap-3 sm:grid-cols-[1fr_12rem_12rem_auto]"
        onSubmit={(e) => e.preventDefault()}
      >
        <div>
          <label htmlFor={ids.q} className="sr-only">
            Search recipes
          </label>
          <input
            id={ids.q}
            type="search"
            // Signed out, the list carries no ingredients (issue 26): the box promises only what it searches.
            placeholder={
              isAuthenticated ? 'Search recipes, ingredients or authors...' : 'Search recipes or authors...'
            }
            value={q}
            onChange={(e) => set('q', e.target.value)}
            className={control}
          />
        </div>
        <div>
          <label htmlFor={ids.c} className="sr-only">
            Cuisine
          </label>
          <select
            id={ids.c}
            value={cuisine}
            onChange={(e) => set('cuisine', e.target.value)}
            className={control}
          >
            {CUISINE_OPTIONS.map((c) => (
              <option key={c} value={c}>
                {c === 'all' ? 'All Cuisines' : capitalize(c)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.d} className="sr-only">
            Difficulty
          </label>
          <select
            id={ids.d}
            value={difficulty}
            onChange={(e) => set('difficulty', e.target.value)}
            className={control}
          >
            {DIFFICULTY_OPTIONS.map((d) => (
              <option key={d} value={d}>
                {d === 'all' ? 'All Levels' : capitalize(d)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          onClick={clear}
          disabled={!filtered}
          className="rounded-md border border-stone-300 bg-white px-4 py-2 font-medium disabled:opacity-50"
        >
          Clear
        </button>
      </form>

      {recipes.isError ? (
        <div role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
          Error: Failed to fetch recipes
        </div>
      ) : recipes.isPending ? (
        <div className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: SKELETONS.publicList }, (_, i) => (
            <RecipeSkeleton key={i} />
          ))}
        </div>
      ) : (
        <>
          <p className="mt-6 text-sm text-stone-600" aria-live="polite" data-testid="recipe-count">
            {`Found ${shown.length} recipe(s)`}
          </p>
          {shown.length === 0 ? (
            // The same empty state as the news list, with the way out next to it.
            <div className="py-16 text-center">
              <h2 className="font-serif text-2xl font-bold text-stone-900">No recipes found</h2>
              <p className="mt-2 text-stone-600">
                {filtered ? 'Try another search, cuisine or difficulty.' : 'Please check back soon.'}
              </p>
              {filtered && (
                <button
                  type="button"
                  onClick={clear}
                  className="mt-6 rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
                >
                  Clear filters
                </button>
              )}
            </div>
          ) : (
            <div className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {/* The first card is the first screen's largest picture on a phone; the rest are lazy (in view, they load at once). */}
              {shown.map((r, i) => (
                <HydrationSlice key={r.id}>
                  <RecipeCard recipe={r} sizes={CARD_GRID_SIZES} eager={i === 0} />
                </HydrationSlice>
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
}
