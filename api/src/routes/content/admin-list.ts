import type { adminArticleListQuery } from '@site/shared';
import { and, asc, desc, eq, getTableColumns, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { articles } from '../../db/schema';
import { articleDate, articleSearchDocument, isPublic } from '../../db/schema/content';
import { tsQuery } from './search-query';

type Query = z.output<typeof adminArticleListQuery>;

/** What readers get now: a scheduled article whose time has come reads as published. */
export const effectiveStatus = sql<
  'draft' | 'scheduled' | 'published'
>`(case when ${articles.status} = 'draft' then 'draft' when ${isPublic()} then 'published' else 'scheduled' end)`;

/** Written here, RSS import (told by its external key), AI draft or reader story. */
export const articleOrigin = sql<
  'editor' | 'rss' | 'ai' | 'story'
>`(case when ${articles.externalKey} is not null then 'rss' else coalesce(${articles.origin}, 'editor') end)`;

const { externalKey: _k, origin: _o, status: _s, ...plainColumns } = getTableColumns(articles);
/** An article as the admin sees it: every field, with its effective status and origin. */
export const adminArticleColumns = { ...plainColumns, status: effectiveStatus, origin: articleOrigin };

const STATUS_FILTER: Record<Exclude<Query['status'], 'all'>, () => SQL> = {
  draft: () => eq(articles.status, 'draft'),
  published: () => isPublic(),
  scheduled: () => sql`(${articles.status} <> 'draft' and not ${isPublic()})`,
};

const ORIGIN_FILTER: Record<NonNullable<Query['origin']>, () => SQL | undefined> = {
  editor: () => and(isNull(articles.externalKey), isNull(articles.origin)),
  rss: () => isNotNull(articles.externalKey),
  ai: () => eq(articles.origin, 'ai'),
  story: () => eq(articles.origin, 'story'),
};

/** The WHERE of an admin article list: search text, status, category, origin and feed. */
export function adminArticleWhere(q: Query): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (q.q) {
    const tsq = tsQuery(q.q);
    // Text with no word in it ("!!!") matches nothing rather than everything.
    where.push(tsq ? sql`${articleSearchDocument} @@ ${tsq}` : sql`false`);
  }
  if (q.status !== 'all') where.push(STATUS_FILTER[q.status]());
  if (q.category) where.push(eq(articles.category, q.category));
  if (q.origin) where.push(ORIGIN_FILTER[q.origin]());
  if (q.source) where.push(eq(articles.source, q.source));
  return and(...where);
}

/** Each sort ends on id so pages never overlap; the orders match the admin indexes. */
export const ADMIN_ARTICLE_ORDER: Record<Query['sort'], SQL[]> = {
  newest: [desc(articleDate(articles)), desc(articles.id)],
  updated: [desc(articles.updatedAt), desc(articles.id)],
  title: [asc(articles.title), asc(articles.id)],
};
