import type { Server } from 'node:http';
import { boot } from './bootstrap';
import { listen } from './listen';
import type { Env } from './env';
import { backgroundJobs } from './jobs';
import { rssIdle } from './rss/run';
import { warmCompressedAssets } from './web/compressed';
import { warmRenderer } from './web/ssr';
import { webAssetsDir } from './web/paths';

/** Everything after the settings were found valid (server.ts): open the database, boot, listen, drain on SIGTERM. */
export async function startServer(env: Env, started: number) {
  // The first page render needs the web bundle: load it while the database opens and migrates.
  warmRenderer();
  const booted = await boot(env);
  const { app, seed, deps } = booted;
  const { logger } = deps;
  const extraStops: Array<() => Promise<void> | void> = [];
  // The jobs (the queue's workers, the stores of bodies and pages) start once the server listens:
  // readers need none of them, and the queue's start-up (its schema, schedules) took ~0.5 s of the
  // time to the first page.
  const startJobs = async () => {
    for (const start of backgroundJobs) {
      if (deps.lifecycle.shuttingDown) return;
      const stop = await start(deps).catch((err: unknown) => {
        logger.error({ err }, 'a background job could not start');
        return undefined;
      });
      if (stop) extraStops.push(stop);
    }
  };
  let jobsStarted: Promise<void> = Promise.resolve();

  const server = listen(app.fetch, env, (info) => {
    const ms = Math.round(performance.now() - started);
    logger.info(
      { url: env.SITE_URL, port: info.port, database: booted.handle.kind, startMs: ms },
      `Site ready at ${env.SITE_URL} (port ${info.port}, ${booted.handle.kind} database, ${ms} ms)`,
    );
    if (seed?.demoAdmin && !env.isProduction) {
      logger.info(`Demo admin: ${seed.demoAdmin.email} / ${seed.demoAdmin.password}`);
    }
    jobsStarted = startJobs();
    // Brotli at its best quality takes ~0.7 s for the main bundle: do it now, off the main thread.
    void warmCompressedAssets(webAssetsDir);
  });

  const stopServer = gracefulClose(server);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readiness fails at once so a load balancer stops sending; the listener closes, requests in
    // flight get SHUTDOWN_TIMEOUT_MS to finish, then jobs stop and the pool closes.
    deps.lifecycle.shuttingDown = true;
    logger.info(`${signal}: shutting down (requests in flight have ${env.SHUTDOWN_TIMEOUT_MS} ms)`);
    // A run already going (RSS import) may finish within the same bound; no new one starts.
    const force = setTimeout(() => process.exit(1), env.SHUTDOWN_TIMEOUT_MS + 1_000);
    force.unref();
    await jobsStarted;
    const jobsStopped = Promise.all([
      ...extraStops.map((stop) => Promise.resolve(stop()).catch(() => undefined)),
      rssIdle(deps), // a run an admin started
    ]);
    const drained = await stopServer(env.SHUTDOWN_TIMEOUT_MS);
    if (!drained) logger.warn(`${signal}: requests still open after ${env.SHUTDOWN_TIMEOUT_MS} ms were cut`);
    await jobsStopped;
    await booted.close().catch(() => undefined);
    logger.flush();
    process.exit(drained ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/**
 * Stop accepting connections and wait for the open requests, at most timeoutMs; true when every
 * request finished. Idle keep-alive connections are closed as they become idle, so a client
 * that keeps one open cannot hold the shutdown.
 */
function gracefulClose(server: Server) {
  return (timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      const timer = setTimeout(() => {
        clearInterval(idle);
        server.closeAllConnections();
        resolve(false);
      }, timeoutMs);
      server.close(() => {
        clearInterval(idle);
        clearTimeout(timer);
        resolve(true);
      });
    });
}
