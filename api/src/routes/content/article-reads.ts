import { LIMITS } from '@site/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { articles } from '../../db/schema';
import { articleDate, isPublic } from '../../db/schema/content';
import { bodyHtmlColumns } from './body-html';
import { summaryColumns } from './summary-columns';

/** Published, or scheduled and due (isPublic): evaluated by each query, so a cached answer is the only lag. */
const published = isPublic();
const position = sql`(${articleDate(articles)}, ${articles.id})`;
/** The position of the article `$self` in its category's newest-first order. */
const selfPosition = sql`(select ${articleDate(articles)}, ${articles.id} from ${articles} where ${articles.id} = ${sql.placeholder('self')})`;
/** Its category, if `$self` is public (null otherwise, so nothing matches). */
const selfCategory = sql`(select ${articles.category} from ${articles} where ${published} and ${articles.id} = ${sql.placeholder('self')})`;
const sameCategory = and(published, sql`${articles.category} = ${selfCategory}`);

/**
 * The statements every article page reads (its article, then its related articles), built and named once
 * per database: drizzle otherwise builds each one's SQL text on every call, and PostgreSQL parses and
 * plans a named statement once per connection. A server render of an article page (web/ssr.ts) is the
 * refill's and every cold page's cost (docs/performance.md, "A render's cost").
 */
function prepare(db: Database) {
  const byId = eq(articles.id, sql.placeholder('id'));
  const bySlug = eq(articles.slug, sql.placeholder('slug'));
  const article = (match: typeof byId, name: string) =>
    db
      .select({ ...summaryColumns, content: articles.content, ...bodyHtmlColumns })
      .from(articles)
      .where(and(published, match))
      .limit(1)
      .prepare(name);
  const self = (match: typeof byId, name: string) =>
    db.select({ id: articles.id }).from(articles).where(and(published, match)).limit(1).prepare(name);
  return {
    articleById: article(byId, 'article_by_id'),
    articleBySlug: article(bySlug, 'article_by_slug'),
    selfById: self(byId, 'related_self_by_id'),
    selfBySlug: self(bySlug, 'related_self_by_slug'),
    /** Spec: up to LIMITS.relatedArticles from the same category; these are the ones published just before. */
    before: db
      .select(summaryColumns)
      .from(articles)
      .where(and(sameCategory, sql`${position} < ${selfPosition}`))
      .orderBy(desc(articleDate(articles)), desc(articles.id))
      .limit(sql.placeholder('limit'))
      .prepare('related_before'),
    /** For the oldest of a category: the nearest after it. */
    after: db
      .select(summaryColumns)
      .from(articles)
      .where(and(sameCategory, sql`${position} > ${selfPosition}`))
      .orderBy(asc(articleDate(articles)), asc(articles.id))
      .limit(sql.placeholder('limit'))
      .prepare('related_after'),
  };
}

const preparedFor = new WeakMap<Database, ReturnType<typeof prepare>>();

function statements(db: Database) {
  let found = preparedFor.get(db);
  if (!found) {
    found = prepare(db);
    preparedFor.set(db, found);
  }
  return found;
}

/** An article's id when the URL names it by number (up to 9 digits), else undefined: a slug. */
const asId = (identifier: string) => (/^\d{1,9}$/.test(identifier) ? Number(identifier) : undefined);

/** The public article `identifier` names (its id or slug), with its body; undefined if none is public. */
export async function readPublicArticle(db: Database, identifier: string) {
  const s = statements(db);
  const id = asId(identifier);
  const [row] = await (id === undefined
    ? s.articleBySlug.execute({ slug: identifier })
    : s.articleById.execute({ id }));
  return row;
}

/**
 * The related articles of the public article `identifier` names, chosen so the answer does not move
 * when unrelated articles are published: the LIMITS.relatedArticles published just before this one, or,
 * for the oldest of a category, the nearest after it. Undefined if no such article is public.
 */
export async function readRelatedArticles(db: Database, identifier: string) {
  const s = statements(db);
  let id = asId(identifier);
  let known = false;
  if (id === undefined) {
    const [self] = await s.selfBySlug.execute({ slug: identifier });
    if (!self) return undefined;
    id = self.id;
    known = true;
  }
  // By id (as the article page asks), one statement: the article's category and position are its subqueries.
  const before = await s.before.execute({ self: id, limit: LIMITS.relatedArticles });
  const after =
    before.length < LIMITS.relatedArticles
      ? await s.after.execute({ self: id, limit: LIMITS.relatedArticles - before.length })
      : [];
  const rows = [...before, ...after];
  // Nothing related: the article may be alone in its category, or not public at all.
  if (rows.length === 0 && !known && (await s.selfById.execute({ id })).length === 0) return undefined;
  return { selfId: id, rows };
}
