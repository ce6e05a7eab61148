import type { StaffRole } from '@site/shared';

/** What each role is called in the Users tab; "reader" is no staff role at all. */
export const ROLE_LABELS: Record<StaffRole | 'reader', string> = {
  reader: 'Reader',
  contributor: 'Contributor',
  author: 'Author',
  editor: 'Editor',
  admin: 'Admin',
};
