import { z } from 'zod';
import { CUISINES, DIFFICULTIES, LIMITS } from '../constants';
import { imageRef, loadedVersion, offsetQuery, tagList, text } from './common';

const minutes = z.number().int().min(0).max(10_000).nullable();

/** A recipe's fields without defaults (create: `recipeInput`; update: `recipeUpdate`, issue 31 §7). */
const recipeFields = {
  title: text().trim().min(1, 'Title is required').max(200),
  description: text().trim().max(2000).nullish(),
  ingredients: z.array(text().trim().min(1).max(300)).min(1, 'At least one ingredient is required').max(100),
  instructions: z
    .array(text().trim().min(1).max(2000))
    .min(1, 'At least one instruction is required')
    .max(100),
  prepTime: minutes,
  cookTime: minutes,
  servings: z.number().int().min(1).max(500).nullable(),
  difficulty: z.enum(DIFFICULTIES).nullish(),
  cuisine: z.enum(CUISINES).nullish(),
  imageUrl: imageRef.nullish(),
  tags: tagList,
  author: text().trim().max(120).nullish(),
  nutritionalInfo: z.record(text().trim().min(1).max(60), text().trim().max(60)).nullish(),
  /** The updatedAt the form loaded: a save over a newer version is refused with 409. */
  updatedAt: loadedVersion,
};

export const recipeInput = z.object({
  ...recipeFields,
  prepTime: minutes.default(null),
  cookTime: minutes.default(null),
  servings: recipeFields.servings.default(null),
  tags: tagList.default([]),
});
export type RecipeInput = z.input<typeof recipeInput>;

/** PUT /api/recipes/:id: a field the body leaves out keeps its value. */
export const recipeUpdate = z.object(recipeFields).partial();

export const recipeListQuery = z.object({
  cuisine: z.enum(CUISINES).optional(),
  difficulty: z.enum(DIFFICULTIES).optional(),
  tag: text().trim().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.productsMax).default(200),
  offset: offsetQuery,
});

export interface Recipe {
  id: number;
  title: string;
  description: string | null;
  imageUrl: string | null;
  prepTime: number | null;
  cookTime: number | null;
  servings: number | null;
  cuisine: string | null;
  difficulty: string | null;
  tags: string[];
  author: string | null;
  createdAt: string;
  updatedAt: string;
  ingredients: string[];
  instructions: string[];
  nutritionalInfo: Record<string, string> | null;
  sourceArticleId: number | null;
}
