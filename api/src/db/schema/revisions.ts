import type { ArticleDraft } from '@site/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { articles } from './content';

/**
 * Every editor save of an article (create, save, restore) keeps its title and body here, with who and
 * when (issue 31 §5). Only the newest ARTICLE_REVISIONS_KEPT per article stay: each save deletes the
 * older ones in its own transaction, through the (article_id, id desc) index.
 */
export const articleRevisions = pgTable(
  'article_revisions',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['create', 'save', 'restore'] }).notNull(),
    /** The revision a restore copied (not a foreign key: that one may have been pruned since). */
    restoredFrom: integer('restored_from'),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The saver's name when they saved: the history still says who after a rename or a deleted account. */
    authorName: text('author_name'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('article_revisions_article_newest_idx').on(t.articleId, sql`${t.id} desc`)],
);

/**
 * The form an editor has open, saved every few seconds of idle time (issue 31 §4): one row per editor
 * and article ("new" for one not created yet). It publishes nothing and leaves the article's
 * updatedAt alone, so it never counts as a save for the 409 rule.
 */
export const articleAutosaves = pgTable(
  'article_autosaves',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The article's id as text, or "new". */
    slot: text('slot').notNull(),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'cascade' }),
    draft: jsonb('draft').$type<ArticleDraft>().notNull(),
    baseUpdatedAt: timestamp('base_updated_at', { withTimezone: true }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.slot] }),
    index('article_autosaves_article_idx').on(t.articleId),
  ],
);

/**
 * An old slug of an article that readers could open under it: `/content/{slug}` and
 * `/api/content/{slug}` answer 301 to the article's current slug (issue 31 §6). A slug here is never
 * the live slug of an article: taking it (a new article, a rename back) deletes the row.
 */
export const articleSlugRedirects = pgTable(
  'article_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('article_slug_redirects_article_idx').on(t.articleId)],
);
