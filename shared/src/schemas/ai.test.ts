import { describe, expect, it } from 'vitest';
import { aiComparisonInput, aiReviewAnswer, aiReviewInput, analyzeImageFields } from './ai';

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues[0]?.message;

describe('AI schemas', () => {
  it('the image review takes one of the six AI categories, else "Please select a category"', () => {
    expect(analyzeImageFields.safeParse({ category: 'home-decor' }).success).toBe(true);
    expect(firstMessage(analyzeImageFields.safeParse({ category: 'style' }))).toBe(
      'Please select a category',
    );
    expect(firstMessage(analyzeImageFields.safeParse({}))).toBe('Please select a category');
  });

  it('an empty price range counts as none', () => {
    expect(analyzeImageFields.parse({ category: 'fitness', priceRange: '  ' })).toEqual({
      category: 'fitness',
    });
  });

  it('review key features are split on commas and trimmed', () => {
    const r = aiReviewInput.parse({ productName: ' Mat ', category: 'fitness', keyFeatures: 'a, b ,, c' });
    expect(r).toMatchObject({ productName: 'Mat', keyFeatures: ['a', 'b', 'c'] });
    expect(firstMessage(aiReviewInput.safeParse({ productName: '', category: 'fitness' }))).toBe(
      'Please enter a product name',
    );
  });

  it('a comparison needs at least two products, one per line, blank lines dropped', () => {
    expect(aiComparisonInput.parse({ category: 'makeup', products: 'A\n\n B \n' }).products).toEqual([
      'A',
      'B',
    ]);
    expect(firstMessage(aiComparisonInput.safeParse({ category: 'makeup', products: 'A\n\n' }))).toBe(
      'Enter at least two products, one per line',
    );
  });

  it('a model answer with a rating outside 1-5 or a missing field is rejected', () => {
    const good = { productName: 'p', rating: 4, title: 't', excerpt: 'e', content: '<p>c</p>' };
    expect(aiReviewAnswer.safeParse(good).success).toBe(true);
    expect(aiReviewAnswer.safeParse({ ...good, rating: 0 }).success).toBe(false);
    expect(aiReviewAnswer.safeParse({ ...good, content: undefined }).success).toBe(false);
  });
});
