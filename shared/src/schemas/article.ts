import { z } from 'zod';
import {
  ALL_ARTICLE_CATEGORIES,
  type ArticleOrigin,
  type ArticleStatus,
  ARTICLE_STATUSES,
  LIMITS,
} from '../constants';
import { httpUrl, imageRef, loadedVersion, tagList, text } from './common';
import { dateCursor } from './cursor';

/** A slug as an address part: lower-case words, digits and single hyphens. */
export const articleSlug = text()
  .trim()
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, numbers and hyphens');

/**
 * An article's fields without defaults: a create fills the defaults in (`articleInput`), an update
 * leaves a field it does not name as it is (`articleUpdate`, issue 31 §7).
 */
const articleFields = {
  title: text().trim().min(1, 'Title is required').max(200),
  excerpt: text().trim().min(1, 'Excerpt is required').max(600),
  content: text().trim().min(1, 'Content is required').max(200_000),
  category: z.enum(ALL_ARTICLE_CATEGORIES),
  tags: tagList,
  imageUrl: imageRef.nullish(),
  author: text().trim().max(120).nullish(),
  description: text().trim().max(320).nullish(),
  slug: articleSlug.nullish(),
  status: z.enum(ARTICLE_STATUSES),
  /** Required with status "scheduled" (a future time); ignored for drafts. */
  publishedAt: z.iso.datetime({ offset: true, message: 'Use a date and time' }).nullish(),
  /** The updatedAt the form loaded: a save over a newer version is refused with 409 (no lost edits). */
  updatedAt: loadedVersion,
  isExternal: z.boolean().optional(),
  url: httpUrl.nullish(),
  source: text().trim().max(120).nullish(),
  /** An AI review's rating awaiting the editor (null once confirmed or dismissed). */
  suggestedRating: z.number().min(1).max(5).nullish(),
  /**
   * With a new slug on an article readers could already open: keep the old address working as a 301
   * to the new one (issue 31 §6); left out, it is kept too (issue 40 §13), so only `false` lets the
   * old address go. Ignored when the slug does not change.
   */
  redirectOldSlug: z.boolean().optional(),
};

const scheduledNeedsTime = {
  check: (a: { status?: ArticleStatus | undefined; publishedAt?: string | null | undefined }) =>
    a.status !== 'scheduled' || Boolean(a.publishedAt),
  params: { path: ['publishedAt'], message: 'Choose when to publish a scheduled article' },
};

export const articleInput = z
  .object({ ...articleFields, tags: tagList.default([]), status: articleFields.status.default('published') })
  .refine(scheduledNeedsTime.check, scheduledNeedsTime.params);
export type ArticleInput = z.input<typeof articleInput>;

/**
 * PUT /api/content/:id: every field optional, none with a default. A field the body leaves out keeps
 * its value (a save without `status` no longer publishes a draft); one it names is checked as on create.
 */
export const articleUpdate = z
  .object(articleFields)
  .partial()
  .refine(scheduledNeedsTime.check, scheduledNeedsTime.params);
export type ArticleUpdate = z.input<typeof articleUpdate>;

/**
 * GET /api/content: a page of the newest public articles. `cursor` (the X-Next-Cursor of the page
 * before) reads on from there at any depth; `offset` still works but walks every row it skips.
 */
export const contentListQuery = z
  .object({
    category: z.enum(ALL_ARTICLE_CATEGORIES).optional(),
    limit: z.coerce.number().int().min(1).max(LIMITS.contentMax).default(LIMITS.newsPageSize),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    cursor: dateCursor.optional(),
    /** Admin only: include drafts. Ignored for everyone else. */
    status: z.enum([...ARTICLE_STATUSES, 'all']).optional(),
  })
  .refine((q) => !(q.cursor && q.offset), {
    path: ['cursor'],
    message: 'Send cursor or offset, not both',
  });

const searchTerm = text()
  .trim()
  .min(LIMITS.searchMinChars, `Search needs at least ${LIMITS.searchMinChars} characters`)
  .max(200);

/** A search, within one category when given (a category page's search box searches that category). */
export const searchQuery = z.object({
  q: searchTerm,
  category: z.enum(ALL_ARTICLE_CATEGORIES).optional(),
});

/** The filter buttons' counts: of every public article, or of a search's matches (`q`). */
export const countsQuery = z.object({ q: searchTerm.optional() });

export interface Article {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  imageUrl: string | null;
  tags: string[];
  readTime: number;
  publishedAt: string | null;
  /** An RSS item whose feed gave no readable date: publishedAt is when it was imported. */
  dateUnknown?: boolean;
  createdAt: string;
  updatedAt: string;
  author: string | null;
  description: string | null;
  source: string | null;
  url: string | null;
  isExternal: boolean;
  status: ArticleStatus;
  origin?: ArticleOrigin;
  suggestedRating?: number | null;
}
/** List views leave out the body. */
export type ArticleSummary = Omit<Article, 'content'>;
