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

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One recipient's copy of a rendered mail. */
export function personalise(
  mail: RenderedMail,
  parts: { firstName: string | null; unsubscribeUrl: string; preferencesUrl: string },
): RenderedMail {
  const greeting = parts.firstName ? `Hello ${parts.firstName},` : 'Hello,';
  const fill = (s: string, esc: (v: string) => string) =>
    s
      .replaceAll(MARK.greeting, esc(greeting))
      .replaceAll(MARK.unsubscribeUrl, esc(parts.unsubscribeUrl))
      .replaceAll(MARK.preferencesUrl, esc(parts.preferencesUrl));
  return { subject: mail.subject, html: fill(mail.html, escapeHtml), text: fill(mail.text, (v) => v) };
}
