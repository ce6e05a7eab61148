import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * The full-text document of an article (title A, excerpt and tags B, body C): the expression of the
 * stored `search_vector` column (migration 0001), which searches read. An index on the expression
 * itself was never used once the column existed and was dropped (migration 0024).
 */
export function articleSearchVector(t: {
  title: AnyPgColumn;
  excerpt: AnyPgColumn;
  content: AnyPgColumn;
  tags: AnyPgColumn;
}) {
  return sql`(setweight(to_tsvector('english'::regconfig, coalesce(${t.title}, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(${t.excerpt}, '')), 'B') || setweight(jsonb_to_tsvector('english'::regconfig, coalesce(${t.tags}, '[]'::jsonb), '["string"]'), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(${t.content}, '')), 'C'))`;
}

/**
 * The stored copy of articleSearchVector() (migration 0001, GIN-indexed as articles_search_vector_idx).
 * Search with `articleSearchDocument @@ query` and rank with `ts_rank(articleSearchDocument, query)`:
 * reading the stored vector avoids recomputing to_tsvector for every candidate row (10-60x faster at
 * 100,000 articles, docs/performance.md). Not a drizzle column, so selecting an article never returns it.
 */
export const articleSearchDocument = sql`"articles"."search_vector"`;

/**
 * An article's date for "newest first" (spec §2: publishedAt, else createdAt). The list indexes are
 * built on this same expression, so ordering by it (desc, then id desc) reads the index instead of sorting.
 */
export function articleDate(t: { publishedAt: AnyPgColumn; createdAt: AnyPgColumn }) {
  return sql`coalesce(${t.publishedAt}, ${t.createdAt})`;
}

/** The statuses that can be public; written as a literal so the partial indexes below match the queries. */
export const PUBLIC_STATUSES = sql.raw(`('published', 'scheduled')`);

/**
 * The one test of "readers may see this article" (DESIGN.md §7): published, or scheduled and its
 * time has come. The query itself compares with the clock, so no job flips a scheduled article:
 * statement_timestamp(), not now(), which inside a staff write's transaction (audit/record.ts) is the
 * time it began, before the save stamped its own publishing time.
 * Every public read (lists, featured, search, related, counts, sitemap, feed, the article) uses it;
 * its shape matches the partial "public newest" indexes, so lists still read an index, not a sort.
 */
export function isPublic(
  t: { status: AnyPgColumn; publishedAt: AnyPgColumn; createdAt: AnyPgColumn } = articles,
) {
  return isPublicAt(t.status, articleDate(t));
}

/** isPublic() over a status and a date kept elsewhere (the admin search's narrow copy, article_search). */
export function isPublicAt(status: AnyPgColumn, date: SQL | AnyPgColumn) {
  return sql`(${status} in ${PUBLIC_STATUSES} and ${date} <= statement_timestamp())`;
}

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    content: text('content').notNull(),
    category: text('category').notNull(),
    imageUrl: text('image_url'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    readTime: integer('read_time').notNull().default(1),
    status: text('status', { enum: ['draft', 'scheduled', 'published'] })
      .notNull()
      .default('published'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** An RSS item whose feed gave no readable date: publishedAt is its import time (it sorts there),
     * and editors and readers see "date unknown" rather than "just now". */
    dateUnknown: boolean('date_unknown').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    author: text('author'),
    description: text('description'),
    source: text('source'),
    url: text('url'),
    isExternal: boolean('is_external').notNull().default(false),
    /** RSS de-duplication key: the item's GUID, else its normalised link. */
    externalKey: text('external_key'),
    /** Machine-made drafts: 'ai' (AI tools) or 'story' (an approved reader story). RSS imports are told
     * apart by externalKey; neither means written here. */
    origin: text('origin', { enum: ['ai', 'story'] }),
    /** An AI review's rating, held back until an editor confirms it (the model never used the product). */
    suggestedRating: real('suggested_rating'),
    /** The body as safe HTML, made when it was written (routes/content/body-html.ts), with the renderer
     * revision that made it. A trigger (migration 0009) empties both when `content` changes without them. */
    contentHtml: text('content_html'),
    contentHtmlRev: integer('content_html_rev'),
    /** The staff member who wrote it: contributors and authors may change only their own (auth/policy.ts).
     * Null for imports, machine drafts and articles from before roles. */
    createdBy: text('created_by').references((): AnyPgColumn => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    // Public lists, featured, related and search candidates all order by articleDate() desc, id desc
    // among isPublic() rows: partial indexes on its status test, with the date bound as a range.
    index('articles_public_newest_idx')
      .on(sql`${articleDate(t)} desc`, sql`${t.id} desc`)
      .where(sql`${t.status} in ${PUBLIC_STATUSES}`),
    index('articles_public_category_newest_idx')
      .on(t.category, sql`${articleDate(t)} desc`, sql`${t.id} desc`)
      .where(sql`${t.status} in ${PUBLIC_STATUSES}`),
    // The admin list's sorts over every status. Written as the ORDER BY writes them (`desc` is
    // nulls first): an index in another null order cannot serve the sort, even on a not-null column.
    index('articles_newest_idx').on(sql`${articleDate(t)} desc`, sql`${t.id} desc`),
    index('articles_updated_idx').on(sql`${t.updatedAt} desc`, sql`${t.id} desc`),
    index('articles_title_idx').on(t.title, t.id),
    // The admin filters by status and category: walked in their sort, or ANDed with the search
    // index's bitmap so only the articles that pass both are read (admin-search.ts).
    index('articles_status_updated_idx').on(t.status, sql`${t.updatedAt} desc`, sql`${t.id} desc`),
    index('articles_category_newest_idx').on(t.category, sql`${articleDate(t)} desc`, sql`${t.id} desc`),
    uniqueIndex('articles_external_key_idx').on(t.externalKey),
  ],
);

export const challenges = pgTable('challenges', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  imageUrl: text('image_url'),
  participantCount: integer('participant_count').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Community stories sent from /community/submit-story, held for admins. */
export const storySubmissions = pgTable('story_submissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  title: text('title').notNull(),
  story: text('story').notNull(),
  status: text('status', { enum: ['new', 'approved', 'rejected'] })
    .notNull()
    .default('new'),
  /** The community draft made from it when an editor approved it. */
  articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['unread', 'read', 'replied'] })
      .notNull()
      .default('unread'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_status_date_idx').on(t.status, t.createdAt.desc())],
);
