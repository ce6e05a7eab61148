import { z } from 'zod';
import { text } from './common';

/**
 * Everything that ends a line somewhere: CR, LF, VT, FF, NEL (U+0085), LINE and PARAGRAPH SEPARATOR.
 * A name is one line: in a mail or a header, a break would start text the site never wrote (issue 40).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: line-ending controls are what it finds
export const LINE_BREAKS = /[\r\n\u000B\u000C\u0085\u2028\u2029]/;
/** C1 controls (U+0080-U+009F), NEL aside: that one is a line break. */
const C1_CONTROLS = /[\u0080-\u0084\u0086-\u009F]/;

/**
 * Text a mail program would turn into a link: a scheme (`https://`, `mailto:`), `www.`, a domain with a
 * path (`evil.example/win`) or an email address. A name never needs one, and a name that has one lets
 * anyone make the site carry their link (issue 40).
 */
const WEB_ADDRESS =
  /(?:\b[a-z][a-z0-9+.-]*:\/\/|\b(?:mailto|javascript|data):|\bwww\.|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\/|[^\s@]+@[^\s@]+\.[a-z]{2,})/i;
export const looksLikeWebAddress = (s: string) => WEB_ADDRESS.test(s);

/** Runs of spaces, tabs and other Unicode spaces, collapsed to one space. */
const SPACES = /\s+/g;

/**
 * A person's name (first, last or full) as a request body carries it: trimmed, spaces collapsed, on
 * one line, without control characters or anything that looks like a web or mail address. Used by
 * every form that stores a name: newsletter, contact, sign-up, profile.
 */
export const personName = (max: number, required?: string) =>
  text()
    .refine((s) => !LINE_BREAKS.test(s), 'Must be on one line')
    .refine((s) => !C1_CONTROLS.test(s), 'Must not contain control characters')
    .transform((s) => s.replace(SPACES, ' ').trim())
    .pipe(
      z
        .string()
        .min(required ? 1 : 0, required)
        .max(max, `Must be at most ${max} characters`)
        .refine((s) => !looksLikeWebAddress(s), 'Must not contain a web or email address'),
    );

/**
 * A stored name made safe to show in a mail (rows older than the rule, CSV imports): one line, and
 * none at all when it carries an address.
 */
export function mailSafeName(name: string | null | undefined): string | null {
  if (!name) return null;
  const line = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: controls become spaces, then collapse
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, ' ')
    .replace(SPACES, ' ')
    .trim()
    .slice(0, 100);
  if (!line || looksLikeWebAddress(line)) return null;
  return line;
}
