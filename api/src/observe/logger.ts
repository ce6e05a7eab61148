import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Env } from '../env';

export type { Logger };

/**
 * The one logger of an instance. Production writes one JSON object per line to stdout (buffered,
 * off the request path) for a log shipper; development prints readable coloured lines; tests are
 * silent unless LOG_LEVEL asks otherwise. Log fields are chosen by the caller: never a cookie, a
 * header dump, a body or a secret. `redact` is the safety net should one slip into a line.
 */
export function createLogger(env: Pick<Env, 'NODE_ENV' | 'LOG_LEVEL' | 'isProduction'>): Logger {
  const level = env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info');
  const options: pino.LoggerOptions = {
    level,
    base: { pid: process.pid },
    redact: {
      paths: ['cookie', 'authorization', 'password', '*.cookie', '*.authorization', '*.password'],
      censor: '[redacted]',
    },
  };
  if (env.isProduction) return pino(options, pino.destination({ sync: false }));
  if (env.NODE_ENV === 'test') return pino(options, pino.destination({ sync: true }));
  // pino-pretty as a stream in this thread (not a worker transport): development only. Colours only
  // on a terminal: piped output (a process manager, the e2e harness) must stay plain text.
  return pino(
    options,
    pretty({
      sync: true,
      colorize: Boolean(process.stdout.isTTY),
      ignore: 'pid,hostname',
      translateTime: 'HH:MM:ss',
    }),
  );
}
