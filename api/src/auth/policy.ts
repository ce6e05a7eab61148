import { allowed, STAFF_ACTIONS, type StaffAction, type StaffRole } from '@site/shared';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, SessionUser } from '../context';
import { auditedWrite } from '../audit/record';
import { ApiError } from '../lib/http/errors';
import { currentUser } from './middleware';
import { roleOf } from './role';

export { roleOf };

/**
 * The one place that enforces who may do what (issue 42, docs/security.md "Roles"): the table itself is
 * shared/src/helpers/permissions.ts (the dashboard follows it too). Every admin route names its action
 * with `can(action)`; `permissions.test.ts` fails on an admin route that names none.
 */
export type Action = StaffAction;
export const ACTIONS = STAFF_ACTIONS;
export { allowed };

/** What each role may do, in the sentence a refusal gives. */
const MAY: Record<StaffRole | 'none', string> = {
  none: 'Admin access required.',
  contributor:
    'Contributors may write and edit their own drafts and upload pictures; publishing, scheduling and deleting need an author.',
  author:
    'Authors may write, publish, schedule and delete their own articles and upload pictures; other articles and the rest of the dashboard need an editor.',
  editor:
    'Editors may manage every article, product, recipe, category, message, story, RSS source and AI tool, and write and preview newsletters; users, roles, subscribers, sponsors, sending the newsletter and the audit log need an admin.',
  admin: 'Admins may do everything.',
};

export function refusal(role: StaffRole | null): string {
  return MAY[role ?? 'none'];
}

/** The refusal while a role named in REQUIRE_2FA_ROLES has not turned on two-step sign-in (issue 42 §4). */
export const TWO_FACTOR_REQUIRED_MESSAGE =
  'Your role needs two-step sign-in. Turn it on from your account page (Your account, at the top of the dashboard), then try again.';

/**
 * Whether REQUIRE_2FA_ROLES holds this staff member back until they enrol. Only better-auth's own
 * /api/auth/two-factor/* calls (the enrolment) and /api/auth/user stay open to them: they never pass
 * through here.
 */
export function mustEnrolTwoFactor(
  c: Context<AppEnv>,
  user: Pick<SessionUser, 'twoFactorEnabled'>,
  role: StaffRole | null,
): boolean {
  return Boolean(role && !user.twoFactorEnabled && c.var.deps.env.REQUIRE_2FA_ROLES.includes(role));
}

/**
 * In a handler, once the item is loaded: refuse unless the signed-in user may do `action` to an item
 * owned by `ownerId` (403 with what their role may do). The route's `can(…)` has already refused anyone signed out.
 */
export async function authorize(c: Context<AppEnv>, action: Action, ownerId: string | null): Promise<void> {
  const user = await currentUser(c);
  const role = roleOf(user);
  if (!user || !allowed(role, action, { ownerId, userId: user.id })) throw new ApiError(403, refusal(role));
  if (mustEnrolTwoFactor(c, user, role)) throw new ApiError(403, TWO_FACTOR_REQUIRED_MESSAGE);
}

/** Whether the signed-in user may do `action` to anyone's item (no ownership check needed). */
export async function mayDoToAny(c: Context<AppEnv>, action: Action): Promise<boolean> {
  const user = await currentUser(c);
  if (!user || mustEnrolTwoFactor(c, user, roleOf(user))) return false;
  return allowed(roleOf(user), action, { ownerId: null, userId: user.id });
}

const PERMISSION = Symbol.for('site.permission');

/** What a route's handler declared it needs (permissions.test.ts reads it). */
export function permissionOf(handler: unknown): Action | undefined {
  return typeof handler === 'function'
    ? (handler as unknown as Record<symbol, Action | undefined>)[PERMISSION]
    : undefined;
}

/**
 * The route's permission: 401 when signed out, 403 when the role may not do `action` even to its own
 * items. Routes on one item whose owner matters call `authorize(c, action, ownerId)` once it is loaded.
 */
export function can(action: Action): MiddlewareHandler<AppEnv> {
  const handler: MiddlewareHandler<AppEnv> = async (c, next) => {
    const user = await currentUser(c);
    if (!user) return c.json({ message: 'You need to sign in to do that.' }, 401);
    const role = roleOf(user);
    if (!allowed(role, action)) return c.json({ message: refusal(role) }, 403);
    if (mustEnrolTwoFactor(c, user, role)) return c.json({ message: TWO_FACTOR_REQUIRED_MESSAGE }, 403);
    // A write runs in one transaction with its audit entry (issue 42 §7).
    await auditedWrite(c, next);
  };
  Object.defineProperty(handler, PERMISSION, { value: action });
  return handler;
}
