import type { Recipe } from '@site/shared';
import { useQuery } from '@tanstack/react-query';
import { useContext, useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Img } from '../../components/ui/Img';
import { RECIPE_LEAD_SIZES } from '../../components/ui/picture-sizes';
import { httpStatus } from '../../lib/api';
import { Seo, SiteContext, useHttpStatus } from '../../lib/seo';
import { useCurrentUser } from '../../lib/use-current-user';
import { capitalize, recipeKey } from '../recipes/queries';
import { LoginRequired, Spinner } from '../shop/components/LoginRequired';
import { parseId } from '../shop/queries';
import { recipeJsonLd } from './recipe-json-ld';
import { type Nouns, scaleIngredient } from './scale';

const MAX_SERVINGS = 100;

function NotFound() {
  useHttpStatus(404);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <Seo title="Recipe not found" description="This recipe doesn't exist." noindex />
      <h1 className="font-serif text-3xl font-bold">Recipe not found</h1>
      <Link
        to="/recipes"
        className="mt-8 inline-block rounded-full bg-brand-700 px-5 py-2 font-semibold text-white"
      >
        Back to Recipes
      </Link>
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-white p-3 text-center shadow-sm">
      <dt className="text-xs uppercase tracking-wide text-stone-500">{label}</dt>
      <dd className="font-semibold text-stone-900">{value}</dd>
    </div>
  );
}

// English word forms for scaled lines ("2 onions"): the pluralize package, fetched when the servings
// control is first touched, so it stays out of every page's first JavaScript (budget 120 KB gzip).
let nounsLoading: Promise<Nouns> | null = null;
const loadNouns = () => {
  nounsLoading ??= import('pluralize').then((m) => m.default);
  return nounsLoading;
};

/** On the servings controls: the word forms start loading as soon as a reader reaches for one. */
const warmNouns = { onFocus: () => void loadNouns(), onPointerDown: () => void loadNouns() };

function useNouns(needed: boolean): Nouns | undefined {
  const [nouns, setNouns] = useState<Nouns>();
  useEffect(() => {
    // pluralize is a function: wrapped, or React would call it as a state updater.
    if (needed && !nouns) void loadNouns().then((loaded) => setNouns(() => loaded));
  }, [needed, nouns]);
  return nouns;
}

