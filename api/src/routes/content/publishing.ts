import type { ArticleStatus, AuditAction } from '@site/shared';
import { badRequest } from '../../lib/http/errors';

/** How a save sets status and publishedAt. The stored status is what the editor chose. */
export function publishFields(
  input: { status: ArticleStatus; publishedAt?: string | null },
  existing?: { publishedAt: Date | null },
  now = new Date(),
): { status: ArticleStatus; publishedAt: Date | null } {
  // A date that already passed means the article was public once: keep it (later edits keep their date).
  const pastDate = existing?.publishedAt && existing.publishedAt <= now ? existing.publishedAt : null;
  if (input.status === 'scheduled') {
    const at = input.publishedAt ? new Date(input.publishedAt) : null;
    if (!at || at <= now)
      throw badRequest('publishedAt: Choose a time in the future to schedule', [
        { path: 'publishedAt', message: 'Choose a time in the future to schedule' },
      ]);
    return { status: 'scheduled', publishedAt: at };
  }
  // Publishing a scheduled article now, or for the first time, stamps now.
  if (input.status === 'published') return { status: 'published', publishedAt: pastDate ?? now };
  // Unpublish or unschedule: a future date goes, a past one stays for the record.
  return { status: 'draft', publishedAt: pastDate };
}

/** The audit log's name for a save (audit/record.ts: auditAs): what it did to the publishing state. */
export function publishingAction(
  existing: { status: ArticleStatus },
  status: ArticleStatus | undefined,
  publishedAt: string | null | undefined,
): AuditAction {
  if (status === undefined || status === existing.status) {
    // A new time alone for a scheduled article reschedules it.
    return existing.status === 'scheduled' && publishedAt !== undefined
      ? 'article.schedule'
      : 'article.update';
  }
  if (status === 'published') return 'article.publish';
  if (status === 'scheduled') return 'article.schedule';
  return 'article.unpublish';
}
