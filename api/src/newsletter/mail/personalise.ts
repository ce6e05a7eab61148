import { mailSafeName } from '@site/shared';

// Kept apart from the React templates: the send loop and the routes load this on every start, while
// the templates (React Email, and prettier inside its renderer) load only when a mail is rendered.

/**
 * Per-recipient parts of a mail: the HTML is rendered once per issue with these markers, then each
 * recipient's copy is a string replace (rendering 100,000 React trees would cost minutes). The markers
 * are plain words, so React's escaping leaves them alone, and what replaces them is escaped for HTML.
 */
export const MARK = {
  greeting: 'NLMARKGREETING',
  unsubscribeUrl: 'https://nlmark.invalid/unsubscribe',
  preferencesUrl: 'https://nlmark.invalid/preferences',
} as const;

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface PersonalParts {
  firstName: string | null;
  unsubscribeUrl: string;
  preferencesUrl: string;
}

/** What each marker stands for in one recipient's copy (not yet escaped). */
export function valuesFor(parts: PersonalParts): Record<(typeof MARK)[keyof typeof MARK], string> {
  // One line, no link: a name stored before the name rule (or imported) cannot add lines or a link.
  const name = mailSafeName(parts.firstName);
  return {
    [MARK.greeting]: name ? `Hello ${name},` : 'Hello,',
    [MARK.unsubscribeUrl]: parts.unsubscribeUrl,
    [MARK.preferencesUrl]: parts.preferencesUrl,
  };
}

/** One recipient's copy of a rendered mail (the outbox and the browser preview; SMTP uses mime-copies.ts). */
export function personalise(mail: RenderedMail, parts: PersonalParts): RenderedMail {
  const values = Object.entries(valuesFor(parts));
  const fill = (s: string, esc: (v: string) => string) =>
    values.reduce((out, [mark, value]) => out.replaceAll(mark, esc(value)), s);
  return { subject: mail.subject, html: fill(mail.html, escapeHtml), text: fill(mail.text, (v) => v) };
}
