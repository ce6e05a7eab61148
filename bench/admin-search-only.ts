/**
 * The admin search row alone, without the full bench: boot on DATABASE_URL (PGlite in bench/.data
 * when unset), seed to scale if the database is not there yet, then time `GET /api/admin/content?q=…`
 * as `pnpm bench` does and print p50/p95/p99 with the time of each (term, shape).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx admin-search-only.ts [--rounds=N]
 */
import path from 'node:path';
import { boot } from '../api/src/bootstrap';
import { loadEnv } from '../api/src/env';
import { benchAdminCookie, timeAdminSearch } from './admin-search';
import { scaleFromFlags, seedScale } from './seed-scale';
import { num } from './cli-args';
import { benchDir } from './server';

const scale = scaleFromFlags();
const rounds = num('rounds', 1);

const env = loadEnv({
  NODE_ENV: 'development',
  DATABASE_URL: process.env.DATABASE_URL || undefined,
  DATA_DIR: path.join(benchDir, '.data'),
  SEED_DEMO: 'true',
  RSS_CRON: 'off',
  LOG_REQUESTS: 'false',
  LOG_LEVEL: 'warn',
});
const booted = await boot(env, { seed: true });
try {
  const seeded = await seedScale(booted.deps.db, scale, console.log);
  if (seeded.inserted.articles) console.log(`seeded ${JSON.stringify(seeded.inserted)} in ${seeded.ms} ms`);
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  const runs = [];
  const cookie = await benchAdminCookie(booted, env.SITE_URL);
  for (let r = 0; r < rounds; r++) {
    const t = await timeAdminSearch(booted, env.SITE_URL, cookie);
    runs.push(t);
    console.log(`round ${r + 1}: n=${t.n} p50 ${ms(t.p50)} p95 ${ms(t.p95)} p99 ${ms(t.p99)}`);
  }
  // Each (term, shape): its time in every round, so a slow shape stands out from a noisy moment.
  console.log('\n  total  term               shape                       ms per round');
  for (const [i, first] of (runs[0]?.each ?? []).entries()) {
    const times = runs.map((t) => t.each[i]?.ms.toFixed(1).padStart(7)).join('');
    console.log(
      `  ${first.total.padStart(5)}  ${first.term.padEnd(18)} ${(first.shape || '(none)').padEnd(27)} ${times}`,
    );
  }
} finally {
  await booted.close();
}
