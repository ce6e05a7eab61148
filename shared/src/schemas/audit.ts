import { z } from 'zod';
import { calendarDay } from './insights';

/**
 * What the audit log records (issue 42 §7; api: audit/actions.ts declares one for every staff write).
 * `item.verb`, plus the staff sign-in and two-factor events better-auth handles.
 */
export const AUDIT_ACTIONS = [
  'article.create',
  'article.update',
  'article.publish',
  'article.schedule',
  'article.unpublish',
  'article.delete',
  'article.restore',
  'article.bulk',
  'product.create',
  'product.update',
  'product.delete',
  'recipe.create',
  'recipe.update',
  'recipe.delete',
  'category.create',
  'category.update',
  'category.delete',
  'message.update',
  'message.delete',
  'story.update',
  'story.approve',
  'story.delete',
  'rss-source.create',
  'rss-source.update',
  'rss-source.delete',
  'rss.run',
  'upload.create',
  'ai.use',
  'pictures.retry',
  'link-health.run',
  'newsletter.test',
  'newsletter.send',
  'newsletter.settings',
  'subscriber.import',
  'subscriber.delete',
  'sponsor.create',
  'sponsor.update',
  'sponsor.delete',
  'user.role',
  'user.sessions-end',
  'invitation.create',
  'invitation.revoke',
  'invitation.accept',
  'sign-in',
  '2fa.enable',
  '2fa.disable',
  '2fa.backup-codes',
  'session.revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** An entry as GET /api/admin/audit sends it: names of fields, never their values. */
export interface AuditEntry {
  id: number;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  action: AuditAction;
  itemType: string | null;
  itemId: string | null;
  fields: string[];
  /** For a bulk action or an import: how many items. */
  count: number | null;
  ip: string | null;
  /** e.g. `PUT /api/content/:id`. */
  route: string | null;
}

export const AUDIT_PAGE_MAX = 200;
/** The CSV export stops after this many entries (newest first); narrow the filters for older ones. */
export const AUDIT_EXPORT_MAX = 100_000;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/** GET /api/admin/audit and /api/admin/audit/export: filters; days are inclusive, in UTC. */
export const auditFilter = z
  .object({
    /** A staff member's user id or email address (exact). */
    actor: optionalText(320),
    action: z.enum(AUDIT_ACTIONS, { error: 'Unknown action' }).optional(),
    itemType: optionalText(40),
    itemId: optionalText(100),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    message: 'From must be on or before To',
    path: ['to'],
  });

/** One page, newest first; `before` is the `nextBefore` of the page above it. */
export const auditListQuery = auditFilter.and(
  z.object({
    before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  }),
);

export interface AuditPage {
  entries: AuditEntry[];
  /** Pass as `before` for the next (older) page; null when this is the last. */
  nextBefore: number | null;
}
