import {
  type ArticleAutosave,
  type ArticleRevisionSummary,
  articleAutosaveInput,
  idParam,
  idString,
  readTimeMinutes,
  revisionParams,
  revisionRestoreInput,
  wordCount,
} from '@site/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { currentUser } from '../../auth/middleware';
import { can, mayDoToAny } from '../../auth/policy';
import type { AppEnv } from '../../context';
import type { Database } from '../../db/client';
import { articleAutosaves, articleRevisions, articles } from '../../db/schema';
import { notFound } from '../../lib/http/errors';
import { validate } from '../../lib/http/validate';
import { refuseUnsavedWrite, sameVersion } from '../../lib/http/version';
import { byId, clears, clearsNothing } from '../../lib/cache/write-clears';
import { readAdminArticle } from './admin-list';
import { storedBody } from './body-html';
import { dropAutosave, keptRevisions, storeRevision } from './revision-store';
import { authorizeArticleChange } from './ownership';

const revisionColumns = {
  id: articleRevisions.id,
  articleId: articleRevisions.articleId,
  kind: articleRevisions.kind,
  restoredFrom: articleRevisions.restoredFrom,
  title: articleRevisions.title,
  authorName: articleRevisions.authorName,
  createdAt: articleRevisions.createdAt,
  content: articleRevisions.content,
};

async function assertArticle(db: Database, id: number) {
  const [row] = await db
    .select({ id: articles.id, createdBy: articles.createdBy, status: articles.status })
    .from(articles)
    .where(eq(articles.id, id));
  if (!row) throw notFound('Article not found');
  return row;
}

/** An autosave's slot: an article's id, or "new" for the form of an article not created yet. */
const slotParam = z.object({ slot: z.union([z.literal('new'), idString]) });

const AUTOSAVE_IS_PRIVATE = "an autosave is the editor's unpublished work: no public answer shows it";

/**
 * An article's history (issue 31 §5) and the editor's autosave (§4). Revisions are written by the saves
 * themselves (admin.ts); here they are listed, read one at a time for a diff, and restored as a new save.
 */
export const contentHistoryRoutes = new Hono<AppEnv>()
  .get('/admin/content/:id/revisions', can('article.read'), validate('param', idParam), async (c) => {
    const { db } = c.var.deps;
    const { id } = c.req.valid('param');
    await assertArticle(db, id);
    const rows = await db
      .select(revisionColumns)
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, id))
      .orderBy(desc(articleRevisions.id));
    // The list carries each body's word count, not the body: a diff reads the two it compares.
    const list: ArticleRevisionSummary[] = rows.map(({ content, createdAt, ...r }) => ({
      ...r,
      createdAt: createdAt.toISOString(),
      words: wordCount(content),
    }));
    return c.json(list);
  })
  .get(
    '/admin/content/:id/revisions/:revisionId',
    can('article.read'),
    validate('param', revisionParams),
    async (c) => {
      const { id, revisionId } = c.req.valid('param');
      const [row] = await c.var.deps.db
        .select(revisionColumns)
        .from(articleRevisions)
        .where(and(eq(articleRevisions.id, revisionId), eq(articleRevisions.articleId, id)));
      if (!row) throw notFound('Revision not found');
      return c.json({ ...row, words: wordCount(row.content) });
    },
  )
  /**
   * Puts a revision's title and body back as a new save: it checks the loaded version like any save
   * (409), stores a revision of its own ("restored from #n") and clears what a save clears.
   */
  .post(
    '/admin/content/:id/revisions/:revisionId/restore',
    can('article.edit'),
    clears(byId('article', 'list:articles')),
    validate('param', revisionParams),
    validate('json', revisionRestoreInput),
    async (c) => {
      const { db, env } = c.var.deps;
      const { id, revisionId } = c.req.valid('param');
      const { updatedAt: loaded } = c.req.valid('json');
      const user = await currentUser(c);
      // Editors restore any article without a look first; others only what they may change.
      if (!(await mayDoToAny(c, 'article.publish')))
        await authorizeArticleChange(c, await assertArticle(db, id));
      await db.transaction(async (tx) => {
        const [rev] = await tx
          .select({ title: articleRevisions.title, content: articleRevisions.content })
          .from(articleRevisions)
          .where(and(eq(articleRevisions.id, revisionId), eq(articleRevisions.articleId, id)));
        if (!rev) throw notFound('Revision not found');
        const [row] = await tx
          .update(articles)
          .set({
            title: rev.title,
            readTime: readTimeMinutes(rev.content),
            ...storedBody(rev.title, rev.content, env.SITE_URL),
            updatedAt: sql`now()`,
          })
          .where(and(eq(articles.id, id), sameVersion(articles.updatedAt, loaded)))
          .returning({ id: articles.id });
        if (!row) return refuseUnsavedWrite(tx, articles, id, 'article', loaded);
        await storeRevision(tx, {
          articleId: id,
          kind: 'restore',
          restoredFrom: revisionId,
          user,
          title: rev.title,
          content: rev.content,
          keep: keptRevisions(c),
        });
        await dropAutosave(tx, user?.id, id);
      });
      return c.json(await readAdminArticle(db, id));
    },
  )
  .get('/admin/content/:slot/autosave', can('article.create'), validate('param', slotParam), async (c) => {
    const { db } = c.var.deps;
    const { slot } = c.req.valid('param');
    const user = (await currentUser(c))!;
    if (slot !== 'new') await assertArticle(db, slot);
    const [row] = await db
      .select()
      .from(articleAutosaves)
      .where(and(eq(articleAutosaves.userId, user.id), eq(articleAutosaves.slot, String(slot))));
    const autosave: ArticleAutosave | null = row
      ? {
          draft: row.draft,
          baseUpdatedAt: row.baseUpdatedAt?.toISOString() ?? null,
          savedAt: row.savedAt.toISOString(),
        }
      : null;
    return c.json({ autosave });
  })
  .put(
    '/admin/content/:slot/autosave',
    can('article.create'),
    clearsNothing(AUTOSAVE_IS_PRIVATE),
    validate('param', slotParam),
    validate('json', articleAutosaveInput),
    async (c) => {
      const { db } = c.var.deps;
      const { slot } = c.req.valid('param');
      const { draft, baseUpdatedAt } = c.req.valid('json');
      const user = (await currentUser(c))!;
      // An autosave is the start of a save: kept only where the user may save.
      if (slot !== 'new') await authorizeArticleChange(c, await assertArticle(db, slot));
      const values = {
        draft,
        baseUpdatedAt: baseUpdatedAt ? new Date(baseUpdatedAt) : null,
        savedAt: sql`now()`,
      };
      const [row] = await db
        .insert(articleAutosaves)
        .values({ userId: user.id, slot: String(slot), articleId: slot === 'new' ? null : slot, ...values })
        .onConflictDoUpdate({ target: [articleAutosaves.userId, articleAutosaves.slot], set: values })
        .returning({ savedAt: articleAutosaves.savedAt });
      return c.json({ savedAt: row!.savedAt.toISOString() });
    },
  )
  .delete(
    '/admin/content/:slot/autosave',
    can('article.create'),
    clearsNothing(AUTOSAVE_IS_PRIVATE),
    validate('param', slotParam),
    async (c) => {
      const { slot } = c.req.valid('param');
      const user = (await currentUser(c))!;
      await c.var.deps.db.transaction((tx) => dropAutosave(tx, user.id, slot));
      return c.body(null, 204);
    },
  );
