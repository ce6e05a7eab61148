import { STAFF_ROLES, type StaffRole } from '../schemas/user';

/**
 * Who may do what (issue 42, docs/security.md "Roles"): the one table, enforced by the API
 * (api/src/auth/policy.ts: every admin route names its action with `can(action)`) and followed by the
 * dashboard (web/src/admin/permissions.ts: it shows only the controls the role may use).
 *
 * Each action has the lowest role allowed on the staff member's own item and the lowest allowed on
 * anyone's. Roles are ranked, so each is allowed everything the one before it is.
 */
export const PERMISSION_RULES = {
  // Articles: contributors write their own drafts; authors also publish, schedule and delete their own;
  // editors do all of it to every article.
  'article.read': { own: 'contributor', any: 'contributor' },
  'article.create': { own: 'contributor', any: 'contributor' },
  'article.edit': { own: 'contributor', any: 'editor' },
  'article.publish': { own: 'author', any: 'editor' },
  'article.delete': { own: 'author', any: 'editor' },
  'article.bulk': { own: 'editor', any: 'editor' },
  upload: { own: 'contributor', any: 'contributor' },
  // Every staff member's own account page: their signed-in devices (issue 42 §5).
  'account.manage': { own: 'contributor', any: 'contributor' },
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
  'audit.view': { own: 'admin', any: 'admin' },
} as const satisfies Record<string, { own: StaffRole; any: StaffRole }>;

export type StaffAction = keyof typeof PERMISSION_RULES;
export const STAFF_ACTIONS = Object.keys(PERMISSION_RULES) as StaffAction[];

const rank = (role: StaffRole | null | undefined) => (role ? STAFF_ROLES.indexOf(role) : -1);

/**
 * Whether `role` may do `action`. `owner`: the item's creator (its user id, or null when nobody here
 * wrote it); leave it out for actions on no particular item, which are judged at the "own" level.
 */
export function allowed(
  role: StaffRole | null | undefined,
  action: StaffAction,
  owner?: { ownerId: string | null; userId: string },
) {
  const rule = PERMISSION_RULES[action];
  const needed = owner && owner.ownerId !== owner.userId ? rule.any : rule.own;
  return rank(role) >= rank(needed);
}
