import { z } from 'zod';
import { emailField, text } from './common';
import { personName } from './person-name';

/** Staff roles, each allowed everything the one before it is (api: auth/policy.ts, docs/security.md). */
export const STAFF_ROLES = ['contributor', 'author', 'editor', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export interface CurrentUser {
  id: string;
  profileImageUrl: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
  /** True exactly when `role` is 'admin'. */
  isAdmin: boolean;
  /** The staff role; null = a reader, who cannot open /admin. */
  role: StaffRole | null;
  /** Two-step sign-in (TOTP) is on for this account (issue 42 §4). */
  twoFactorEnabled: boolean;
  /** The staff role is in REQUIRE_2FA_ROLES: the admin stays closed until two-step sign-in is on. */
  twoFactorRequired: boolean;
  createdAt: string;
}

export const adminFlagInput = z.object({ isAdmin: z.boolean() });

/** PUT /api/admin/users/{id}/role: null takes every staff role away. */
export const userRoleInput = z.object({
  role: z.enum(STAFF_ROLES, { error: 'Role must be contributor, author, editor, admin or null' }).nullable(),
});

export const signUpInput = z.object({
  firstName: personName(100, 'First name is required'),
  lastName: personName(100).default(''),
  email: emailField,
  password: text().min(8, 'Password must be at least 8 characters').max(128),
});
export const signInInput = z.object({
  email: emailField,
  password: text().min(1, 'Password is required').max(128),
});

/**
 * The body of better-auth's POST /api/auth/update-user, checked before better-auth sees it: its own
 * schema lets `name: null` through to a NOT NULL column (a 500). Only the fields a user may change.
 */
export const updateUserInput = z.object({
  name: personName(200, 'Name is required').optional(),
  firstName: personName(100).nullable().optional(),
  lastName: personName(100).nullable().optional(),
  image: text().max(2048).nullable().optional(),
});

/**
 * The names in better-auth's POST /api/auth/sign-up/email, checked before better-auth stores them:
 * its own schema takes any string, line breaks and links included (issue 40).
 */
export const signUpNamesInput = z.object({
  name: personName(200).optional(),
  firstName: personName(100).nullable().optional(),
  lastName: personName(100).nullable().optional(),
});

/** The first admin of an empty production site, made through a one-time setup link (api: auth/first-admin.ts). */
export const firstAdminInput = signUpInput.extend({
  token: z.string().min(20, 'This setup link is incomplete').max(200),
});
