import { z } from 'zod';
import { emailField } from './common';
import { STAFF_ROLES, type StaffRole, signUpInput } from './user';

/** How long an invitation link works (issue 42 §6). */
export const INVITATION_DAYS = 7;

/** POST /api/admin/invitations: who to invite, and the staff role they arrive with. */
export const invitationInput = z.object({
  email: emailField,
  role: z.enum(STAFF_ROLES, { error: 'Role must be contributor, author, editor or admin' }),
});
export type InvitationInput = z.infer<typeof invitationInput>;

/** POST /api/invitations/{token}/accept: the invitation gives the email; the person picks the rest. */
export const acceptInvitationInput = signUpInput.pick({ firstName: true, lastName: true, password: true });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationInput>;

/** An invitation as the Users tab lists it (never its token). */
export interface StaffInvitation {
  id: string;
  email: string;
  role: StaffRole;
  /** The admin who sent it (null once their account is gone). */
  invitedByName: string | null;
  createdAt: string;
  expiresAt: string;
  /** Past its 7 days and not used: listed for a while so the admin can invite again. */
  expired: boolean;
}

/** GET /api/invitations/{token}: what the link offers, for the page that accepts it. */
export interface InvitationOffer {
  email: string;
  role: StaffRole;
  expiresAt: string;
}
