import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Env } from '../env';
import { serializeError } from './errors';
import { escapeControls } from './redact';
import { repeatsFolded } from './repeats';

export type { Logger };

/**
 * The options every logger of the app shares (the tests' captured loggers too): what is redacted, and
 * how errors are written. Log fields are chosen by the caller: never a cookie, a header dump, a body
 * or a secret. `redact` is the safety net should one slip into a line; `serializers.err` keeps a
 * failed query's SQL and SQLSTATE but never its parameters (observe/errors.ts).
 */
export function loggerOptions(
  level: pino.LevelWithSilent,
  opts: { escapeMessages?: boolean } = {},
): pino.LoggerOptions {
  const options: pino.LoggerOptions = {
    level,
    base: { pid: process.pid },
    redact: {
      paths: [
        'cookie',
        'authorization',
        'password',
        'token',
        'params',
        '*.cookie',
        '*.authorization',
        '*.password',
        '*.token',
        '*.params',
      ],
      censor: '[redacted]',
    },
    serializers: { err: serializeError },
  };
  // Warnings and errors: one line per cause per 10 s, with a count of the repeats (observe/repeats.ts).
  const fold = repeatsFolded();
  options.hooks = {
    logMethod(args, method, level) {
      // Readable development lines print the message as it is: a newline in outside text (a CSP
      // report, a feed title) would start a forged line. JSON lines escape it already.
      const safe = opts.escapeMessages
        ? (args.map((a) => (typeof a === 'string' ? escapeControls(a) : a)) as typeof args)
        : args;
      fold.call(this, safe, method as never, level);
    },
  };
  return options;
}

/**
 * The one logger of an instance. Production writes one JSON object per line to stdout (buffered,
 * off the request path) for a log shipper; development prints readable coloured lines; tests are
 * silent unless LOG_LEVEL asks otherwise.
 */
export function createLogger(
  env: Pick<Env, 'NODE_ENV' | 'LOG_LEVEL' | 'isProduction'>,
  /** Where development lines go (default stdout); tests pass a stream to read them. */
  readableOut: NodeJS.WritableStream = process.stdout,
): Logger {
  const level = env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info');
  const readable = !env.isProduction && env.NODE_ENV !== 'test';
  const options = loggerOptions(level, { escapeMessages: readable });
  if (env.isProduction) return pino(options, pino.destination({ sync: false }));
  if (env.NODE_ENV === 'test') return pino(options, pino.destination({ sync: true }));
  // pino-pretty as a stream in this thread (not a worker transport): development only. Colours only
  // on a terminal: piped output (a process manager, the e2e harness) must stay plain text.
  return pino(
    options,
    pretty({
      sync: true,
      destination: readableOut,
      colorize: Boolean((readableOut as { isTTY?: boolean }).isTTY),
      ignore: 'pid,hostname',
      translateTime: 'HH:MM:ss',
    }),
  );
}
