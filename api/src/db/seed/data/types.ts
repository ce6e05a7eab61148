/**
 * Shapes of the demo seed data (articles, challenges, shop, recipes, contact messages).
 * Image paths like `/demo/<name>.webp` are served from api/assets/demo/ (see scripts/make-demo-images.mjs).
 */

export type ArticleCategory = 'wellness' | 'style' | 'nutrition' | 'career' | 'home' | 'community' | 'sports';

export interface SeedArticle {
  slug: string;
  title: string;
  excerpt: string;
  /** HTML (<p>, <h2>, <ul>…) or the markdown-like form (# Heading, **bold**, [text](url), ![alt](/demo/x.webp)). */
  content: string;
  category: ArticleCategory;
  imageUrl: string | null;
  tags: string[];
  /** round(words / 200), at least 1 (markup ignored). */
  readTime: number;
  author: string;
  /** 140-160 character meta description. */
  description: string;
  status: 'published' | 'draft';
  publishedDaysAgo: number | null; // null for drafts
  isExternal?: boolean;
  url?: string;
  source?: string;
}

export interface SeedChallenge {
  title: string;
  description: string;
  imageUrl: string;
  participantCount: number;
  active: boolean;
}

export interface SeedProductCategory {
  name: string;
  description: string;
}

export interface SeedProduct {
  title: string;
  description: string;
  price: string;
  originalPrice: string | null; // decimal strings "24.99"
  imageUrl: string;
  vendor: string | null;
  rating: number;
  reviewCount: number;
  inStock: boolean;
  category: string; // must equal a SeedProductCategory.name
  tags: string[];
  features: string[];
  affiliateUrl: string | null;
}

export interface SeedRecipe {
  title: string;
  description: string;
  imageUrl: string;
  prepTime: number;
  cookTime: number;
  servings: number;
  cuisine: 'italian' | 'mexican' | 'asian' | 'american' | 'mediterranean' | 'indian';
  difficulty: 'easy' | 'medium' | 'hard';
  tags: string[];
  author: string;
  ingredients: string[];
  instructions: string[];
  nutritionalInfo: Record<string, string>;
}

export interface SeedContactMessage {
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
  status: 'unread' | 'read' | 'replied';
  daysAgo: number;
}
