import { createApp } from './app';
import { stopEncoder } from './pictures/encoder-client';
import { createAuth } from './auth/auth';
import { adminsWithDemoPassword } from './auth/demo-password';
import { announceFirstAdminSetup, instanceName } from './auth/first-admin';
import type { AppDeps } from './context';
import { type DatabaseHandle, openDatabase } from './db/client';
import type { SeedReport } from './db/seed';
import type { Env } from './env';
import { startCacheSync } from './lib/cache/sync';
import { storageFromEnv } from './lib/storage/storage';
import { createLogger, type Logger } from './observe/logger';
import { createMetrics } from './observe/metrics';
import { seedRssSources } from './rss/source-store';
import { insecureCookieWarning } from './security/secure-cookies';
import { storedPagesIdle } from './web/stored-pages';

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
    opts.database ??
    (await openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      logger,
      poolMax: env.DATABASE_POOL_MAX,
    }));
  const auth = createAuth(handle.db, env, logger);
  const deps: AppDeps = {
    env,
    db: handle.db,
    searchDb: handle.searchDb,
    dbKind: handle.kind,
    auth,
    storage: await storageFromEnv(env, logger),
    lifecycle: { shuttingDown: false },
    logger,
    metrics: createMetrics({ enabled: Boolean(env.METRICS_TOKEN), poolStats: handle.poolStats }),
  };
  // One instance at a time: the first migrates and seeds, the rest wait and find it done.
  const instance = instanceName();
  const seed = await handle.exclusive(async () => {
    let started = performance.now();
    const applied = await handle.migrate();
    const migrateMs = Math.round(performance.now() - started);
    logger.info(
      { instance, applied, ms: migrateMs },
      applied
        ? `Migrations: ${applied} applied by ${instance} in ${migrateMs} ms`
        : `Migrations: the database is up to date (checked by ${instance} in ${migrateMs} ms)`,
    );
    // Not demo content: the editable RSS sources, stored once from RSS_SOURCES or the defaults.
    await seedRssSources(deps);
    let report: SeedReport | null = null;
    if (opts.seed ?? env.SEED_DEMO) {
      started = performance.now();
      // Loaded only when asked for: the demo data is most of a production build's bytes otherwise.
      const { seedDatabase } = await import('./db/seed');
      report = await seedDatabase(deps);
      const rows = Object.values(report.inserted).reduce((a, b) => a + b, 0);
      const seedMs = Math.round(performance.now() - started);
      logger.info(
        { instance, inserted: report.inserted, ms: seedMs },
        rows
          ? `Demo content: ${rows} rows seeded by ${instance} in ${seedMs} ms`
          : 'Demo content: already there, nothing seeded',
      );
    }
    if (env.isProduction) await announceFirstAdminSetup(deps);
    return report;
  });
  if (env.isProduction) {
    // In the background: checking a password hash takes tens of milliseconds, start-up need not wait.
    void adminsWithDemoPassword(handle.db)
      .then((emails) => {
        for (const email of emails) {
          logger.error(
            { account: email },
            `The admin account ${email} signs in with the published demo password. Change its password now (the admin shows how), or revoke it with make-admin --revoke.`,
          );
        }
      })
      .catch(() => undefined);
  }
  // Writes on any instance clear the matching cached reads on this one (LISTEN/NOTIFY).
  const stopCacheSync = await startCacheSync(deps, handle);
  const app = createApp(deps);
  return {
    deps,
    app,
    handle,
    seed,
    close: async () => {
      stopEncoder();
      // A background page refresh uses the pool: let it end first (on SIGTERM, serve.ts has set
      // shuttingDown, so it stops after the page in hand).
      await storedPagesIdle(deps);
      await stopCacheSync();
      await handle.close();
    },
  };
}
