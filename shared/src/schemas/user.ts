import { z } from 'zod';

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
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().max(100).default(''),
  email: z.string().trim().max(254).pipe(z.email('Please enter a valid email address')),
  password: z.string().min(8, 'Password must be at least 8 characters').max(128),
});
export const signInInput = z.object({
  email: z.string().trim().pipe(z.email('Please enter a valid email address')),
  password: z.string().min(1, 'Password is required').max(128),
});
