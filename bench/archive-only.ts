/**
 * The archive rows alone (issue 43), on a database `pnpm bench` (or `seed`) has seeded:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx archive-only.ts
 *
 * The deepest pages of /news and of the admin list, in-process; the page store's size; then the
 * compiled server in production for the sitemap index and its middle file, cold then cached.
 */
import path from 'node:path';
import { boot } from '../api/src/bootstrap';
import { loadEnv } from '../api/src/env';
import { benchAdminCookie } from './admin-search';
import { archiveMarkdown, storeSize, timeDeepestPages, timeSitemap } from './archive';
import { BENCH_SITE_URL, benchDir, benchStoreDays, productionServerEnv, startCompiledServer } from './server';

const databaseUrl = process.env.DATABASE_URL || undefined;
const env = loadEnv({
  STORED_PAGES_DAYS: benchStoreDays(),
  NODE_ENV: 'development',
  DATABASE_URL: databaseUrl,
  DATA_DIR: path.join(benchDir, '.data'),
  SEED_DEMO: 'true',
  RSS_CRON: 'off',
  LOG_REQUESTS: 'false',
  LOG_LEVEL: 'warn',
  SITE_URL: BENCH_SITE_URL,
});
const booted = await boot(env, { seed: true });
let deepest: Awaited<ReturnType<typeof timeDeepestPages>>;
let store: Awaited<ReturnType<typeof storeSize>>;
try {
  deepest = await timeDeepestPages(booted, await benchAdminCookie(booted, env.SITE_URL));
  store = await storeSize(booted.deps.db);
} finally {
  await booted.close();
}
const server = await startCompiledServer({
  ...productionServerEnv(databaseUrl, path.join(benchDir, '.data')),
  SITE_URL: BENCH_SITE_URL,
});
try {
  const sitemap = await timeSitemap(server.url);
  console.log(archiveMarkdown({ deepest, store, sitemap }).join('\n'));
} finally {
  await server.stop();
}
