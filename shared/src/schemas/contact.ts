import { z } from 'zod';
import { emailField, text } from './common';
import { personName } from './person-name';
import { MESSAGE_STATUSES } from '../constants';

export const contactInput = z.object({
  firstName: personName(100, 'First name is required'),
  lastName: personName(100, 'Last name is required'),
  email: emailField,
  subject: text().trim().min(1, 'Subject is required').max(200),
  message: text().trim().min(1, 'Message is required').max(5000),
  /** Honeypot: real people leave it empty (hidden from them). */
  website: text().max(0).optional(),
});
export type ContactInput = z.input<typeof contactInput>;

export const messageStatusInput = z.object({ status: z.enum(MESSAGE_STATUSES) });

export interface ContactMessage {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
  status: (typeof MESSAGE_STATUSES)[number];
  createdAt: string;
}
