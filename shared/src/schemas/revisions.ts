import { z } from 'zod';
import { ALL_ARTICLE_CATEGORIES, ARTICLE_STATUSES } from '../constants';
import { idString, imageRef, loadedVersion, text } from './common';

/**
 * What an article form holds while someone edits it: kept on the device at every change and on the
 * server as an autosave (issue 31 §4). Unfinished work may be invalid (an empty title), so only the
 * sizes and the hostile-byte rules of a save apply; nothing here is published or checked for 409.
 */
export const articleDraft = z.object({
  title: text().max(200).default(''),
  excerpt: text().max(600).default(''),
  content: text().max(200_000).default(''),
  category: z.enum(ALL_ARTICLE_CATEGORIES).optional(),
  tags: text().max(1000).default(''),
  slug: text().max(80).default(''),
  status: z.enum(ARTICLE_STATUSES).optional(),
  author: text().max(120).default(''),
  description: text().max(320).default(''),
  imageUrl: imageRef.nullish(),
  publishAt: text().max(40).default(''),
});
export type ArticleDraft = z.output<typeof articleDraft>;

/** PUT /api/admin/content/:id/autosave (and /api/admin/content/new/autosave for an unsaved article). */
export const articleAutosaveInput = z.object({
  draft: articleDraft,
  /** The updatedAt of the version the draft was made from (absent for a new article). */
  baseUpdatedAt: loadedVersion,
});
export type ArticleAutosaveInput = z.input<typeof articleAutosaveInput>;

/** What GET …/autosave answers: the caller's own autosave of that article, or null. */
export interface ArticleAutosave {
  draft: ArticleDraft;
  baseUpdatedAt: string | null;
  savedAt: string;
}

/** POST /api/admin/content/:id/revisions/:revisionId/restore: restoring is a save, so it takes the loaded version. */
export const revisionRestoreInput = z.object({ updatedAt: loadedVersion });

export const revisionParams = z.object({ id: idString, revisionId: idString });

export const REVISION_KINDS = ['create', 'save', 'restore'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** One entry of GET /api/admin/content/:id/revisions (newest first; the body only in the single read). */
export interface ArticleRevisionSummary {
  id: number;
  articleId: number;
  kind: RevisionKind;
  /** The revision a restore copied. */
  restoredFrom: number | null;
  title: string;
  /** Who saved it, as they were named then ("Ada Admin"), or null for an account since deleted. */
  authorName: string | null;
  createdAt: string;
  /** Words in the body, for the list ("1,204 words"). */
  words: number;
}
export interface ArticleRevision extends ArticleRevisionSummary {
  content: string;
}
