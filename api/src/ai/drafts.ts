import { randomBytes } from 'node:crypto';
import {
  type AiCategory,
  type AiDraftRef,
  type ArticleCategory,
  readTimeMinutes,
  slugify,
} from '@site/shared';
import type { SessionUser } from '../context';
import type { Database } from '../db/client';
import { articles } from '../db/schema';
import { storedBody } from '../routes/content/body-html';

export const DEFAULT_AI_AUTHOR = 'Bloom & Balance Editorial';

/** Generator categories land in the closest site section (the image review always uses style, spec §7). */
export const ARTICLE_CATEGORY_FOR: Record<AiCategory, ArticleCategory> = {
  skincare: 'style',
  makeup: 'style',
  fashion: 'style',
  'home-decor': 'home',
  wellness: 'wellness',
  fitness: 'wellness',
};

/** The admin's name, else the editorial default (spec §7). */
export function authorName(user: SessionUser | null | undefined): string {
  const full = [user?.firstName, user?.lastName]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');
  return full || user?.name?.trim() || DEFAULT_AI_AUTHOR;
}

/**
 * Save a generated article as a draft (never public until an editor publishes it). One INSERT,
 * so either the whole article exists or nothing does. The random suffix keeps slugs unique.
 */
export async function createDraft(
  db: Database,
  a: {
    title: string;
    excerpt: string;
    content: string;
    category: ArticleCategory;
    tags: string[];
    author: string;
    imageUrl?: string | null;
    /** A review's rating, for the editor to confirm. */
    suggestedRating?: number;
  },
): Promise<AiDraftRef> {
  const base = slugify(a.title).slice(0, 70).replace(/-+$/, '') || 'ai-draft';
  const slug = `${base}-${randomBytes(3).toString('hex')}`;
  const [row] = await db
    .insert(articles)
    .values({
      slug,
      title: a.title.trim().slice(0, 200),
      excerpt: a.excerpt.trim().slice(0, 600),
      category: a.category,
      tags: [...new Set(a.tags)].slice(0, 20),
      imageUrl: a.imageUrl ?? null,
      readTime: readTimeMinutes(a.content),
      ...storedBody(a.title.trim().slice(0, 200), a.content),
      status: 'draft',
      publishedAt: null,
      author: a.author,
      origin: 'ai',
      suggestedRating: a.suggestedRating ?? null,
    })
    .returning({ id: articles.id, slug: articles.slug, title: articles.title });
  if (!row) throw new Error('insert returned no row');
  return { ...row, status: 'draft' };
}
