/**
 * `DATABASE_URL=postgres://… pnpm --filter @site/bench seed [-- --articles=N]`: the seed phase of
 * `pnpm bench` alone (demo seed, the scale top-up, every article page stored), so the quick checks
 * (`open-loop`, `crowd`) can run on a fresh database without the full bench. Needs `pnpm build` first
 * (pages are stored with the built web bundle). A second run inserts nothing and stores only what is missing.
 */
import { boot } from '../api/src/bootstrap';
import { loadEnv } from '../api/src/env';
import { storeMissingPages } from '../api/src/web/stored-pages';
import { scaleFromFlags, seedScale } from './seed-scale';
import { BENCH_SITE_URL, benchStoreDays } from './server';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the PostgreSQL database to seed.');
const scale = scaleFromFlags();
const env = loadEnv({
  STORED_PAGES_DAYS: benchStoreDays(),
  NODE_ENV: 'development',
  DATABASE_URL: databaseUrl,
  SEED_DEMO: 'true',
  RSS_CRON: 'off',
  LOG_LEVEL: 'warn',
  SITE_URL: BENCH_SITE_URL,
});
const booted = await boot(env, { seed: true });
try {
  const seeded = await seedScale(booted.deps.db, scale, console.log);
  console.log(`inserted ${JSON.stringify(seeded.inserted)} in ${(seeded.ms / 1000).toFixed(1)} s`);
  const started = performance.now();
  const stored = await storeMissingPages(booted.deps);
  console.log(`stored ${stored} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await booted.close();
}
