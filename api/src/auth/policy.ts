import { STAFF_ROLES, type StaffRole } from '@site/shared';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { ApiError } from '../lib/http/errors';
import { currentUser } from './middleware';
import { roleOf } from './role';

export { roleOf };

/**
 * The one place that says who may do what (issue 42, docs/security.md "Roles"). Every admin route names
 * its action with `can(action)`; `permissions.test.ts` fails on an admin route that names none.
 *
 * Each action has the lowest role allowed on the staff member's own item and the lowest allowed on
 * anyone's. Roles are ranked, so each is allowed everything the one before it is.
 */
const RULES = {
  // Articles: contributors write their own drafts; authors also publish, schedule and delete their own;
  // editors do all of it to every article.
  'article.read': { own: 'contributor', any: 'contributor' },
  'article.create': { own: 'contributor', any: 'contributor' },
  'article.edit': { own: 'contributor', any: 'editor' },
  'article.publish': { own: 'author', any: 'editor' },
  'article.delete': { own: 'author', any: 'editor' },
  'article.bulk': { own: 'editor', any: 'editor' },
  upload: { own: 'contributor', any: 'contributor' },
  // The rest of the editorial work.
  'catalog.manage': { own: 'editor', any: 'editor' },
  'messages.manage': { own: 'editor', any: 'editor' },
  'stories.manage': { own: 'editor', any: 'editor' },
  'rss.manage': { own: 'editor', any: 'editor' },
  'ai.use': { own: 'editor', any: 'editor' },
  'insights.view': { own: 'editor', any: 'editor' },
  alerts: { own: 'editor', any: 'editor' },
  'newsletter.draft': { own: 'editor', any: 'editor' },
  // The owner's: people, mail to every subscriber, money.
  'newsletter.send': { own: 'admin', any: 'admin' },
  'newsletter.subscribers': { own: 'admin', any: 'admin' },
  'newsletter.settings': { own: 'admin', any: 'admin' },
  'sponsors.manage': { own: 'admin', any: 'admin' },
  'users.manage': { own: 'admin', any: 'admin' },
} as const satisfies Record<string, { own: StaffRole; any: StaffRole }>;

export type Action = keyof typeof RULES;
export const ACTIONS = Object.keys(RULES) as Action[];

const rank = (role: StaffRole | null) => (role ? STAFF_ROLES.indexOf(role) : -1);

/**
 * Whether `role` may do `action`. `owner`: the item's creator (its user id, or null when nobody here
 * wrote it); leave it out for actions on no particular item, which are judged at the "own" level.
 */
export function allowed(
  role: StaffRole | null,
  action: Action,
  owner?: { ownerId: string | null; userId: string },
) {
  const rule = RULES[action];
  const needed = owner && owner.ownerId !== owner.userId ? rule.any : rule.own;
  return rank(role) >= rank(needed);
}

/** What each role may do, in the sentence a refusal gives. */
const MAY: Record<StaffRole | 'none', string> = {
  none: 'Admin access required.',
  contributor:
    'Contributors may write and edit their own drafts and upload pictures; publishing, scheduling and deleting need an author.',
  author:
    'Authors may write, publish, schedule and delete their own articles and upload pictures; other articles and the rest of the dashboard need an editor.',
  editor:
    'Editors may manage every article, product, recipe, category, message, story, RSS source and AI tool, and write and preview newsletters; users, roles, subscribers, sponsors and sending the newsletter need an admin.',
  admin: 'Admins may do everything.',
};

export function refusal(role: StaffRole | null): string {
  return MAY[role ?? 'none'];
}

/**
 * In a handler, once the item is loaded: refuse unless the signed-in user may do `action` to an item
 * owned by `ownerId` (403 with what their role may do). The route's `can(…)` has already refused anyone signed out.
 */
export async function authorize(c: Context<AppEnv>, action: Action, ownerId: string | null): Promise<void> {
  const user = await currentUser(c);
  const role = roleOf(user);
  if (!user || !allowed(role, action, { ownerId, userId: user.id })) throw new ApiError(403, refusal(role));
}

/** Whether the signed-in user may do `action` to anyone's item (no ownership check needed). */
export async function mayDoToAny(c: Context<AppEnv>, action: Action): Promise<boolean> {
  const user = await currentUser(c);
  return Boolean(user) && allowed(roleOf(user), action, { ownerId: null, userId: user!.id });
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
    await next();
  };
  Object.defineProperty(handler, PERMISSION, { value: action });
  return handler;
}
