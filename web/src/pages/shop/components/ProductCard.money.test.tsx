// @ts-nocheck
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../test/render';
import { product } from '../fixtures';
import { ProductCard } from './ProductCard';

// What a shopper reads on a card when the prices are not a real discount (issue 18, money.ts).
const card = (over: Parameters<typeof product>[0]) =>
  renderWithRouter(<ProductCard product={product(over)} signedIn sizes="100vw" />).container;

describe('Product card money display', () => {
  it('a real discount shows the badge, the struck original price and the exact saving', () => {
    const c = card({ price: '19.99', originalPrice: '29.99' });
    expect(c.textContent).toContain('33% OFF');
    expect(c.querySelector('s')?.textContent).toBe('£29.99');
    expect(screen.getByText('Save £10.00')).toBeTruthy();
  });

  it('a one-penny discount still shows "Save £0.01"', () => {
    card({ price: '9.99', originalPrice: '10.00' });
    expect(screen.getByText('Save £0.01')).toBeTruthy();
  });

  it('price equal to the original price: no "Save", no struck price, no badge', () => {
    const c = card({ price: '24.99', originalPrice: '24.99' });
    expect(c.textContent).not.toMatch(/Save|OFF/);
    expect(c.querySelector('s')).toBeNull();
    expect(c.textContent).toContain('£24.99');
  });

  it('an original price below the price is not a discount', () => {
    const c = card({ price: '30.00', originalPrice: '20.00' });
    expect(c.textContent).not.toMatch(/Save|OFF/);
  });

  it.each([
    ['an infinite original price', { price: '19.99', originalPrice: 'Infinity' }],
    ['a price that is not a number', { price: 'abc', originalPrice: '29.99' }],
    ['an original price that is not a number', { price: '19.99', originalPrice: 'n/a' }],
  ])('%s: never "NaN% off" or "Save £" with nothing after it', (_label, prices) => {
    const c = card(prices);
    expect(c.textContent).not.toMatch(/NaN|Infinity|OFF|Save/);
  });
});
