import cluster from 'node:cluster';
import pino from 'pino';
import { EnvError, loadEnv } from './env';

/**
 * The production entry (compiled to api/dist/server.js). The settings are checked first, with only
 * zod loaded, so a bad one is reported at once, all of them together; the database drivers, auth,
 * image and storage libraries load only after that (serve.ts). With WEB_CONCURRENCY > 1 this process
 * supervises that many workers (cluster.ts), each of which runs the server.
 */
const startupLogger = pino({ base: { pid: process.pid } }, pino.destination({ fd: 2, sync: true }));

const started = performance.now();
try {
  const env = loadEnv();
  if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
    const { superviseWorkers } = await import('./cluster');
    superviseWorkers(env.WEB_CONCURRENCY, startupLogger);
  } else {
    const { startServer } = await import('./serve');
    await startServer(env, started);
  }
} catch (err) {
  startupLogger.fatal(
    err instanceof EnvError
      ? err.message
      : `Failed to start: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(1);
}
