import { createApp } from './app';
import { createAuth } from './auth/auth';
import type { AppDeps } from './context';
import { type DatabaseHandle, openDatabase } from './db/client';
import { seedDatabase, type SeedReport } from './db/seed';
import type { Env } from './env';
import { startCacheSync } from './lib/cache-sync';
import { storageFromEnv } from './lib/storage';
import { createLogger, type Logger } from './observe/logger';
import { createMetrics } from './observe/metrics';
import { seedRssSources } from './rss/source-store';
import { insecureCookieWarning } from './security/secure-cookies';

export interface Booted {
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  handle: DatabaseHandle;
  seed: SeedReport | null;
  close(): Promise<void>;
}

/** Open the database, apply migrations, seed when asked, and build the app. Used by the server and the tests. */
export async function boot(
  env: Env,
  opts: { database?: DatabaseHandle; seed?: boolean; logger?: Logger } = {},
): Promise<Booted> {
  const logger = opts.logger ?? createLogger(env);
  const cookieWarning = insecureCookieWarning(env);
  if (cookieWarning) logger.warn(cookieWarning);
  const handle =
    opts.database ?? (await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, logger }));
  const auth = createAuth(handle.db, env);
  const deps: AppDeps = {
    env,
    db: handle.db,
    dbKind: handle.kind,
    auth,
    storage: await storageFromEnv(env),
    lifecycle: { shuttingDown: false },
    logger,
    metrics: createMetrics({ enabled: Boolean(env.METRICS_TOKEN), poolStats: handle.poolStats }),
  };
  // One instance at a time: the first migrates and seeds, the rest wait and find it done.
  const seed = await handle.exclusive(async () => {
    await handle.migrate();
    // Not demo content: the editable RSS sources, stored once from RSS_SOURCES or the defaults.
    await seedRssSources(deps);
    return (opts.seed ?? env.SEED_DEMO) ? await seedDatabase(deps) : null;
  });
  // Writes on any instance clear the matching cached reads on this one (LISTEN/NOTIFY).
  const stopCacheSync = await startCacheSync(deps, handle);
  const app = createApp(deps);
  return {
    deps,
    app,
    handle,
    seed,
    close: async () => {
      await stopCacheSync();
      await handle.close();
    },
  };
}
