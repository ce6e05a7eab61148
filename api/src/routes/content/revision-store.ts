import type { RevisionKind } from '@site/shared';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv, SessionUser } from '../../context';
import type { Database } from '../../db/client';
import { articleAutosaves, articleRevisions, articleSlugRedirects } from '../../db/schema';

/** The database or a transaction on it. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** How many revisions each article keeps (ARTICLE_REVISIONS_KEPT, docs/settings.md). */
export const keptRevisions = (c: Context<AppEnv>) => c.var.deps.env.ARTICLE_REVISIONS_KEPT;

/** How the history names who saved: "Ada Admin", else the account's name, else its email. */
export function saverName(u: SessionUser): string {
  const full = [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
  return full || u.name?.trim() || u.email;
}

/**
 * Stores one revision and deletes the ones past the newest `keep` of that article, in the caller's
 * transaction. Both statements walk the (article_id, id desc) index, so the cost does not grow with the
 * number of articles or revisions elsewhere (docs/performance.md, "Saves with revisions").
 */
export async function storeRevision(
  tx: Tx,
  r: {
    articleId: number;
    kind: RevisionKind;
    restoredFrom?: number | null;
    user: SessionUser | null;
    title: string;
    content: string;
    keep: number;
  },
): Promise<void> {
  await tx.insert(articleRevisions).values({
    articleId: r.articleId,
    kind: r.kind,
    restoredFrom: r.restoredFrom ?? null,
    userId: r.user?.id ?? null,
    authorName: r.user ? saverName(r.user) : null,
    title: r.title,
    content: r.content,
  });
  const oldestKept = tx
    .select({ id: articleRevisions.id })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, r.articleId))
    .orderBy(desc(articleRevisions.id))
    .offset(r.keep - 1)
    .limit(1);
  // Fewer than `keep`: the subquery is empty, `id < null` is never true, nothing goes.
  await tx
    .delete(articleRevisions)
    .where(and(eq(articleRevisions.articleId, r.articleId), lt(articleRevisions.id, sql`(${oldestKept})`)));
}

/** A save supersedes the saver's own autosave of that form (another editor's stays theirs). */
export async function dropAutosave(tx: Tx, userId: string | undefined, slot: number | 'new') {
  if (!userId) return;
  await tx
    .delete(articleAutosaves)
    .where(and(eq(articleAutosaves.userId, userId), eq(articleAutosaves.slot, String(slot))));
}

/**
 * Slug redirects after a write: the slug now live is nobody's old address any more, and with
 * `oldSlug` the article's previous address answers 301 to it. Returns the other articles that lost
 * an old address to this one (their cached redirects must be cleared).
 */
export async function updateSlugRedirects(
  tx: Tx,
  articleId: number,
  liveSlug: string,
  oldSlug?: string | null,
): Promise<number[]> {
  // The article whose old address this was: its cached 301s (keyed article:{id}) must go too.
  const taken = await tx
    .delete(articleSlugRedirects)
    .where(eq(articleSlugRedirects.slug, liveSlug))
    .returning({ articleId: articleSlugRedirects.articleId });
  const superseded = taken.map((t) => t.articleId).filter((id) => id !== articleId);
  if (!oldSlug || oldSlug === liveSlug) return superseded;
  await tx
    .insert(articleSlugRedirects)
    .values({ slug: oldSlug, articleId })
    .onConflictDoUpdate({
      target: articleSlugRedirects.slug,
      set: { articleId, createdAt: sql`now()` },
    });
  return superseded;
}
