import { allowed, type CurrentUser, type StaffAction } from '@site/shared';
import { createContext, useContext } from 'react';

/**
 * The dashboard follows the server's permission table (shared/src/helpers/permissions.ts, enforced by
 * api/src/auth/policy.ts): it shows only the tabs and controls the signed-in role may use. Only the
 * server's answer counts; this keeps people from pressing buttons the server would refuse.
 */
export type Action = StaffAction;
export { allowed };

/** An item whose owner may matter: an article as the admin API sends it (`createdBy`). */
export interface Owned {
  /** The staff account that wrote it; null when nobody here did; absent when the answer does not say. */
  createdBy?: string | null | undefined;
}

const StaffContext = createContext<CurrentUser | null>(null);
/** The signed-in staff member, for every control below the dashboard. */
export const StaffProvider = StaffContext.Provider;

/**
 * `can(action)`: may the signed-in staff member do it at all (to their own items)?
 * `can(action, item)`: to this item, judged on its owner. An item whose owner the answer does not name
 * is judged as the user's own: the control shows and the server decides.
 */
export function usePermissions() {
  const user = useContext(StaffContext);
  const can = (action: Action, item?: Owned) => {
    if (!user) return false;
    const owner =
      item && item.createdBy !== undefined ? { ownerId: item.createdBy, userId: user.id } : undefined;
    return allowed(user.role, action, owner);
  };
  return { user, can };
}
