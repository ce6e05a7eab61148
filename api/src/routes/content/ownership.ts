import type { ArticleStatus } from '@site/shared';
import type { Context } from 'hono';
import { authorize } from '../../auth/policy';
import type { AppEnv } from '../../context';

/**
 * A change to one article, judged on its owner (auth/policy.ts): contributors change only their own
 * drafts, authors their own articles whatever the status, editors and admins any. `becomes` is the
 * status the save asks for; publishing, scheduling or touching a live article needs 'article.publish'.
 */
export async function authorizeArticleChange(
  c: Context<AppEnv>,
  article: { createdBy: string | null; status: ArticleStatus },
  becomes?: ArticleStatus,
) {
  await authorize(c, 'article.edit', article.createdBy);
  if (article.status !== 'draft' || (becomes !== undefined && becomes !== 'draft'))
    await authorize(c, 'article.publish', article.createdBy);
}
