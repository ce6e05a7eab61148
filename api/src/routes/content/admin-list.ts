import type { adminArticleFilter, adminArticleListQuery } from '@site/shared';
import { and, asc, desc, eq, getTableColumns, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { articles } from '../../db/schema';
import { notFound } from '../../lib/http/errors';
import { articleDate, articleSearchDocument, isPublic, isPublicAt } from '../../db/schema/content';
import { afterCursor, instantText } from './keyset';
import { tsQuery } from './search-query';

type Query = z.output<typeof adminArticleListQuery>;
type Filter = z.output<typeof adminArticleFilter>;

/** What readers get now: a scheduled article whose time has come reads as published. */
export const effectiveStatus = sql<
  'draft' | 'scheduled' | 'published'
>`(case when ${articles.status} = 'draft' then 'draft' when ${isPublic()} then 'published' else 'scheduled' end)`;

/** Written here, RSS import (told by its external key), AI draft or reader story. */
export const articleOrigin = sql<
  'editor' | 'rss' | 'ai' | 'story'
>`(case when ${articles.externalKey} is not null then 'rss' else coalesce(${articles.origin}, 'editor') end)`;

// The stored body HTML is the readers' (routes/content/body-html.ts); an admin gets it rendered fresh.
const {
  externalKey: _k,
  origin: _o,
  status: _s,
  contentHtml: _html,
  contentHtmlRev: _rev,
  ...plainColumns
} = getTableColumns(articles);
/** An article as the admin sees it: every field, with its effective status and origin. */
export const adminArticleColumns = { ...plainColumns, status: effectiveStatus, origin: articleOrigin };

/** One article as the admin sees it, or 404. */
export async function readAdminArticle(db: Database, id: number) {
  const [row] = await db.select(adminArticleColumns).from(articles).where(eq(articles.id, id));
  if (!row) throw notFound('Article not found');
  return row;
}

type Origin = NonNullable<Query['origin']>;

/**
 * What an admin list filters and sorts on, in one table: the articles themselves, or their narrow
 * search copy (article_search, which the admin search reads: admin-search.ts). The filters and sorts
 * below are written once over this, so both give the same rows in the same order.
 */
export interface AdminListTable {
  id: AnyPgColumn;
  status: AnyPgColumn;
  /** "Newest": publishedAt, else createdAt. */
  date: () => SQL | AnyPgColumn;
  updatedAt: AnyPgColumn;
  title: AnyPgColumn;
  category: AnyPgColumn;
  source: AnyPgColumn;
  createdBy: AnyPgColumn;
  /** The search vector. */
  doc: SQL;
  /** "Written here", "RSS import", … as this table can tell. */
  origin: Record<Origin, () => SQL | undefined>;
}

export const ARTICLES_LIST: AdminListTable = {
  id: articles.id,
  status: articles.status,
  date: () => articleDate(articles),
  updatedAt: articles.updatedAt,
  title: articles.title,
  category: articles.category,
  source: articles.source,
  createdBy: articles.createdBy,
  doc: articleSearchDocument,
  origin: {
    editor: () => and(isNull(articles.externalKey), isNull(articles.origin)),
    rss: () => isNotNull(articles.externalKey),
    // As articleOrigin names them: an imported article is 'rss' whatever else it says.
    ai: () => and(isNull(articles.externalKey), eq(articles.origin, 'ai')),
    story: () => and(isNull(articles.externalKey), eq(articles.origin, 'story')),
  },
};

const STATUS_FILTER: Record<Exclude<Query['status'], 'all'>, (t: AdminListTable) => SQL> = {
  draft: (t) => eq(t.status, 'draft'),
  published: (t) => isPublicAt(t.status, t.date()),
  scheduled: (t) => sql`(${t.status} <> 'draft' and not ${isPublicAt(t.status, t.date())})`,
};

/**
 * The WHERE of an admin article list: search text, status, category, origin and feed. A bulk action on
 * "all N results" uses the same, so it changes exactly the rows the list counted.
 */
export function adminArticleWhere(
  q: Filter & { ownerId?: string },
  t: AdminListTable = ARTICLES_LIST,
): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  // "Mine only": the route puts the signed-in user's id here (ownedBy); nobody else's id can be sent.
  if (q.mine) where.push(q.ownerId ? eq(t.createdBy, q.ownerId) : sql`false`);
  if (q.q) {
    const tsq = tsQuery(q.q);
    // Text with no word in it ("!!!") matches nothing rather than everything.
    where.push(tsq ? sql`${t.doc} @@ ${tsq}` : sql`false`);
  }
  if (q.status !== 'all') where.push(STATUS_FILTER[q.status](t));
  if (q.category) where.push(eq(t.category, q.category));
  if (q.origin) where.push(t.origin[q.origin]());
  if (q.source) where.push(eq(t.source, q.source));
  return and(...where);
}

/** A list filter with "Mine only" bound to the signed-in staff member. */
export function ownedBy<F extends Filter>(filter: F, user: { id: string } | null): F & { ownerId?: string } {
  return filter.mine && user ? { ...filter, ownerId: user.id } : filter;
}

/**
 * Each sort: one key (and its SQL type), then id in the same direction so that pages never overlap.
 * The admin indexes are built on these same expressions, so they serve the order and key ranges.
 */
export const ADMIN_ARTICLE_SORTS: Record<
  Query['sort'],
  { key: (t?: AdminListTable) => SQL | AnyPgColumn; type: 'timestamptz' | 'text'; desc: boolean }
> = {
  newest: { key: (t = ARTICLES_LIST) => t.date(), type: 'timestamptz', desc: true },
  updated: { key: (t = ARTICLES_LIST) => t.updatedAt, type: 'timestamptz', desc: true },
  title: { key: (t = ARTICLES_LIST) => t.title, type: 'text', desc: false },
};

/** ORDER BY of a sort: over the table, or over a subquery's copy of the key and id. */
export function adminArticleOrder(
  sort: Query['sort'],
  key: SQL | SQL.Aliased | AnyPgColumn = ADMIN_ARTICLE_SORTS[sort].key(),
  id: SQL | SQL.Aliased | AnyPgColumn = articles.id,
): SQL[] {
  const dir = ADMIN_ARTICLE_SORTS[sort].desc ? desc : asc;
  return [dir(key), dir(id)];
}

/** A row's position in a sort, as its cursor carries it (an instant keeps its microseconds). */
export function adminPosition(sort: Query['sort']): SQL<string> {
  const s = ADMIN_ARTICLE_SORTS[sort];
  return s.type === 'text' ? sql<string>`${s.key()}` : instantText(s.key());
}

/** The rows after the query's cursor in its sort (keyset): a range of the sort's index, at any depth. */
export function adminAfterCursor(
  query: Pick<Query, 'sort' | 'cursor'>,
  t: AdminListTable = ARTICLES_LIST,
): SQL | undefined {
  if (!query.cursor) return undefined;
  const s = ADMIN_ARTICLE_SORTS[query.sort];
  return afterCursor(s.key(t), t.id, query.cursor, s.type, s.desc);
}
