import { idParam, offsetQuery, readTimeMinutes, STORY_STATUSES, storyStatusInput } from '@site/shared';
import { and, count, desc, eq, isNull, ne, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { can } from '../../auth/policy';
import type { AppEnv } from '../../context';
import { articles, storySubmissions } from '../../db/schema';
import { conflict, isUniqueViolation, notFound } from '../../lib/http/errors';
import { validate } from '../../lib/http/validate';
import { uniqueSlug } from '../content/slug';
import { storedBody } from '../content/body-html';
import { clearsNothing } from '../../lib/cache/write-clears';

const STORIES_ARE_PRIVATE = 'submitted stories are shown to admins only';

const listQuery = z.object({
  status: z.enum(STORY_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: offsetQuery,
});

const EXCERPT_MAX = 200;

/** The first sentences of the story, cut at a word, for the draft's excerpt. */
export function storyExcerpt(story: string): string {
  const flat = story.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_MAX) return flat;
  const cut = flat.slice(0, EXCERPT_MAX);
  const sentenceEnd = cut.lastIndexOf('. ');
  if (sentenceEnd > 80) return cut.slice(0, sentenceEnd + 1);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

/** Approved with its draft still there: locked, so the draft is never orphaned or made twice. */
const unlocked = or(ne(storySubmissions.status, 'approved'), isNull(storySubmissions.articleId));

const alreadyApproved = () => conflict('This story is already approved; its draft is in the Articles tab.');

/** Story submissions for editors: read, reject, delete, or approve into a community draft article. */
export const adminStoriesRoutes = new Hono<AppEnv>()
  .get('/admin/stories', can('stories.manage'), validate('query', listQuery), async (c) => {
    const { status, limit, offset } = c.req.valid('query');
    const rows = await c.var.deps.db
      .select()
      .from(storySubmissions)
      .where(status ? eq(storySubmissions.status, status) : undefined)
      .orderBy(desc(storySubmissions.createdAt), desc(storySubmissions.id))
      .limit(limit)
      .offset(offset);
    return c.json(rows);
  })
  .get('/admin/stories/counts', can('stories.manage'), async (c) => {
    const rows = await c.var.deps.db
      .select({ status: storySubmissions.status, n: count() })
      .from(storySubmissions)
      .groupBy(storySubmissions.status);
    const counts = { new: 0, approved: 0, rejected: 0 };
    for (const r of rows) counts[r.status] = r.n;
    return c.json(counts);
  })
  .patch(
    '/admin/stories/:id',
    can('stories.manage'),
    clearsNothing(STORIES_ARE_PRIVATE),
    validate('param', idParam),
    validate('json', storyStatusInput),
    async (c) => {
      const db = c.var.deps.db;
      const { id } = c.req.valid('param');
      const [row] = await db
        .update(storySubmissions)
        .set({ status: c.req.valid('json').status })
        .where(and(eq(storySubmissions.id, id), unlocked))
        .returning();
      if (row) return c.json(row);
      const [exists] = await db
        .select({ id: storySubmissions.id })
        .from(storySubmissions)
        .where(eq(storySubmissions.id, id));
      throw exists ? alreadyApproved() : notFound('Story not found');
    },
  )
  /**
   * Approve: make a draft article in Community from the story (author = the reader's name) and mark
   * the story approved, in one transaction, so a story never ends up approved without its draft or
   * twice drafted. The editor then polishes and publishes the draft from the Articles tab.
   */
  .post(
    '/admin/stories/:id/approve',
    can('stories.manage'),
    clearsNothing('the story becomes a draft, which no public page shows'),
    validate('param', idParam),
    async (c) => {
      const db = c.var.deps.db;
      const { id } = c.req.valid('param');
      try {
        const result = await db.transaction(async (tx) => {
          // The row lock makes a second editor's approval wait, then see "approved" and stop.
          const [story] = await tx
            .select()
            .from(storySubmissions)
            .where(eq(storySubmissions.id, id))
            .for('update');
          if (!story) throw notFound('Story not found');
          if (story.status === 'approved' && story.articleId !== null) throw alreadyApproved();
          const [article] = await tx
            .insert(articles)
            .values({
              slug: await uniqueSlug(tx, story.title),
              title: story.title,
              excerpt: storyExcerpt(story.story),
              category: 'community',
              author: story.name,
              // No "reader story" tag: the origin already says so, and the admin showed both (issue 26).
              tags: [],
              readTime: readTimeMinutes(story.story),
              ...storedBody(story.title, story.story, c.var.deps.env.SITE_URL),
              status: 'draft',
              publishedAt: null,
              origin: 'story',
            })
            .returning({ id: articles.id });
          const [updated] = await tx
            .update(storySubmissions)
            .set({ status: 'approved', articleId: article!.id })
            .where(eq(storySubmissions.id, id))
            .returning();
          return updated!;
        });
        return c.json(result, 201);
      } catch (err) {
        // Another article took the same slug at the same instant; nothing was saved.
        if (isUniqueViolation(err))
          throw conflict('Another article was saved at the same moment. Please try again.');
        throw err;
      }
    },
  )
  .delete(
    '/admin/stories/:id',
    can('stories.manage'),
    clearsNothing(STORIES_ARE_PRIVATE),
    validate('param', idParam),
    async (c) => {
      const gone = await c.var.deps.db
        .delete(storySubmissions)
        .where(eq(storySubmissions.id, c.req.valid('param').id))
        .returning({ id: storySubmissions.id });
      if (!gone.length) throw notFound('Story not found');
      return c.body(null, 204);
    },
  );
