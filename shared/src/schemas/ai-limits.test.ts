import { describe, expect, it } from 'vitest';
import { aiComparisonAnswer, aiComparisonInput, aiReviewAnswer, aiReviewInput } from './ai';

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues[0]?.message;

describe('AI forms: limits', () => {
  it('review: optional texts are trimmed, and blank ones dropped', () => {
    expect(
      aiReviewInput.parse({
        productName: 'Mat',
        category: 'fitness',
        priceRange: ' £20 ',
        targetAudience: '  ',
      }),
    ).toEqual({ productName: 'Mat', category: 'fitness', priceRange: '£20', keyFeatures: [] });
  });
  it('review: at most 20 key features, each up to 120 characters', () => {
    const base = { productName: 'Mat', category: 'fitness' };
    expect(aiReviewInput.safeParse({ ...base, keyFeatures: Array(20).fill('f').join(',') }).success).toBe(
      true,
    );
    expect(
      firstMessage(aiReviewInput.safeParse({ ...base, keyFeatures: Array(21).fill('f').join(',') })),
    ).toBe('At most 20 key features');
    expect(aiReviewInput.safeParse({ ...base, keyFeatures: 'f'.repeat(121) }).success).toBe(false);
    expect(aiReviewInput.safeParse({ ...base, productName: 'p'.repeat(121) }).success).toBe(false);
  });
  it('comparison: at most 6 products', () => {
    const products = (n: number) => Array.from({ length: n }, (_, i) => `P${i}`).join('\n');
    expect(aiComparisonInput.safeParse({ category: 'makeup', products: products(6) }).success).toBe(true);
    expect(firstMessage(aiComparisonInput.safeParse({ category: 'makeup', products: products(7) }))).toBe(
      'Compare at most 6 products',
    );
  });
});

describe('AI model answers', () => {
  const review = {
    productName: 'Serum',
    rating: 4.5,
    title: 'A fine serum',
    excerpt: 'Short',
    content: '<p>Long</p>',
  };
  it('a full review answer passes; empty or overlong fields do not', () => {
    expect(aiReviewAnswer.parse(review)).toEqual(review);
    expect(aiReviewAnswer.safeParse({ ...review, title: '' }).success).toBe(false);
    expect(aiReviewAnswer.safeParse({ ...review, rating: 5.5 }).success).toBe(false);
    expect(aiReviewAnswer.safeParse({ ...review, excerpt: 'e'.repeat(601) }).success).toBe(false);
  });

  const comparison = {
    title: 'Two serums',
    excerpt: 'Which one',
    introduction: '<p>Intro</p>',
    table: {
      criteria: ['Price', 'Texture'],
      rows: [
        { product: 'Serum A', values: ['£10', 'Light'] },
        { product: 'Serum B', values: ['£20', 'Rich'] },
      ],
    },
    verdict: '<p>Pick A</p>',
  };
  it('a full comparison answer passes as it is', () => {
    expect(aiComparisonAnswer.parse(comparison)).toEqual(comparison);
  });
  it.each([
    ['no title', { title: '' }],
    ['a long title', { title: 't'.repeat(201) }],
    ['a long excerpt', { excerpt: 'e'.repeat(601) }],
    ['no verdict', { verdict: '' }],
    ['no introduction', { introduction: '' }],
    ['no criteria', { table: { ...comparison.table, criteria: [] } }],
    ['13 criteria', { table: { ...comparison.table, criteria: Array(13).fill('c') } }],
    ['a long criterion', { table: { ...comparison.table, criteria: ['c'.repeat(81)] } }],
    ['one row', { table: { ...comparison.table, rows: comparison.table.rows.slice(0, 1) } }],
    ['7 rows', { table: { ...comparison.table, rows: Array(7).fill(comparison.table.rows[0]) } }],
    [
      'a row without a product',
      { table: { ...comparison.table, rows: [{ product: '', values: [] }, comparison.table.rows[1]] } },
    ],
    [
      'a long cell',
      {
        table: {
          ...comparison.table,
          rows: [{ product: 'A', values: ['v'.repeat(301)] }, comparison.table.rows[1]],
        },
      },
    ],
  ])('a comparison with %s is refused', (_label, over) => {
    expect(aiComparisonAnswer.safeParse({ ...comparison, ...over }).success).toBe(false);
  });
  it('12 criteria, 6 rows and 300-character cells are the most allowed', () => {
    const row = { product: 'p'.repeat(200), values: ['v'.repeat(300)] };
    const big = {
      ...comparison,
      table: { criteria: Array(12).fill('c'.repeat(80)), rows: Array(6).fill(row) },
    };
    expect(aiComparisonAnswer.safeParse(big).success).toBe(true);
    expect(
      aiComparisonAnswer.safeParse({
        ...comparison,
        introduction: 'i'.repeat(20_000),
        verdict: 'v'.repeat(20_000),
      }).success,
    ).toBe(true);
  });
});
