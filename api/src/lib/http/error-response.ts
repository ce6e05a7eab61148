import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../../context';
import { loggablePath, outsideText } from '../../observe/redact';
import { requestIdOf } from '../../observe/request';
import { ApiError, isDatabaseUnavailable, pgErrorCode, unavailableCause } from './errors';

/** Seconds a client should wait before trying again while the database is out of reach. */
export const DB_RETRY_AFTER_S = 5;
export const DB_UNAVAILABLE_MESSAGE =
  'The site cannot reach its database just now. Please try again in a moment.';

/**
 * A database error that slipped past validation, by SQLSTATE: bad input is never a 500 (DESIGN.md §7).
 * Class 22 (data exception: NUL in text, integer out of range, bad encoding) and integrity errors other
 * than the two named ones are the client's input; anything else (connection lost…) is ours.
 */
export function statusForPgError(code: string): { status: ContentfulStatusCode; message: string } | null {
  if (code === '23505') return { status: 409, message: 'That already exists.' };
  if (code === '23503' || code === '23001')
    return { status: 409, message: 'That refers to something that does not exist or is still in use.' };
  if (code.startsWith('22') || code.startsWith('23')) {
    return { status: 400, message: 'The request holds a value that cannot be stored.' };
  }
  return null;
}

/** The app's onError: every error as JSON `{ message }` with the right status. */
export function errorResponse(err: Error, c: Context<AppEnv>) {
  if (err instanceof ApiError) {
    for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
    return c.json({ message: err.message, ...err.extra }, err.status);
  }
  if (err instanceof HTTPException) return c.json({ message: err.message || 'Request failed' }, err.status);
  if (err instanceof SyntaxError) return c.json({ message: 'Malformed JSON body' }, 400);
  const reqId = requestIdOf(c);
  if (isDatabaseUnavailable(err)) {
    // The cause, not a stack: the same for every request of an outage, so logged once per 10 s
    // with a count of the repeats (observe/repeats.ts), with the id of a request it failed.
    c.var.deps.logger.error(
      { reqId, cause: loggableCause(err), method: c.req.method, path: loggablePath(c.req.path) },
      'database unavailable',
    );
    c.header('retry-after', String(DB_RETRY_AFTER_S));
    return c.json({ message: DB_UNAVAILABLE_MESSAGE }, 503);
  }
  const code = pgErrorCode(err);
  const mapped = code ? statusForPgError(code) : null;
  // Logged either way: a mapped database error still means a gate in front of it has a gap.
  c.var.deps.logger.error(
    { reqId, err, method: c.req.method, path: loggablePath(c.req.path), sqlstate: code },
    'request failed',
  );
  if (mapped) return c.json({ message: mapped.message }, mapped.status);
  return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
}

function loggableCause(err: unknown) {
  const cause = unavailableCause(err);
  return { ...cause, message: outsideText(cause.message, 200) };
}