function RecipeDetail({ recipe }: { recipe: Recipe }) {
  const site = useContext(SiteContext);
  const base = recipe.servings && recipe.servings > 0 ? recipe.servings : 1;
  const [servings, setServings] = useState(base);
  const servingsId = useId();
  const factor = servings / base;
  const nouns = useNouns(factor !== 1);
  const total = (recipe.prepTime ?? 0) + (recipe.cookTime ?? 0);
  const nutrition = Object.entries(recipe.nutritionalInfo ?? {});
  return (
    <article className="mx-auto max-w-4xl px-4 py-10" data-print="recipe">
      <Seo
        title={recipe.title}
        description={(recipe.description ?? `${recipe.title} recipe`).slice(0, 160)}
        keywords={[...recipe.tags, recipe.cuisine ?? 'recipe']}
        image={recipe.imageUrl}
        type="article"
        noindex
        jsonLd={recipeJsonLd(recipe, site.siteUrl)}
      />
      <div className="flex items-center justify-between" data-print="hide">
        <Link to="/recipes" className="text-sm font-semibold text-brand-700 hover:underline">
          ← Back to Recipes
        </Link>
        <button
          type="button"
          onClick={() => window.print()}
          className="rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-semibold"
        >
          Print Recipe
        </button>
      </div>
      <h1 className="mt-4 font-serif text-4xl font-bold text-stone-900">{recipe.title}</h1>
      {recipe.description && <p className="mt-3 text-lg text-stone-600">{recipe.description}</p>}
      {recipe.author && <p className="mt-2 text-sm text-stone-500">By {recipe.author}</p>}
      {recipe.imageUrl && (
        <Img
          src={recipe.imageUrl}
          sizes={RECIPE_LEAD_SIZES}
          eager
          alt={recipe.title}
          width={896}
          height={504}
          className="mt-6 aspect-video w-full rounded-2xl object-cover"
        />
      )}
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Fact label="Prep" value={recipe.prepTime ? `${recipe.prepTime} min` : '—'} />
        <Fact label="Cook" value={recipe.cookTime ? `${recipe.cookTime} min` : '—'} />
        <Fact label="Total" value={total ? `${total} min` : '—'} />
        <Fact label="Servings" value={String(servings)} />
        <Fact label="Cuisine" value={recipe.cuisine ? capitalize(recipe.cuisine) : '—'} />
        <Fact label="Difficulty" value={recipe.difficulty ? capitalize(recipe.difficulty) : '—'} />
      </dl>
      {recipe.tags.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
          {recipe.tags.map((t) => (
            <li key={t} className="rounded-full bg-sage-100 px-3 py-1 text-xs text-sage-600">
              {t}
            </li>
          ))}
        </ul>
      )}

      <div className="mt-10 grid gap-10 md:grid-cols-[1fr_2fr]">
        <section aria-labelledby="ingredients-heading">
          <h2 id="ingredients-heading" className="font-serif text-2xl font-semibold">
            Ingredients
          </h2>
          <div className="mt-3 flex items-center gap-2" data-print="hide">
            <label htmlFor={servingsId} className="text-sm text-stone-600">
              Servings
            </label>
            <button
              type="button"
              {...warmNouns}
              aria-label="Fewer servings"
              disabled={servings <= 1}
              onClick={() => setServings((s) => Math.max(1, s - 1))}
              className="h-8 w-8 rounded-full border border-stone-300 bg-white font-bold disabled:opacity-40"
            >
              −
            </button>
            <input
              {...warmNouns}
              id={servingsId}
              type="number"
              min={1}
              max={MAX_SERVINGS}
              value={servings}
              onChange={(e) => {
                const n = Number.parseInt(e.target.value, 10);
                if (Number.isFinite(n)) setServings(Math.min(MAX_SERVINGS, Math.max(1, n)));
              }}
              className="w-16 rounded-md border border-stone-300 px-2 py-1 text-center"
            />
            <button
              type="button"
              {...warmNouns}
              aria-label="More servings"
              disabled={servings >= MAX_SERVINGS}
              onClick={() => setServings((s) => Math.min(MAX_SERVINGS, s + 1))}
              className="h-8 w-8 rounded-full border border-stone-300 bg-white font-bold disabled:opacity-40"
            >
              +
            </button>
            {servings !== base && (
              <button
                type="button"
                onClick={() => setServings(base)}
                className="text-sm text-brand-700 underline"
              >
                Reset
              </button>
            )}
          </div>
          <ul className="mt-4 space-y-2" data-testid="ingredients">
            {recipe.ingredients.map((line, i) => (
              <li key={i} className="flex gap-2 text-stone-800">
                <span aria-hidden="true" className="text-brand-700">
                  •
                </span>
                {scaleIngredient(line, factor, nouns)}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="instructions-heading">
          <h2 id="instructions-heading" className="font-serif text-2xl font-semibold">
            Instructions
          </h2>
          <ol className="mt-4 space-y-4">
            {recipe.instructions.map((step, i) => (
              <li key={i} className="flex gap-3">
                <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                  {i + 1}
                </span>
                <p className="text-stone-800">{step}</p>
              </li>
            ))}
          </ol>
        </section>
      </div>

      {nutrition.length > 0 && (
        <section aria-labelledby="nutrition-heading" className="mt-10">
          <h2 id="nutrition-heading" className="font-serif text-2xl font-semibold">
            Nutritional Information
          </h2>
          <p className="text-sm text-stone-500">Per serving</p>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {nutrition.map(([label, value]) => (
              <Fact key={label} label={label} value={value} />
            ))}
          </dl>
        </section>
      )}
    </article>
  );
}

/** Spec §2 Recipe page (sign-in only; noindex), with a servings control and a print layout. */
export function RecipePage() {
  const id = parseId(useParams().id);
  const { isAuthenticated, isLoading } = useCurrentUser();
  const recipe = useQuery<Recipe>({
    queryKey: recipeKey(id ?? 0),
    enabled: isAuthenticated && id !== null,
    // As on the product page: a 404 from the server render stays the not-found screen, with 404.
    retryOnMount: false,
  });
  if (isLoading) return <Spinner />;
  if (!isAuthenticated) return <LoginRequired what="recipe" />;
  if (id === null) return <NotFound />;
  if (recipe.isPending) return <Spinner label="Loading recipe" />;
  if (recipe.isError) {
    if (httpStatus(recipe.error) === 404) return <NotFound />;
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
          Error: Failed to fetch recipe
        </div>
        <Link to="/recipes" className="mt-8 inline-block font-semibold text-brand-700 underline">
          Back to Recipes
        </Link>
      </section>
    );
  }
  return <RecipeDetail recipe={recipe.data} />;
}
