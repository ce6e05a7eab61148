/**
 * Rows as the admin list endpoints send them (GET /api/admin/products|recipes), for component tests.
 * Spread and override what a test is about: `{ ...adminProduct, clickCount: 12 }`.
 */
export const adminProduct = {
  id: 5,
  title: 'Rose Serum',
  description: 'Glow',
  price: '24.50',
  originalPrice: null as string | null,
  imageUrl: null as string | null,
  vendor: null as string | null,
  rating: null as string | null,
  reviewCount: 0,
  inStock: true,
  categoryId: null as number | null,
  tags: [] as string[],
  features: [] as string[],
  affiliateUrl: null as string | null,
  clickCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-03T08:00:00.456Z',
};

export const adminRecipe = {
  id: 2,
  title: 'Green Soup',
  description: null as string | null,
  imageUrl: null as string | null,
  prepTime: 10,
  cookTime: null as number | null,
  servings: 2,
  cuisine: null as string | null,
  difficulty: null as string | null,
  tags: [] as string[],
  author: null as string | null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-04T09:30:00.789Z',
  ingredients: ['peas'],
  instructions: ['boil'],
  nutritionalInfo: null as unknown,
  sourceArticleId: null as number | null,
};

export const adminArticle = {
  id: 7,
  slug: 'morning-rituals',
  title: 'Morning Rituals',
  excerpt: 'Start the day well',
  content: 'Body',
  category: 'wellness',
  imageUrl: null as string | null,
  tags: [] as string[],
  status: 'published',
  origin: 'editor',
  readTime: 1,
  publishedAt: '2026-01-01T00:00:00.000Z' as string | null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.123Z',
  author: null as string | null,
  description: null as string | null,
  source: null as string | null,
  url: null as string | null,
  isExternal: false,
  suggestedRating: null as number | null,
};

/** What the article form reads when it opens (GET /api/admin/content/{id}/preview: the body rendered as HTML). */
export const articleRead = (a: { id: number; content: string } & Record<string, unknown>) => ({
  [`GET /api/admin/content/${a.id}/preview`]: { ...a, contentHtml: `<p>${a.content}</p>` },
});
