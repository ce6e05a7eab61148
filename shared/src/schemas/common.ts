import { z } from 'zod';

// In browsers the site's CSP forbids eval: without this, zod probes `new Function` once, and the
// browser reports that as a CSP violation even though zod catches it. Servers keep zod's faster JIT.
if ('document' in globalThis) z.config({ jitless: true });

/** Largest id an `integer` column holds (2^31 - 1): larger ids cannot exist, so they are never sent to the database. */
export const MAX_DB_ID = 2_147_483_647;

/**
 * C0 control characters other than tab, LF and CR. PostgreSQL refuses NUL in text (22021), and none of
 * the others belongs in anything a person types, so every text schema refuses them (DESIGN.md §7).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
export const hasControlChars = (s: string) => CONTROL_CHARS.test(s);

/** Every text field of a request body starts here: a string without control characters. */
export const text = () =>
  z.string().refine((s) => !hasControlChars(s), 'Must not contain control characters');

const idNumber = z
  .number({ message: 'Must be a whole number id' })
  .int('Must be a whole number id')
  .positive('Must be a positive id')
  .max(MAX_DB_ID, `Must be at most ${MAX_DB_ID}`);

/** An id in a path or query string: plain digits only ("1e3", "-1", "NaN", " 1" are not ids). */
export const idString = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Must be a positive whole number id')
  .transform(Number)
  .pipe(idNumber);

/** An id in a JSON body: a number, or a digit string as HTML forms send it. */
export const idValue = z.preprocess(
  (v) => (typeof v === 'string' && /^[0-9]{1,10}$/.test(v) ? Number(v) : v),
  idNumber,
);

/** `/:id` routes; a value that cannot be an id is a missing resource (404, lib/http/validate.ts). */
export const idParam = z.object({ id: idString });

/** Offsets stay far inside PostgreSQL's bigint. */
export const offsetQuery = z.coerce.number().int().min(0).max(1_000_000).default(0);

/** Only http(s) URLs are stored for links and images (DESIGN.md §4). */
export const httpUrl = z
  .string()
  .refine((s) => !hasControlChars(s), 'Must not contain control characters')
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL' }));

/**
 * An image reference: absolute http(s) URL or a site path like /uploads/x.webp, optionally with the
 * editor's focal point as `#focus=x,y` (helpers/picture.ts).
 */
export const imageRef = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (v) =>
      /^\/(?!\/)[\w\-./]+(#focus=\d{1,3}(\.\d)?,\d{1,3}(\.\d)?)?$/.test(v) || httpUrl.safeParse(v).success,
    'Must be an http(s) URL or a site path',
  );

/** A person's email: empty says it is required, anything else malformed says it is invalid. */
export const emailField = text()
  .trim()
  .min(1, 'Email is required')
  .max(254)
  .pipe(z.email('Please enter a valid email address'));

/**
 * The `updatedAt` an edit form loaded, sent back with its save: a save over a newer version is refused
 * with 409 (no lost edits). Optional, so clients that do not track versions (scripts, old desktop
 * builds) keep working: without it the save lands as before.
 */
export const loadedVersion = z.iso.datetime({ offset: true }).optional();

export const tagList = z.array(text().trim().min(1).max(40)).max(20);

/** Error body every endpoint answers with (DESIGN.md §3). */
export type ApiError = { message: string; issues?: unknown };
