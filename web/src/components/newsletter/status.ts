import { NEWSLETTER_SUBSCRIBE_ANSWER } from '@site/shared';

/**
 * Whether this site takes subscriptions (GET /api/newsletter/status: false in production without SMTP).
 * The server fetches it with every page (the Layout route's prefetch in routes.tsx), so the HTML already
 * shows either the form or the sentence that replaces it.
 */
export const newsletterStatusKey = ['/api/newsletter/status'] as const;
export type NewsletterStatus = { open: boolean };

/** The no-script form post (api/src/routes/newsletter/form-post.ts): answers 303 to /newsletter?subscribe=. */
export const SUBSCRIBE_FORM_ACTION = '/api/newsletter/subscribe/form';

/** What /newsletter?subscribe= says after that post. */
export const SUBSCRIBE_OUTCOMES: Record<string, { ok: boolean; text: string }> = {
  sent: { ok: true, text: NEWSLETTER_SUBSCRIBE_ANSWER },
  invalid: { ok: false, text: 'Please enter a valid email address, like name@example.com.' },
  busy: { ok: false, text: 'Too many requests from this connection. Please try again later.' },
  closed: {
    ok: false,
    text: 'The newsletter is not taking subscriptions right now. Please try again later.',
  },
};

/** The address check in the page: a plain sentence, never a field name in front (issue 41 §7). */
export function addressProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return 'Please enter your email address.';
  // The server's check is the real one; this catches what is plainly not an address.
  if (v.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) return SUBSCRIBE_OUTCOMES.invalid!.text;
  return null;
}
