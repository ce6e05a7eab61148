import { z } from 'zod';
import {
  ALL_ARTICLE_CATEGORIES,
  ARTICLE_ORIGINS,
  ARTICLE_SORTS,
  ARTICLE_STATUSES,
  CUISINES,
  DIFFICULTIES,
  LIMITS,
  PRODUCT_SORTS,
  RECIPE_SORTS,
} from '../constants';
import { idValue } from './common';
import { isCursorInstant, listCursor } from './cursor';

/** A search box's text: blank means "no search". */
const searchText = z
  .string()
  .trim()
  .max(200, 'Search is at most 200 characters')
  .optional()
  .transform((v) => v || undefined);
const page = {
  limit: z.coerce.number().int().min(1).max(LIMITS.contentMax).default(LIMITS.adminList),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};

/** A text search counts its matches up to this many; more is sent as the cap with X-Total-Count-Capped. */
export const ADMIN_SEARCH_COUNT_CAP = 1000;

const adminArticleListFields = z.object({
  q: searchText,
  status: z.enum([...ARTICLE_STATUSES, 'all']).default('all'),
  category: z.enum(ALL_ARTICLE_CATEGORIES).optional(),
  origin: z.enum(ARTICLE_ORIGINS).optional(),
  /** With origin=rss: one feed's name (articles.source). */
  source: z.string().trim().min(1).max(120).optional(),
  /** `true`: only the signed-in staff member's own articles (the list's "Mine only"). */
  mine: z
    .enum(['true', 'false'], { error: 'mine must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  sort: z.enum(ARTICLE_SORTS).default('newest'),
  ...page,
  /** The X-Next-Cursor of the page before, in the same sort: reads on from there (keyset, issue 43). */
  cursor: listCursor.optional(),
});

/**
 * GET /api/admin/content: search, filters, sort and page; the total comes back as X-Total-Count,
 * counted up to ADMIN_SEARCH_COUNT_CAP (then X-Total-Count-Capped: the list says "1000+").
 */
export const adminArticleListQuery = adminArticleListFields.superRefine((q, ctx) => {
  if (!q.cursor) return;
  if (q.offset)
    ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'Send cursor or offset, not both' });
  // A date sort's key is an instant; a cursor from another sort (or edited) is refused.
  else if (q.sort !== 'title' && !isCursorInstant(q.cursor.k)) {
    ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'Not a valid cursor' });
  }
});
export type AdminArticleListQuery = z.input<typeof adminArticleListQuery>;

/** GET /api/admin/products. */
export const adminProductListQuery = z.object({
  q: searchText,
  categoryId: idValue.optional(),
  stock: z.enum(['in', 'out']).optional(),
  /** Only products whose current affiliate link failed its latest check (the "Broken links" filter). */
  broken: z.enum(['true', 'false']).optional(),
  sort: z.enum(PRODUCT_SORTS).default('newest'),
  ...page,
  limit: z.coerce.number().int().min(1).max(LIMITS.productsMax).default(LIMITS.adminList),
});
export type AdminProductListQuery = z.input<typeof adminProductListQuery>;

/** GET /api/admin/recipes; `wwe=true` keeps the recipes tagged WWE. */
export const adminRecipeListQuery = z.object({
  q: searchText,
  cuisine: z.enum(CUISINES).optional(),
  difficulty: z.enum(DIFFICULTIES).optional(),
  wwe: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  sort: z.enum(RECIPE_SORTS).default('newest'),
  ...page,
  limit: z.coerce.number().int().min(1).max(LIMITS.productsMax).default(LIMITS.adminList),
});
export type AdminRecipeListQuery = z.input<typeof adminRecipeListQuery>;

export const BULK_ACTIONS = ['publish', 'unpublish', 'category', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Most articles one bulk action may change when it is sent as a filter ("all N results"). */
export const BULK_FILTER_MAX = 10_000;

/** "Every article this search finds": the Articles list's query without its sort and page. */
export const adminArticleFilter = adminArticleListFields.omit({
  sort: true,
  limit: true,
  offset: true,
  cursor: true,
});
export type AdminArticleFilter = z.input<typeof adminArticleFilter>;

const articleIds = z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(1000);

/**
 * Which articles: the selected rows (`ids`), or every match of a filter with the count the editor
 * confirmed (`expected`); the server refuses with 409 if the matches no longer number that many.
 * Exactly one of the two.
 */
const bulkTarget = z.union([
  z.object({ ids: articleIds, filter: z.never().optional(), expected: z.never().optional() }),
  z.object({
    filter: adminArticleFilter,
    expected: z.number().int().min(1).max(BULK_FILTER_MAX),
    ids: z.never().optional(),
  }),
]);

const bulkAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('publish') }),
  z.object({ action: z.literal('unpublish') }),
  z.object({ action: z.literal('delete') }),
  z.object({ action: z.literal('category'), category: z.enum(ALL_ARTICLE_CATEGORIES) }),
]);

/** POST /api/admin/content/bulk: one action on several articles, in one transaction. */
export const articleBulkInput = bulkAction.and(bulkTarget);
export type ArticleBulkInput = z.input<typeof articleBulkInput>;
