import { describe, expect, it } from 'vitest';
import { LIMITS } from '../constants';
import { recipeInput, recipeListQuery } from './recipe';

const recipe = { title: 'Soup', ingredients: ['leek'], instructions: ['Simmer.'] };
const ok = (over: Record<string, unknown>) => recipeInput.safeParse({ ...recipe, ...over }).success;
const firstMessage = (over: Record<string, unknown>) => {
  const r = recipeInput.safeParse({ ...recipe, ...over });
  return r.success ? '' : r.error.issues[0]?.message;
};

describe('recipe form (spec §5)', () => {
  it('fills the defaults a minimal recipe leaves out', () => {
    expect(recipeInput.parse({ ...recipe, title: ' Soup ' })).toEqual({
      ...recipe,
      prepTime: null,
      cookTime: null,
      servings: null,
      tags: [],
    });
  });

  it('trims the texts it stores', () => {
    const r = recipeInput.parse({
      ...recipe,
      description: ' Warm ',
      author: ' Mia ',
      ingredients: [' leek '],
      instructions: [' Simmer. '],
    });
    expect([r.description, r.author, r.ingredients, r.instructions]).toEqual([
      'Warm',
      'Mia',
      ['leek'],
      ['Simmer.'],
    ]);
  });

  it('title, one ingredient and one instruction are required, with the form messages', () => {
    expect(firstMessage({ title: '  ' })).toBe('Title is required');
    expect(firstMessage({ ingredients: [] })).toBe('At least one ingredient is required');
    expect(firstMessage({ instructions: [] })).toBe('At least one instruction is required');
    expect(ok({ ingredients: ['  '] })).toBe(false);
    expect(ok({ instructions: [''] })).toBe(false);
  });

  it.each([
    ['title', 200],
    ['description', 2000],
    ['author', 120],
  ])('%s: %i characters accepted, one more refused', (field, max) => {
    expect(ok({ [field]: 'a'.repeat(max) })).toBe(true);
    expect(ok({ [field]: 'a'.repeat(max + 1) })).toBe(false);
  });

  it('ingredient lines up to 300 characters and 100 lines; instruction lines up to 2000', () => {
    expect(ok({ ingredients: ['a'.repeat(300)] })).toBe(true);
    expect(ok({ ingredients: ['a'.repeat(301)] })).toBe(false);
    expect(ok({ ingredients: Array(100).fill('a') })).toBe(true);
    expect(ok({ ingredients: Array(101).fill('a') })).toBe(false);
    expect(ok({ instructions: ['a'.repeat(2000)] })).toBe(true);
    expect(ok({ instructions: ['a'.repeat(2001)] })).toBe(false);
    expect(ok({ instructions: Array(100).fill('a') })).toBe(true);
    expect(ok({ instructions: Array(101).fill('a') })).toBe(false);
  });

  it.each([
    ['prepTime', 0, 10_000, [-1, 10_001, 1.5]],
    ['cookTime', 0, 10_000, [-1, 10_001, 2.5]],
    ['servings', 1, 500, [0, 501, 2.5]],
  ] as const)('%s: whole numbers from %i to %i, or null', (field, min, max, bad) => {
    expect(ok({ [field]: min })).toBe(true);
    expect(ok({ [field]: max })).toBe(true);
    expect(ok({ [field]: null })).toBe(true);
    for (const b of bad) expect(ok({ [field]: b })).toBe(false);
  });

  it('difficulty and cuisine come from the spec lists', () => {
    expect(ok({ difficulty: 'easy', cuisine: 'italian' })).toBe(true);
    expect(ok({ difficulty: 'extreme' })).toBe(false);
    expect(ok({ cuisine: 'martian' })).toBe(false);
  });

  it('image: a site path or an http(s) URL only', () => {
    expect(ok({ imageUrl: '/uploads/a.webp' })).toBe(true);
    expect(ok({ imageUrl: 'javascript:alert(1)' })).toBe(false);
    expect(ok({ imageUrl: '//evil.example/a.png' })).toBe(false);
  });

  it('nutritional info: short named values', () => {
    expect(
      recipeInput.parse({ ...recipe, nutritionalInfo: { ' Protein ': ' 12 g ' } }).nutritionalInfo,
    ).toEqual({
      Protein: '12 g',
    });
    expect(ok({ nutritionalInfo: { '': '1' } })).toBe(false);
    expect(ok({ nutritionalInfo: { ['k'.repeat(61)]: '1' } })).toBe(false);
    expect(ok({ nutritionalInfo: { k: 'v'.repeat(61) } })).toBe(false);
    expect(ok({ nutritionalInfo: { ['k'.repeat(60)]: 'v'.repeat(60) } })).toBe(true);
  });
});

describe('recipe list query', () => {
  it('defaults to 200 from the start; filters pass through trimmed', () => {
    expect(recipeListQuery.parse({})).toEqual({ limit: 200, offset: 0 });
    expect(recipeListQuery.parse({ tag: ' vegan ', cuisine: 'indian', difficulty: 'hard' })).toMatchObject({
      tag: 'vegan',
      cuisine: 'indian',
      difficulty: 'hard',
    });
  });
  it(`limit is capped at ${LIMITS.productsMax}; offset cannot be negative`, () => {
    expect(recipeListQuery.parse({ limit: '500' }).limit).toBe(500);
    expect(recipeListQuery.safeParse({ limit: '501' }).success).toBe(false);
    expect(recipeListQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(recipeListQuery.parse({ limit: '1' }).limit).toBe(1);
    expect(recipeListQuery.safeParse({ offset: '-1' }).success).toBe(false);
    expect(recipeListQuery.safeParse({ tag: 't'.repeat(41) }).success).toBe(false);
  });
});
