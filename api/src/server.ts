import { serve } from '@hono/node-server';
import { boot } from './bootstrap';
import { EnvError, loadEnv } from './env';
import { backgroundJobs } from './jobs';
import { warmCompressedAssets } from './web/compressed';
import { webAssetsDir } from './web/paths';

async function main() {
  const started = performance.now();
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const booted = await boot(env);
  const { app, seed, deps } = booted;
  const extraStops: Array<() => Promise<void> | void> = [];
  for (const start of backgroundJobs) {
    const stop = await start(deps);
    if (stop) extraStops.push(stop);
  }

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const ms = Math.round(performance.now() - started);
    console.log(
      `Site ready at ${env.SITE_URL} (port ${info.port}, ${booted.handle.kind} database, ${ms} ms)`,
    );
    if (seed?.demoAdmin && !env.isProduction) {
      console.log(`Demo admin: ${seed.demoAdmin.email} / ${seed.demoAdmin.password}`);
    }
    // Brotli at its best quality takes ~0.7 s for the main bundle: do it now, off the main thread.
    void warmCompressedAssets(webAssetsDir);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close();
    for (const stop of extraStops) await stop();
    await booted.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
