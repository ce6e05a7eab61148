import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Throw from anywhere in a request: answered as JSON `{ message }` with this status. */
export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    message: string,
    readonly extra?: Record<string, unknown>,
    /** Headers of the answer (Retry-After of a 503). */
    readonly headers?: Record<string, string>,
  ) {
    super(status, { message });
  }
}

export const notFound = (message = 'Not found') => new ApiError(404, message);
export const badRequest = (message: string, issues?: unknown) => new ApiError(400, message, { issues });
export const conflict = (message: string) => new ApiError(409, message);

/** PostgreSQL error code of a driver error, also when drizzle wraps it in `cause`. */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';
/**
 * A row still referenced (or referring to nothing): 23503, or 23001 (restrict_violation), which
 * PostgreSQL 17 raises for an ON DELETE RESTRICT key where 15 raised 23503.
 */
export const isForeignKeyViolation = (err: unknown) => {
  const code = pgErrorCode(err);
  return code === '23503' || code === '23001';
};

/**
 * SQLSTATEs of a database that cannot be reached or used at all: class 08 (connection), 57P01-03
 * (shutting down, cannot connect now), 53300 (too many connections), 3D000 (the database is missing
 * or was renamed), 28000/28P01 (the login is refused). None is about what a request held.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300|3D000|28000|28P01)$/;
const UNAVAILABLE_SYSCALL = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|connection error|Connection closed|PGlite is closed/i;

/**
 * True when a request failed because the database could not be reached (down, restarting, out of
 * connections), not because of what the request held: that is a 503 with Retry-After, not a 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SYSCALL.has(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    const inner = e as { cause?: unknown; errors?: unknown };
    // AggregateError (a connect to several addresses) carries its causes in `errors`.
    e = inner.cause ?? (Array.isArray(inner.errors) ? inner.errors[0] : undefined);
  }
  return false;
}

/**
 * What made the database unavailable, for one log line: the driver's code (SQLSTATE or system
 * call) and its message, without a stack (and without a query's parameters: none is quoted here).
 */
export function unavailableCause(err: unknown): { code?: string; message: string } {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    const known =
      typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SYSCALL.has(code));
    if (known || (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message))) {
      return {
        ...(typeof code === 'string' ? { code } : {}),
        message: String(message ?? '').slice(0, 200),
      };
    }
    const inner = e as { cause?: unknown; errors?: unknown };
    e = inner.cause ?? (Array.isArray(inner.errors) ? inner.errors[0] : undefined);
  }
  return { message: 'unknown' };
}
