import { z } from 'zod';
import { emailField, text } from './common';

export interface CurrentUser {
  id: string;
  profileImageUrl: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
  isAdmin: boolean;
  createdAt: string;
}

export const adminFlagInput = z.object({ isAdmin: z.boolean() });

export const signUpInput = z.object({
  firstName: text().trim().min(1, 'First name is required').max(100),
  lastName: text().trim().max(100).default(''),
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
  name: text().trim().min(1, 'Name is required').max(200).optional(),
  firstName: text().trim().max(100).nullable().optional(),
  lastName: text().trim().max(100).nullable().optional(),
  image: text().max(2048).nullable().optional(),
});

/** The first admin of an empty production site, made through a one-time setup link (api: auth/first-admin.ts). */
export const firstAdminInput = signUpInput.extend({
  token: z.string().min(20, 'This setup link is incomplete').max(200),
});
