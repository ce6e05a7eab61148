import type { Product, ProductCategory, Recipe } from '@site/shared';

// Test data for the shop, product and recipe page tests.
export const signedInUser = {
  id: 'u1',
  email: 'maya@example.com',
  firstName: 'Maya',
  lastName: 'Stone',
  isAdmin: false,
  role: null,
  profileImageUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
export const anonymous = () =>
  new Response(JSON.stringify({ message: 'You need to sign in to do that.' }), { status: 401 });

export const categories: ProductCategory[] = [
  { id: 1, name: 'Skincare', description: 'Gentle, effective skincare.' },
  { id: 2, name: 'Fitness', description: 'Move more, feel better.' },
];

export function product(over: Partial<Product> = {}): Product {
  return {
    id: 10,
    title: 'Oat Milk Cream Cleanser',
    description: 'A soft cleanser for every skin type.',
    price: '19.99',
    originalPrice: '29.99',
    imageUrl: '/demo/p.webp',
    vendor: 'Glow Lab',
    rating: 4.5,
    reviewCount: 1284,
    inStock: true,
    categoryId: 1,
    tags: ['skincare'],
    features: ['Fragrance free', 'Vegan'],
    affiliateUrl: 'https://shop.example/cleanser',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export function recipe(over: Partial<Recipe> = {}): Recipe {
  return {
    id: 5,
    title: 'Creamy Lemon & Pea Risotto',
    description: 'A bright spring risotto.',
    imageUrl: '/demo/r.webp',
    prepTime: 10,
    cookTime: 30,
    servings: 4,
    cuisine: 'italian',
    difficulty: 'medium',
    tags: ['vegetarian', 'comfort food', 'spring', 'quick', 'budget'],
    author: 'Marco Bellini',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ingredients: ['1 1/2 cups arborio rice', '2 tbsp olive oil', 'Small handful of fresh mint'],
    instructions: ['Warm the stock.', 'Toast the rice.', 'Stir in the stock.'],
    nutritionalInfo: { Calories: '465 kcal', Protein: '15 g' },
    sourceArticleId: null,
    ...over,
  };
}
