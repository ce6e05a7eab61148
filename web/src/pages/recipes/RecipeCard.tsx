import { LIMITS, type Recipe } from '@site/shared';
import { Link } from 'react-router-dom';
import { Img } from '../../components/ui/Img';
import { capitalize } from './queries';

/**
 * A recipe in the list: links to /recipe/{id}; 3 tags then "+N" (spec §9). `sizes`: the width of the
 * list's grid cell (`picture-sizes.ts`); `eager` for the list's first card.
 */
export function RecipeCard({ recipe, sizes, eager }: { recipe: Recipe; sizes: string; eager?: boolean }) {
  const shown = recipe.tags.slice(0, LIMITS.tagsPerCard);
  const more = recipe.tags.length - shown.length;
  const total = (recipe.prepTime ?? 0) + (recipe.cookTime ?? 0);
  return (
    <article
      className="flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
      data-testid="recipe-card"
    >
      <Link to={`/recipe/${recipe.id}`} className="group flex flex-1 flex-col">
        {/* overflow-hidden: a box with an aspect ratio otherwise grows to fit its content, and the
            square demo photos made each phone card 89 px taller once they loaded (issue 26). */}
        <div className="aspect-[4/3] overflow-hidden bg-stone-100">
          {recipe.imageUrl && (
            <Img
              src={recipe.imageUrl}
              sizes={sizes}
              eager={eager}
              alt={recipe.title}
              width={400}
              height={300}
              className="h-full w-full object-cover"
            />
          )}
        </div>
        <div className="flex flex-1 flex-col gap-2 p-4">
          <h2 className="font-serif text-lg font-semibold text-stone-900 group-hover:underline">
            {recipe.title}
          </h2>
          {recipe.description && <p className="line-clamp-2 text-sm text-stone-600">{recipe.description}</p>}
          <p className="text-xs text-stone-600">
            {total > 0 && <span>{total} min · </span>}
            {recipe.servings && <span>Serves {recipe.servings} · </span>}
            {recipe.difficulty && <span>{capitalize(recipe.difficulty)}</span>}
            {recipe.cuisine && <span> · {capitalize(recipe.cuisine)}</span>}
          </p>
          {recipe.tags.length > 0 && (
            <ul className="mt-auto flex flex-wrap gap-1 pt-2" aria-label="Tags">
              {shown.map((t) => (
                <li key={t} className="rounded-full bg-sage-100 px-2 py-0.5 text-xs text-sage-600">
                  {t}
                </li>
              ))}
              {more > 0 && (
                <li className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-600">+{more}</li>
              )}
            </ul>
          )}
        </div>
      </Link>
    </article>
  );
}
