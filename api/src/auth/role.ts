import { STAFF_ROLES, type StaffRole } from '@site/shared';

/**
 * The user's role, read from the row better-auth loaded for this request (no cookie cache: a change
 * applies on the next request). isAdmin is the spec's flag and stays true exactly for admins, so it wins;
 * a stray 'admin' without it is no role.
 */
export function roleOf(
  user: { isAdmin?: boolean | null; role?: StaffRole | null } | null | undefined,
): StaffRole | null {
  if (!user) return null;
  if (user.isAdmin) return 'admin';
  const role = user.role ?? null;
  return role && role !== 'admin' && STAFF_ROLES.includes(role) ? role : null;
}
