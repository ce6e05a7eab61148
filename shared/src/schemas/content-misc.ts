import { z } from 'zod';
import { emailField, text } from './common';
import { personName } from './person-name';
import type { StoryStatus } from '../constants';

export interface Challenge {
  id: number;
  title: string;
  description: string;
  imageUrl: string | null;
  participantCount: number;
  active: boolean;
}

export const storyInput = z.object({
  name: personName(100, 'Name is required'),
  email: emailField,
  title: text().trim().min(3, 'Title is required').max(200),
  story: text().trim().min(50, 'Please tell us a little more (at least 50 characters)').max(10_000),
  consent: z.literal(true, { message: 'Please confirm we may publish your story' }),
  website: text().max(0).optional(),
});
export type StoryInput = z.input<typeof storyInput>;

export interface StorySubmission {
  id: number;
  name: string;
  email: string;
  title: string;
  story: string;
  status: StoryStatus;
  /** The draft article made from it, once approved (null if that article was since deleted). */
  articleId: number | null;
  createdAt: string;
}

/** Editors set new or rejected by hand; approved only comes with the draft it makes. */
export const storyStatusInput = z.object({
  status: z.enum(['new', 'rejected'], { message: 'Status must be new or rejected' }),
});
