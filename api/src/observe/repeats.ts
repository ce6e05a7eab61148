import type pino from 'pino';

/** A warning or error repeated within this long is counted, not written again. */
export const REPEAT_WINDOW_MS = 10_000;

/** Set on a child logger whose every line must be written (the per-request access line). */
export const EVERY_LINE = Symbol('every line');

const unfoldedLoggers = new WeakMap<pino.Logger, pino.Logger>();

/**
 * A child of `logger` whose warnings are all written: for lines that are events with their own limit
 * (CSP reports, rate-limited per client), not faults that repeat during an outage.
 */
export function everyLine(logger: pino.Logger): pino.Logger {
  let child = unfoldedLoggers.get(logger);
  if (!child) {
    child = logger.child({});
    (child as unknown as Record<symbol, boolean>)[EVERY_LINE] = true;
    unfoldedLoggers.set(logger, child);
  }
  return child;
}

type LogMethod = (this: pino.Logger, ...args: unknown[]) => void;

/**
 * One line per cause per REPEAT_WINDOW_MS for warnings and errors: during an outage every request
 * and every job poll fails the same way, and thousands of identical lines (with stacks) would bury
 * the one that says what happened. The first is written as it is; the repeats are counted, and the
 * count is written once the window ends (`repeated: n`, the same message). The cause is the message
 * with the error's type, code and text and the line's other text fields (a CSP report's blocked
 * address, a purge's keys): a different failure or a different event is a different line at once.
 * What names the request (its id, method and path) and numbers (durations, counts) differ on every
 * line of one outage, so they are not part of the cause.
 */
export function repeatsFolded(windowMs = REPEAT_WINDOW_MS) {
  const seen = new Map<string, { until: number; repeated: number; timer?: NodeJS.Timeout }>();
  return function fold(this: pino.Logger, args: unknown[], method: LogMethod, level: number) {
    if (level < 40 || (this as unknown as Record<symbol, unknown>)[EVERY_LINE]) {
      return method.apply(this, args);
    }
    const key = causeOf(args);
    const now = Date.now();
    const entry = seen.get(key);
    if (!entry || entry.until <= now) {
      seen.set(key, { until: now + windowMs, repeated: 0 });
      return method.apply(this, args);
    }
    entry.repeated++;
    if (!entry.timer) {
      const msg = typeof args[0] === 'string' ? args[0] : typeof args[1] === 'string' ? args[1] : '';
      entry.timer = setTimeout(() => {
        seen.delete(key);
        method.apply(this, [{ repeated: entry.repeated, windowMs }, `${msg} (repeated)`]);
      }, entry.until - now);
      entry.timer.unref();
    }
  };
}

/** Fields that say which request a line is about, not what went wrong (and the error, read apart). */
const PER_REQUEST = new Set(['reqId', 'method', 'path', 'route', 'err', 'error', 'cause']);

function causeOf(args: unknown[]): string {
  const [first, second] = args;
  if (typeof first === 'string') return first;
  const msg = typeof second === 'string' ? second : '';
  if (!first || typeof first !== 'object') return msg;
  const fields = first as { err?: unknown; error?: unknown; cause?: unknown };
  const err = fields.err ?? fields.cause;
  let cause = typeof fields.error === 'string' ? fields.error.slice(0, 120) : '';
  for (const [name, value] of Object.entries(first)) {
    if (PER_REQUEST.has(name)) continue;
    if (typeof value === 'string' || typeof value === 'boolean')
      cause += `|${name}=${String(value).slice(0, 200)}`;
    else if (Array.isArray(value) || (value && typeof value === 'object'))
      cause += `|${name}=${JSON.stringify(value).slice(0, 200)}`;
  }
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code ?? (err.cause as { code?: unknown } | undefined)?.code;
    cause += `|${err.constructor.name}|${String(code ?? '')}|${err.message.slice(0, 120)}`;
  } else if (typeof err === 'string') cause += `|${err.slice(0, 120)}`;
  else if (err && typeof err === 'object') cause += `|${JSON.stringify(err).slice(0, 160)}`;
  return `${msg}|${cause}`;
}
