import { CONTROL_CHARS, hasControlChars, signUpNamesInput, updateUserInput } from '@site/shared';
import type { MiddlewareHandler } from 'hono';
import type { ZodType } from 'zod';

// Percent-encoded C0 controls (%00–%1F) in a raw path: no route, page or file has one.
const ENCODED_CONTROL = /%[01][0-9a-f]/i;

export type UrlVerdict = { ok: true } | { ok: false; status: 404 | 400; message: string };

/**
 * Whether a request URL may go on to the routes. A path with a control character names nothing that
 * exists (404); a query parameter with one is malformed input (400). Runs before any route, so values
 * with NUL never reach PostgreSQL (22021) whichever route reads them.
 */
export function checkUrl(rawUrl: string): UrlVerdict {
  const url = new URL(rawUrl);
  if (ENCODED_CONTROL.test(url.pathname) || CONTROL_CHARS.test(url.pathname)) {
    return { ok: false, status: 404, message: 'Not found' };
  }
  for (const [key, value] of url.searchParams) {
    if (hasControlChars(key) || hasControlChars(value)) {
      return {
        ok: false,
        status: 400,
        message: `Query parameter "${key.replace(CONTROL_CHARS_G, '?')}" must not contain control characters`,
      };
    }
  }
  return { ok: true };
}
const CONTROL_CHARS_G = new RegExp(CONTROL_CHARS.source, 'g');

/** The first string anywhere in a parsed JSON value that holds a control character, as a field path. */
export function findControlChars(value: unknown): string | null {
  // A stack, not recursion: nesting depth costs memory, never the call stack (issue 27 §5). Same
  // order as a depth-first walk: each key is checked just before its value.
  const stack: Array<{ v: unknown; path: string; badKey?: boolean }> = [{ v: value, path: '' }];
  while (stack.length) {
    const { v, path, badKey } = stack.pop()!;
    if (badKey) return path.replace(CONTROL_CHARS_G, '?');
    if (typeof v === 'string') {
      if (hasControlChars(v)) return path || 'body';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--)
        stack.push({ v: v[i], path: path ? `${path}.${i}` : String(i) });
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]!;
        const here = path ? `${path}.${k}` : k;
        stack.push({ v: child, path: here, badKey: hasControlChars(k) });
      }
    }
  }
  return null;
}

/** How deep a request's JSON may nest. No form of ours nests past 3; anything deeper is not ours. */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `JSON body nested deeper than ${MAX_JSON_DEPTH} levels`;

/**
 * Whether JSON text opens more than `max` arrays or objects inside each other, read in one pass over
 * the text (strings skipped) before anything parses or walks it. Malformed text is left to the parser.
 * Checked wherever a JSON body is read: `validate('json')` (after the route's own sign-in checks, so a
 * 401 still comes before the body), the CSP report route, and better-auth's routes
 * (refuseControlCharsInAuthBody). About 3,500 levels once overflowed that gate's stack: a 500.
 */
export function jsonNestedDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}

/** Global gate for the URL of every request (paths and query strings). */
export const refuseControlCharsInUrl: MiddlewareHandler = async (c, next) => {
  const verdict = checkUrl(c.req.url);
  if (!verdict.ok) return c.json({ message: verdict.message }, verdict.status);
  await next();
};

/**
 * better-auth's own routes (sign-up, update-user…) validate with their own schemas and would pass a NUL
 * on to PostgreSQL (a 500 with an empty body). Read a copy of the JSON body first, so better-auth still
 * gets the original stream.
 */
export const refuseControlCharsInAuthBody: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  const isJson = type.includes('json');
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && (isJson || type.includes('urlencoded'))) {
    let parsed: unknown;
    try {
      const body = await c.req.raw.clone().text();
      if (isJson && jsonNestedDeeperThan(body)) return c.json({ message: TOO_DEEP_MESSAGE }, 400);
      parsed = isJson ? JSON.parse(body) : Object.fromEntries(new URLSearchParams(body));
    } catch {
      return c.json({ message: 'Malformed JSON body' }, 400);
    }
    const field = findControlChars(parsed);
    if (field) return c.json({ message: `${field}: Must not contain control characters` }, 400);
    const schema = AUTH_BODY_SCHEMAS[c.req.path];
    const checked = schema?.safeParse(parsed);
    if (checked && !checked.success) {
      const issue = checked.error.issues[0];
      const where = issue?.path.join('.');
      return c.json(
        { message: where ? `${where}: ${issue?.message}` : (issue?.message ?? 'Invalid input') },
        400,
      );
    }
  }
  await next();
};

/** better-auth routes whose own body checks let a value through that PostgreSQL then refuses (a 500). */
const AUTH_BODY_SCHEMAS: Record<string, ZodType | undefined> = {
  '/api/auth/update-user': updateUserInput,
  '/api/auth/sign-up/email': signUpNamesInput,
};
