import { createHash } from 'node:crypto';
import { CUISINES, DIFFICULTIES, WWE_TAG } from '@site/shared';
import { z } from 'zod';
import { DISHES, type Dish } from './recipe-dishes';

/** What a writer is told about the feed item a recipe is themed on. */
export interface ThemeItem {
  title: string;
  excerpt: string;
  url: string;
  source: string;
}

/** The recipe a writer returns; every writer's output is checked against this before it is stored. */
export const themedRecipeSchema = z.object({
  title: z.string().trim().min(3).max(200),
  description: z.string().trim().min(10).max(1000),
  prepTime: z.number().int().min(0).max(600),
  cookTime: z.number().int().min(0).max(900),
  servings: z.number().int().min(1).max(24),
  cuisine: z.enum(CUISINES),
  difficulty: z.enum(DIFFICULTIES),
  ingredients: z.array(z.string().trim().min(2).max(200)).min(3).max(30),
  instructions: z.array(z.string().trim().min(5).max(600)).min(2).max(20),
  tags: z.array(z.string().trim().min(1).max(40)).max(10).default([]),
});
export type ThemedRecipe = z.infer<typeof themedRecipeSchema>;

/**
 * Writes a recipe themed on a wrestling news item. The AI service can implement this (structured
 * output parsed with themedRecipeSchema); the built-in one below needs no API key.
 */
export interface RecipeWriter {
  readonly name: string;
  /** `timeoutMs`: give up after this long (the run's AI budget decides it). */
  write(item: ThemeItem, opts?: { timeoutMs?: number }): Promise<ThemedRecipe>;
}

/** A headline in our quotes: cut at a word boundary (never inside a word), its own quotes nested inside. */
export function quotedHeadline(title: string, max = 80): string {
  let text = title.replace(/\s+/g, ' ').trim();
  if (text.length > max) {
    const cut = text.slice(0, max);
    const space = cut.lastIndexOf(' ');
    text = `${(space > 0 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
  }
  // Inside our own “…” quotes a headline's quotes become single ones (‘The Rock’), and quotes inside
  // those double again, as English nests them: never two of the same mark side by side.
  let depth = 0;
  text = text.replace(/["“”]/g, (q, at: number) => {
    const before = text.charAt(at - 1);
    const opens = q === '“' || (q === '"' && (at === 0 || /[\s([{‘“]/.test(before)));
    if (opens) return depth++ % 2 === 0 ? '‘' : '“';
    depth = Math.max(0, depth - 1);
    return depth % 2 === 0 ? '’' : '”';
  });
  return `“${text}”`;
}

/** "45 minutes", "1 hour", "4 hours 20 minutes". */
export function readyIn(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return [h ? part(h, 'hour') : '', m || !h ? part(m, 'minute') : ''].filter(Boolean).join(' ');
}

/** Difficulty said as difficulty, never as a taste ("A medium, crowd-pleasing dish"). */
const DIFFICULTY_CLAUSE: Record<Dish['difficulty'], string> = {
  easy: 'that is easy to make',
  medium: 'of medium difficulty',
  hard: 'that is a challenge to make',
};

/** Composes a coherent recipe from curated dishes; the item picks the dish, so reruns agree. */
export const builtInRecipeWriter: RecipeWriter = {
  name: 'built-in',
  async write(item) {
    const digest = createHash('sha256').update(item.title).digest();
    const dish = DISHES[digest.readUInt32BE(0) % DISHES.length] as Dish;
    const headline = quotedHeadline(item.title);
    const cuisine = properAdjective(dish.cuisine);
    const ready = readyIn(dish.prepTime + dish.cookTime);
    return themedRecipeSchema.parse({
      title: `${dish.name}, inspired by ${headline}`,
      description: `${withArticle(cuisine)} ${dish.kind} ${DIFFICULTY_CLAUSE[dish.difficulty]}, ready in ${ready} and serving ${dish.servings}: a watch-party dish themed on the wrestling story ${headline} from ${item.source.trim() || 'the wrestling news'}.`,
      prepTime: dish.prepTime,
      cookTime: dish.cookTime,
      servings: dish.servings,
      cuisine: dish.cuisine,
      difficulty: dish.difficulty,
      ingredients: dish.ingredients,
      instructions: dish.steps,
      tags: ['Wrestling', 'Game Day'],
    });
  },
};

/**
 * "An Asian", "A Mexican": the words that follow are the cuisines, so the vowel sound is the first
 * letter's (no "hour"/"unicorn" exceptions among them).
 */
export const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? 'An' : 'A'} ${word}`;

/** Cuisines are proper adjectives in English: "Asian", "Italian", "Mediterranean". */
export const properAdjective = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const themedRecipeTags = (recipe: ThemedRecipe) => [
  WWE_TAG,
  ...recipe.tags.filter((t) => t.toLowerCase() !== WWE_TAG.toLowerCase()),
];
