import { outsideText } from './redact';

/**
 * An error as it may appear in a log line. A failed database query keeps its SQL text and SQLSTATE but
 * never its parameters: drizzle's DrizzleQueryError carries them in `params` and in its message (and
 * so in the first line of its stack), and one of them is the session token of a signed-in request.
 * Driver messages can quote a value too ("invalid input syntax for type integer: …"): they pass the
 * redactor. Used as pino's `err` serializer, so every `logger.x({ err })` goes through it.
 */
export function serializeError(value: unknown): Record<string, unknown> | unknown {
  if (!(value instanceof Error))
    return typeof value === 'string' ? outsideText(withoutParams(value), 500) : value;
  const err = value as Error & { query?: unknown; params?: unknown; code?: unknown; cause?: unknown };
  const cause = err.cause instanceof Error ? (err.cause as Error & { code?: unknown }) : undefined;
  const sqlstate =
    typeof err.code === 'string' ? err.code : typeof cause?.code === 'string' ? cause.code : undefined;
  if (typeof err.query === 'string') {
    const message = cause
      ? `Failed query: ${outsideText(withoutParams(cause.message), 300)}`
      : 'Failed query';
    return {
      type: err.constructor.name,
      message,
      sql: err.query.slice(0, 2000),
      sqlstate,
      // The stack's frames only: its first lines repeat the message, parameters included.
      stack: `${err.constructor.name}: ${message}\n${frames(err)}`,
    };
  }
  const message = outsideText(withoutParams(err.message), 500);
  return {
    type: err.constructor.name,
    message,
    ...(sqlstate ? { sqlstate } : {}),
    stack: `${err.constructor.name}: ${message}\n${frames(err)}`,
    ...(cause ? { cause: serializeError(cause) } : {}),
  };
}

const frames = (err: Error) =>
  (err.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

/**
 * A message that quotes a failed query's parameters (drizzle's "…\nparams: a,b", which better-auth
 * wraps into its own messages), with them cut out.
 */
export function withoutParams(message: string): string {
  return message.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');
}
