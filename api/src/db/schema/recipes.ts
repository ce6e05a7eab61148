import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { articles } from './content';

export const recipes = pgTable(
  'recipes',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    prepTime: integer('prep_time'),
    cookTime: integer('cook_time'),
    servings: integer('servings'),
    cuisine: text('cuisine'),
    difficulty: text('difficulty'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    author: text('author'),
    ingredients: jsonb('ingredients').$type<string[]>().notNull().default([]),
    instructions: jsonb('instructions').$type<string[]>().notNull().default([]),
    nutritionalInfo: jsonb('nutritional_info').$type<Record<string, string>>(),
    /** The RSS item a themed recipe was made from; unique so one item yields one recipe. */
    sourceArticleId: integer('source_article_id').references(() => articles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recipes_cuisine_difficulty_idx').on(t.cuisine, t.difficulty),
    uniqueIndex('recipes_source_article_idx').on(t.sourceArticleId),
    index('recipes_tags_idx').using('gin', t.tags),
  ],
);
