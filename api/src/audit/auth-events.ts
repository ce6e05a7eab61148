import { isAPIError } from 'better-auth/api';
import { createAuthMiddleware } from 'better-auth/api';
import type { AuditAction, StaffRole } from '@site/shared';
import { CLIENT_IP_HEADER } from '../auth/client-ip-header';
import { roleOf } from '../auth/role';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';
import type { Logger } from '../observe/logger';

/** The fields of better-auth's user this reads. */
type AuthUser = { id: string; email: string; isAdmin?: boolean | null; role?: StaffRole | null };

/** The better-auth calls that sign a person in: the password step, or the second step after it. */
const SIGN_INS = new Set([
  '/sign-in/email',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/verify-otp',
]);

/** What a better-auth call did to a staff member's sign-in, if it is one the audit log records. */
function eventOf(path: string, signedIn: boolean): AuditAction | null {
  // verify-totp with a session is the enrolment's last step; without one, the sign-in's second step.
  if (path === '/two-factor/verify-totp' && signedIn) return '2fa.enable';
  if (SIGN_INS.has(path)) return 'sign-in';
  if (path === '/two-factor/disable') return '2fa.disable';
  if (path === '/two-factor/generate-backup-codes') return '2fa.backup-codes';
  return null;
}

/**
 * better-auth's after-hook: staff sign-ins and two-factor changes go into the audit log (issue 42 §7).
 * better-auth writes these in its own statements, so the entry follows the change rather than sharing
 * its transaction. A refused call records nothing; a reader's sign-in is not staff work.
 */
export function auditAuthEvents(db: Database, logger?: Logger) {
  return createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    if (returned === undefined || isAPIError(returned)) return;
    const existing = ctx.context.session?.user as AuthUser | undefined;
    const action = eventOf(ctx.path, Boolean(existing));
    if (!action) return;
    const user = (action === 'sign-in' ? ctx.context.newSession?.user : existing) as AuthUser | undefined;
    const role = roleOf(user ?? null);
    if (!user || !role) return;
    await db
      .insert(auditLog)
      .values({
        actorId: user.id,
        actorEmail: user.email,
        actorRole: role,
        action,
        itemType: 'user',
        itemId: user.id,
        ip: ctx.request?.headers.get(CLIENT_IP_HEADER) ?? null,
        route: `POST /api/auth${ctx.path}`,
      })
      .catch((err: unknown) => logger?.error({ err }, '[audit] could not record a sign-in event'));
  });
}
