import { boot } from './bootstrap';
import { drainer, listen } from './listen';
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
  // A port someone else holds (another copy of the site, another dev server) is a sentence that says
  // what to do, not a stack trace (issue 40 §16).
  server.once('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EADDRINUSE' && err.code !== 'EACCES') throw err;
    const why =
      err.code === 'EADDRINUSE' ? 'is in use by another program' : 'needs privileges this user lacks';
    logger.error(
      `Port ${env.PORT} ${why}. Stop that program, or start on another port: PORT=${env.PORT === 3000 ? 3001 : 3000} npx -y pnpm@10 start`,
    );
    void booted.close().finally(() => process.exit(1));
  });

  const stopServer = drainer(server);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readiness fails at once so a load balancer stops sending; the listener closes, requests in
    // flight get SHUTDOWN_TIMEOUT_MS to finish, answered with `Connection: close` as are requests
    // that still come on open connections (listen.ts: drainer), then jobs stop and the pool closes.
    deps.lifecycle.shuttingDown = true;
    logger.info(`${signal}: shutting down (requests in flight have ${env.SHUTDOWN_TIMEOUT_MS} ms)`);
    // A run already going (RSS import) may finish within the same bound; no new one starts.
    const force = setTimeout(() => process.exit(1), env.SHUTDOWN_TIMEOUT_MS + 1_000);
    force.unref();
    const serverDrained = stopServer(env.SHUTDOWN_TIMEOUT_MS);
    await jobsStarted;
    const jobsStopped = Promise.all([
      ...extraStops.map((stop) => Promise.resolve(stop()).catch(() => undefined)),
      rssIdle(deps), // a run an admin started
    ]);
    const drained = await serverDrained;
    if (!drained) logger.warn(`${signal}: requests still open after ${env.SHUTDOWN_TIMEOUT_MS} ms were cut`);
    await jobsStopped;
    await booted.close().catch(() => undefined);
    logger.flush();
    process.exit(drained ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
