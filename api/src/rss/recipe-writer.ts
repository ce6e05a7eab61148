import { createHash } from 'node:crypto';
import { CUISINES, DIFFICULTIES, WWE_TAG } from '@site/shared';
import { z } from 'zod';

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

interface Dish {
  name: string;
  cuisine: ThemedRecipe['cuisine'];
  difficulty: ThemedRecipe['difficulty'];
  prepTime: number;
  cookTime: number;
  servings: number;
  ingredients: string[];
  steps: string[];
}

/** Curated, cookable dishes: the theme changes the name and story, never the chemistry. */
const DISHES: Dish[] = [
  {
    name: 'Power Bomb Protein Bowl',
    cuisine: 'asian',
    difficulty: 'easy',
    prepTime: 15,
    cookTime: 20,
    servings: 2,
    ingredients: [
      '200 g jasmine rice',
      '2 chicken breasts, sliced',
      '2 tbsp soy sauce',
      '1 tbsp honey',
      '1 tsp grated ginger',
      '1 head broccoli, in florets',
      '1 tbsp sesame seeds',
      '2 spring onions, sliced',
    ],
    steps: [
      'Cook the rice according to the packet and keep it warm.',
      'Whisk the soy sauce, honey and ginger together.',
      'Sear the chicken in a hot oiled pan for 6-7 minutes until cooked through.',
      'Add the broccoli and the sauce, cover and steam for 3 minutes.',
      'Serve over the rice, topped with sesame seeds and spring onions.',
    ],
  },
  {
    name: 'Main Event Turkey Chilli',
    cuisine: 'mexican',
    difficulty: 'medium',
    prepTime: 15,
    cookTime: 40,
    servings: 4,
    ingredients: [
      '500 g lean turkey mince',
      '1 onion, diced',
      '2 garlic cloves, crushed',
      '1 red pepper, diced',
      '2 tsp smoked paprika',
      '1 tsp ground cumin',
      '400 g tin chopped tomatoes',
      '400 g tin kidney beans, drained',
    ],
    steps: [
      'Soften the onion, garlic and pepper in a little oil for 5 minutes.',
      'Add the turkey and brown it, breaking it up as it cooks.',
      'Stir in the paprika and cumin for a minute, then the tomatoes and beans.',
      'Simmer uncovered for 30 minutes, stirring now and then, until thick.',
      'Season and serve with rice, yoghurt or warm tortillas.',
    ],
  },
  {
    name: 'Championship Salmon Traybake',
    cuisine: 'mediterranean',
    difficulty: 'easy',
    prepTime: 10,
    cookTime: 25,
    servings: 2,
    ingredients: [
      '2 salmon fillets',
      '300 g baby potatoes, halved',
      '1 courgette, sliced',
      '150 g cherry tomatoes',
      '2 tbsp olive oil',
      '1 lemon',
      '1 tsp dried oregano',
    ],
    steps: [
      'Heat the oven to 200°C (180°C fan).',
      'Toss the potatoes with half the oil and roast for 10 minutes.',
      'Add the courgette, tomatoes and salmon, drizzle with the rest of the oil and the oregano.',
      'Roast for 12-15 minutes until the salmon flakes easily.',
      'Squeeze over the lemon and serve straight from the tray.',
    ],
  },
  {
    name: 'Tag Team Chickpea Curry',
    cuisine: 'indian',
    difficulty: 'easy',
    prepTime: 10,
    cookTime: 25,
    servings: 4,
    ingredients: [
      '2 tins chickpeas, drained',
      '1 onion, chopped',
      '3 garlic cloves, crushed',
      '1 tbsp curry powder',
      '400 ml coconut milk',
      '200 g spinach',
      '1 lime',
    ],
    steps: [
      'Fry the onion in a little oil until soft, then add the garlic and curry powder for a minute.',
      'Add the chickpeas and coconut milk and simmer for 15 minutes.',
      'Stir in the spinach until it wilts.',
      'Finish with lime juice and serve with rice or flatbread.',
    ],
  },
  {
    name: 'Heavyweight Lasagne',
    cuisine: 'italian',
    difficulty: 'hard',
    prepTime: 30,
    cookTime: 60,
    servings: 6,
    ingredients: [
      '500 g beef mince',
      '1 onion, diced',
      '2 carrots, diced',
      '700 g passata',
      '12 lasagne sheets',
      '50 g butter',
      '50 g plain flour',
      '600 ml milk',
      '100 g grated parmesan',
    ],
    steps: [
      'Brown the mince with the onion and carrots, add the passata and simmer for 20 minutes.',
      'Melt the butter, stir in the flour, then whisk in the milk until you have a smooth white sauce.',
      'Layer meat sauce, pasta and white sauce three times, finishing with white sauce and parmesan.',
      'Bake at 190°C (170°C fan) for 40 minutes until golden and bubbling.',
      'Rest for 10 minutes before cutting.',
    ],
  },
  {
    name: 'Ringside Smash Burgers',
    cuisine: 'american',
    difficulty: 'medium',
    prepTime: 15,
    cookTime: 10,
    servings: 4,
    ingredients: [
      '500 g beef mince (20% fat)',
      '4 brioche buns',
      '4 slices cheddar',
      '1 red onion, thinly sliced',
      '2 gherkins, sliced',
      '2 tbsp burger sauce',
    ],
    steps: [
      'Divide the mince into 8 balls and season well.',
      'Smash each ball flat onto a very hot pan and cook for 2 minutes until crusty.',
      'Flip, top half of the patties with cheese and cook 1 minute more.',
      'Stack two patties per toasted bun with onion, gherkins and sauce.',
    ],
  },
];

/** Composes a coherent recipe from curated dishes; the item picks the dish, so reruns agree. */
export const builtInRecipeWriter: RecipeWriter = {
  name: 'built-in',
  async write(item) {
    const digest = createHash('sha256').update(item.title).digest();
    const dish = DISHES[digest.readUInt8(0) % DISHES.length] as Dish;
    const headline = item.title.length > 90 ? `${item.title.slice(0, 87).trimEnd()}…` : item.title;
    return themedRecipeSchema.parse({
      title: `${dish.name}: inspired by "${headline}"`,
      description: `${withArticle(dish.difficulty)}, crowd-pleasing ${properAdjective(dish.cuisine)} dish to fuel your next watch party, themed on the wrestling story "${headline}" from ${item.source}.`,
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
 * "An easy", "A medium": the words that follow are the difficulties, so the vowel sound is the
 * first letter's (no "hour"/"unicorn" exceptions among them).
 */
export const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? 'An' : 'A'} ${word}`;

/** Cuisines are proper adjectives in English: "Asian", "Italian", "Mediterranean". */
export const properAdjective = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const themedRecipeTags = (recipe: ThemedRecipe) => [
  WWE_TAG,
  ...recipe.tags.filter((t) => t.toLowerCase() !== WWE_TAG.toLowerCase()),
];
