/**
 * The admin save row alone (issue 31 §5), without the full bench: boot on DATABASE_URL (PGlite in
 * bench/.data when unset), seed to scale if needed, store revisions as an editor-written site would
 * have them, then time `PUT /api/content/:id` saves (revision + pruning included) and the History list.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx admin-save-only.ts [--articles=N] [--saves=N]
 */
import path from 'node:path';
import { boot } from '../api/src/bootstrap';
import { loadEnv } from '../api/src/env';
import { benchAdminCookie } from './admin-search';
import { seedRevisions, timeAdminSaves } from './admin-save';
import { BUDGET } from './budget';
import { flag, num } from './cli-args';
import { scaleFromFlags, seedScale } from './seed-scale';
import { benchDir } from './server';

const scale = scaleFromFlags();
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
  await seedRevisions(booted.deps.db, env.ARTICLE_REVISIONS_KEPT, console.log, {
    everyArticle: !flag('no-first-revisions'),
  });
  const cookie = await benchAdminCookie(booted, env.SITE_URL);
  for (let round = 1; round <= num('rounds', 1); round++) {
    const t = await timeAdminSaves(booted, env.SITE_URL, cookie, {
      saves: num('saves', 200),
      keep: env.ARTICLE_REVISIONS_KEPT,
    });
    const ok = t.p95 < BUDGET.adminSaveP95Ms ? 'ok' : 'MISSED';
    console.log(
      `round ${round}: ${t.n} saves over ${t.revisions} revisions (${t.fullHistories} articles at the full ${env.ARTICLE_REVISIONS_KEPT}): ` +
        `p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms ` +
        `(budget p95 < ${BUDGET.adminSaveP95Ms} ms: ${ok}); History list p95 ${t.listP95.toFixed(1)} ms; ` +
        `pages rendered again after it p50 ${t.refreshP50.toFixed(1)} ms, p95 ${t.refreshP95.toFixed(1)} ms`,
    );
  }
} finally {
  await booted.close();
}
