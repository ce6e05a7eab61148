import { describe, expect, it } from 'vitest';
import { ratingLineHtml } from './rating';

describe('ratingLineHtml', () => {
  it('whole ratings without a decimal point', () => {
    expect(ratingLineHtml(4)).toBe('<p><strong>Our rating: 4 out of 5</strong></p>');
    expect(ratingLineHtml(5)).toBe('<p><strong>Our rating: 5 out of 5</strong></p>');
  });

  it('others to one decimal place', () => {
    expect(ratingLineHtml(4.5)).toBe('<p><strong>Our rating: 4.5 out of 5</strong></p>');
    expect(ratingLineHtml(3.25)).toBe('<p><strong>Our rating: 3.3 out of 5</strong></p>');
    expect(ratingLineHtml(1.04)).toBe('<p><strong>Our rating: 1.0 out of 5</strong></p>');
  });
});
