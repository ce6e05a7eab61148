import { CONTROL_CHARS, hasControlChars, updateUserInput } from '@site/shared';
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
export function findControlChars(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasControlChars(value) ? path || 'body' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlChars(value[i], path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const here = path ? `${path}.${k}` : k;
      if (hasControlChars(k)) return here.replace(CONTROL_CHARS_G, '?');
      const found = findControlChars(v, here);
      if (found) return found;
    }
  }
  return null;
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
};
