import { isoDuration, type Recipe } from '@site/shared';
import { absoluteUrl } from '../../lib/seo';

// Our nutrition labels → schema.org NutritionInformation properties.
const NUTRITION: Record<string, string> = {
  calories: 'calories',
  protein: 'proteinContent',
  carbs: 'carbohydrateContent',
  carbohydrates: 'carbohydrateContent',
  fat: 'fatContent',
  'saturated fat': 'saturatedFatContent',
  fibre: 'fiberContent',
  fiber: 'fiberContent',
  sugar: 'sugarContent',
  sugars: 'sugarContent',
  sodium: 'sodiumContent',
  salt: 'sodiumContent',
  cholesterol: 'cholesterolContent',
};

/** schema.org Recipe: ISO 8601 durations, yield, ingredients, HowToStep instructions, nutrition. */
export function recipeJsonLd(r: Recipe, siteUrl: string): Record<string, unknown> {
  const total = (r.prepTime ?? 0) + (r.cookTime ?? 0);
  const nutrition: Record<string, string> = {};
  for (const [label, value] of Object.entries(r.nutritionalInfo ?? {})) {
    const key = NUTRITION[label.trim().toLowerCase()];
    if (key) nutrition[key] = value;
  }
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: r.title,
    description: r.description ?? undefined,
    image: r.imageUrl ? [absoluteUrl(siteUrl, r.imageUrl)] : undefined,
    author: r.author ? { '@type': 'Person', name: r.author } : undefined,
    datePublished: r.createdAt ? new Date(r.createdAt).toISOString().slice(0, 10) : undefined,
    prepTime: isoDuration(r.prepTime),
    cookTime: isoDuration(r.cookTime),
    totalTime: isoDuration(total),
    recipeYield: r.servings ? `${r.servings} servings` : undefined,
    recipeCuisine: r.cuisine ?? undefined,
    keywords: r.tags.length ? r.tags.join(', ') : undefined,
    recipeIngredient: r.ingredients,
    recipeInstructions: r.instructions.map((text, i) => ({
      '@type': 'HowToStep',
      position: i + 1,
      text,
    })),
    nutrition: Object.keys(nutrition).length ? { '@type': 'NutritionInformation', ...nutrition } : undefined,
    url: absoluteUrl(siteUrl, `/recipe/${r.id}`),
  };
  // JSON.stringify drops undefined: only the facts we have are published.
  return ld;
}
