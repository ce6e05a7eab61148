import { z } from 'zod';
import { emailField, httpUrl, imageRef, text } from './common';
import { personName } from './person-name';

/** Where a subscription came from (recorded with the consent). */
export const NEWSLETTER_FORMS = ['footer', 'article', 'page', 'account'] as const;
export type NewsletterForm = (typeof NEWSLETTER_FORMS)[number];

export const NEWSLETTER_STATUSES = ['pending', 'subscribed', 'unsubscribed', 'bounced'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** A confirmation link works this long (issue 30). */
export const NEWSLETTER_CONFIRM_DAYS = 7;

/** POST /api/newsletter/subscribe. Signed-in readers may leave the email out (their account's is used). */
export const newsletterSubscribeInput = z.object({
  email: emailField.optional(),
  firstName: personName(100).optional(),
  form: z.enum(NEWSLETTER_FORMS).default('page'),
  /** Honeypot: real people leave it empty (hidden from them). */
  website: text().max(0).optional(),
});
export type NewsletterSubscribeInput = z.input<typeof newsletterSubscribeInput>;

/** A one-time link's token: base64url, fixed shape, so nothing else reaches a query. */
export const newsletterToken = z.string().regex(/^[A-Za-z0-9_.-]{20,120}$/, 'Invalid link');
export const newsletterTokenInput = z.object({ token: newsletterToken });

export const NEWSLETTER_DAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** PUT /api/admin/newsletter/settings. */
export const newsletterSettingsInput = z.object({
  digestEnabled: z.boolean(),
  digestDay: z.number().int().min(0).max(6),
  digestTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (24-hour, London time)'),
  ratePerSecond: z.number().int().min(1, 'At least 1 message a second').max(1000, 'At most 1000 a second'),
});
export type NewsletterSettingsInput = z.input<typeof newsletterSettingsInput>;

const londonDay = z.iso.date('Use a date (YYYY-MM-DD)');

/** POST/PUT /api/admin/newsletter/sponsors. */
export const newsletterSponsorInput = z
  .object({
    name: text().trim().min(1, 'Name is required').max(120),
    imageUrl: imageRef.nullable().optional(),
    body: text().trim().min(1, 'Text is required').max(600),
    linkUrl: httpUrl,
    runsFrom: londonDay,
    runsUntil: londonDay,
    active: z.boolean().default(true),
  })
  .refine((s) => s.runsUntil >= s.runsFrom, {
    message: 'The last day is before the first',
    path: ['runsUntil'],
  });
export type NewsletterSponsorInput = z.input<typeof newsletterSponsorInput>;

/** GET /api/admin/newsletter/subscribers. */
export const newsletterSubscriberQuery = z.object({
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined),
  status: z.enum([...NEWSLETTER_STATUSES, 'all']).default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type NewsletterSubscriberQuery = z.input<typeof newsletterSubscriberQuery>;

/** POST /api/admin/newsletter/import: CSV text with a header row naming email and consent. */
export const newsletterImportInput = z.object({ csv: text().max(5_000_000) });

/** POST /api/admin/newsletter/special: one article as a special issue. */
export const newsletterSpecialInput = z.object({ articleId: z.number().int().positive().max(2_147_483_647) });

export interface NewsletterSubscriber {
  id: number;
  email: string;
  firstName: string | null;
  status: NewsletterStatus;
  source: string;
  requestedAt: string;
  consentAt: string | null;
  unsubscribedAt: string | null;
  bouncedAt: string | null;
  bounceReason: string | null;
}

export interface NewsletterIssueSummary {
  id: number;
  kind: 'digest' | 'special';
  subject: string;
  status: 'sending' | 'sent' | 'failed';
  createdAt: string;
  finishedAt: string | null;
  counts: { queued: number; sent: number; failed: number; bounced: number; skipped: number };
}

export interface NewsletterSponsor {
  id: number;
  name: string;
  imageUrl: string | null;
  body: string;
  linkUrl: string;
  runsFrom: string;
  runsUntil: string;
  active: boolean;
  clicks: number;
}

export interface NewsletterSettings {
  digestEnabled: boolean;
  digestDay: number;
  digestTime: string;
  ratePerSecond: number;
  /** How mail leaves: SMTP, the development outbox, or nowhere (production without SMTP). */
  transport: 'smtp' | 'outbox' | 'none';
  /** Why nothing can be sent, when transport is 'none'. */
  transportProblem: string | null;
  nextDigestAt: string | null;
  dkim: boolean;
  from: string;
}

export interface NewsletterOutboxMessage {
  id: number;
  createdAt: string;
  to: string;
  subject: string;
  kind: string;
  headers: Array<[string, string]>;
  html: string;
  text: string;
}
