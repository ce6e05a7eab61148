import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { articles } from './content';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Anonymous article pages, rendered when their article is published or changed and kept here for
 * every instance (web/stored-pages.ts): a page miss reads these bytes instead of rendering.
 */
export const storedPages = pgTable(
  'stored_pages',
  {
    /** The request path it answers (`/content/{slug}`, `/article/{id}`), without a query string. */
    path: text('path').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** The web build that rendered it (template and bundle names): another build renders it again. */
    build: text('build').notNull(),
    /** Surrogate keys of everything it shows: a write that clears one marks the page stale. */
    keys: text('keys').array().notNull(),
    /** A write changed something it shows: render again before serving. */
    stale: boolean('stale').notNull().default(false),
    /**
     * The page, brotli-compressed once when stored (what browsers and the main crawlers accept): sent
     * as it is to them; a gzip-only client gets a gzip made from it (lib/cache/cached-response.ts).
     * Null only in rows written by a release before brotli (their build is never served now).
     */
    br: bytea('br'),
    /**
     * The gzip form earlier releases stored (level 9). Nothing writes it now (a new write clears it);
     * kept, nullable, while the previous release may still run (docs/deploy.md): drop it a release later.
     */
    gzip: bytea('gzip'),
    renderedAt: timestamp('rendered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stored_pages_keys_idx').using('gin', t.keys),
    index('stored_pages_article_idx').on(t.articleId),
    index('stored_pages_pending_idx').on(t.build).where(sql`not ${t.stale}`),
  ],
);

/** Web builds seen by the instances, newest last: only the newest writes stored pages. */
export const pageBuilds = pgTable('page_builds', {
  build: text('build').primaryKey(),
  firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * When each surrogate key was last invalidated (database clock): a render that began before a write
 * changed what it shows is not stored (web/stored-pages.ts: savePage). Rows older than an hour are pruned.
 */
export const pageInvalidations = pgTable('page_invalidations', {
  key: text('key').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});
