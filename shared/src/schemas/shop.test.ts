import { describe, expect, it } from 'vitest';
import { productCategoryInput, productInput, productListQuery } from './shop';

const product = { title: 'Serum', description: 'Glow', price: 10 };
const ok = (over: Record<string, unknown>) => productInput.safeParse({ ...product, ...over }).success;
const firstMessage = (over: Record<string, unknown>) => {
  const r = productInput.safeParse({ ...product, ...over });
  return r.success ? '' : r.error.issues[0]?.message;
};

describe('product form', () => {
  it('fills defaults: no tags, no features, in stock', () => {
    expect(productInput.parse({ ...product, title: ' Serum ' })).toEqual({
      ...product,
      tags: [],
      features: [],
      inStock: true,
    });
  });
  it('prices: non-negative, at most 2 decimals, at most 1,000,000, with the form messages', () => {
    expect(productInput.parse({ ...product, price: '0' }).price).toBe(0);
    expect(productInput.parse({ ...product, price: '1000000' }).price).toBe(1_000_000);
    expect(ok({ price: '1000000.01' })).toBe(false);
    expect(firstMessage({ price: '-0.01' })).toBe('Price cannot be negative');
    expect(firstMessage({ price: 'abc' })).toBe('Price must be a number');
    expect(firstMessage({ price: '1.005' })).toBe('Use at most 2 decimals');
    // A millionth of a penny is still a third decimal place.
    expect(firstMessage({ price: '0.00000001' })).toBe('Use at most 2 decimals');
    expect(productInput.parse({ ...product, price: '0.29' }).price).toBe(0.29);
    expect(productInput.parse({ ...product, originalPrice: '19.99' }).originalPrice).toBe(19.99);
    expect(ok({ originalPrice: null })).toBe(true);
    expect(ok({ originalPrice: '-1' })).toBe(false);
  });
  it('trims the texts it stores', () => {
    const p = productInput.parse({
      ...product,
      description: ' Glow ',
      vendor: ' Glow Lab ',
      features: [' Vegan '],
    });
    expect([p.description, p.vendor, p.features]).toEqual(['Glow', 'Glow Lab', ['Vegan']]);
    expect(productCategoryInput.parse({ name: ' Skin ', description: ' Soft ' })).toEqual({
      name: 'Skin',
      description: 'Soft',
    });
  });
  it('title and description required, with limits', () => {
    expect(firstMessage({ title: ' ' })).toBe('Title is required');
    expect(firstMessage({ description: '' })).toBe('Description is required');
    expect(ok({ title: 't'.repeat(200), description: 'd'.repeat(5000) })).toBe(true);
    expect(ok({ title: 't'.repeat(201) })).toBe(false);
    expect(ok({ description: 'd'.repeat(5001) })).toBe(false);
    expect(ok({ vendor: 'v'.repeat(120) })).toBe(true);
    expect(ok({ vendor: 'v'.repeat(121) })).toBe(false);
  });
  it('features: up to 30 non-empty lines of 200 characters', () => {
    expect(ok({ features: Array(30).fill('f'.repeat(200)) })).toBe(true);
    expect(ok({ features: Array(31).fill('f') })).toBe(false);
    expect(ok({ features: ['f'.repeat(201)] })).toBe(false);
    expect(ok({ features: [' '] })).toBe(false);
  });
  it('affiliate link: http(s) only; image: site path or http(s)', () => {
    expect(ok({ affiliateUrl: 'https://shop.example/x' })).toBe(true);
    expect(ok({ affiliateUrl: 'javascript:alert(1)' })).toBe(false);
    expect(ok({ imageUrl: '/uploads/x.webp' })).toBe(true);
    expect(ok({ imageUrl: '/uploads/x.webp" onerror="x' })).toBe(false);
  });
  it('rating 0 to 5; review count a whole number up to 10 million; category a positive id', () => {
    expect(ok({ rating: 0, reviewCount: 0 })).toBe(true);
    expect(ok({ rating: 5, reviewCount: 10_000_000 })).toBe(true);
    expect(ok({ rating: 5.1 })).toBe(false);
    expect(ok({ rating: -0.1 })).toBe(false);
    expect(ok({ reviewCount: 10_000_001 })).toBe(false);
    expect(ok({ reviewCount: -1 })).toBe(false);
    expect(ok({ reviewCount: 1.5 })).toBe(false);
    expect(ok({ categoryId: '3' })).toBe(true);
    expect(ok({ categoryId: 0 })).toBe(false);
    expect(ok({ inStock: 'yes' })).toBe(false);
  });
});

describe('product list query', () => {
  it('defaults to 300 (the whole shop) from the start', () => {
    expect(productListQuery.parse({})).toEqual({ limit: 300, offset: 0 });
  });
  it('limit is capped at 500 so one call cannot ask for the whole table', () => {
    expect(productListQuery.parse({ limit: '500' }).limit).toBe(500);
    expect(productListQuery.safeParse({ limit: '501' }).success).toBe(false);
    expect(productListQuery.safeParse({ limit: '100000' }).success).toBe(false);
    expect(productListQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(productListQuery.parse({ limit: '1' }).limit).toBe(1);
  });
  it('offset, category and exclude are checked numbers', () => {
    expect(productListQuery.safeParse({ offset: '-1' }).success).toBe(false);
    expect(productListQuery.parse({ offset: '0', categoryId: '2', exclude: '7' })).toEqual({
      limit: 300,
      offset: 0,
      categoryId: 2,
      exclude: 7,
    });
    expect(productListQuery.safeParse({ categoryId: '0' }).success).toBe(false);
    expect(productListQuery.safeParse({ exclude: '-3' }).success).toBe(false);
  });
});

describe('product category form', () => {
  it('name required up to 100; description up to 1000', () => {
    const r = productCategoryInput.safeParse({ name: ' ' });
    expect(r.success ? '' : r.error.issues[0]?.message).toBe('Name is required');
    expect(
      productCategoryInput.safeParse({ name: 'n'.repeat(100), description: 'd'.repeat(1000) }).success,
    ).toBe(true);
    expect(productCategoryInput.safeParse({ name: 'n'.repeat(101) }).success).toBe(false);
    expect(productCategoryInput.safeParse({ name: 'n', description: 'd'.repeat(1001) }).success).toBe(false);
  });
});
