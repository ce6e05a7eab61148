/**
 * `DATABASE_URL=postgres://… pnpm --filter @site/bench crowd`: only the crowd rows of `pnpm bench`, on a
 * database `pnpm bench` has already seeded (100,000 articles): a few minutes instead of the full run,
 * for checking the SSR and API crowd budgets (p99 < 100 ms) and the server's memory after a change.
 *
 *   flags: --seconds=N --warmup=N --connections=N --only=ssr|api|search|mixed
 * Prints each row and the server's idle and peak RSS. Loopback only; writes nothing.
 */
// @ts-nocheck

import path from 'node:path';
import { BUDGET } from './budget';
import { loadCorpus } from './corpus';
import { num, option } from './cli-args';
import { cacheLookups, crowdPlans, loadCrowd } from './crowd';
import {
  benchDir,
  METRICS_TOKEN,
  productionServerEnv,
  repoRoot,
  startChild,
  productionNodeFlags,
} from './server';

const only = option('only');
const seconds = num('seconds', 10);
const warmup = num('warmup', 3);
const connections = num('connections', 50);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to a database `pnpm bench` has seeded.');

const { slugs, vocabulary } = await loadCorpus(databaseUrl);
console.log(
  `${slugs.length} published articles; ${connections} connections, ${seconds} s after ${warmup} s warm-up`,
);
const server = await startChild({
  cwd: path.join(repoRoot, 'api'),
  script: 'dist/server.js',
  nodeFlags: productionNodeFlags(),
  readyPath: '/api/health',
  env: productionServerEnv(databaseUrl, path.join(benchDir, '.data')),
});
const idleRssMb = server.rssMb();
let peakRssMb = idleRssMb;
const sampler = setInterval(() => {
  peakRssMb = Math.max(peakRssMb, server.rssMb());
}, 200);
try {
  for (const plan of crowdPlans(slugs, vocabulary)) {
    if (only && !plan.name.toLowerCase().includes(only)) continue;
    const before = await cacheLookups(server.url, METRICS_TOKEN);
    const r = await loadCrowd(server.url, plan.pick, { connections, seconds, warmup });
    const after = await cacheLookups(server.url, METRICS_TOKEN);
    const hits = after.hits - before.hits;
    const lookups = hits + after.misses - before.misses;
    const verdict =
      plan.name.includes('mixed') || plan.name.includes('search')
        ? ''
        : r.p99 < BUDGET.crowdP99Ms
          ? 'ok'
          : 'MISSED';
    console.log(
      `${plan.name}: ${r.requestsPerSec} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, hit ratio ${lookups ? Math.round((hits / lookups) * 100) : 0}%, failures ${r.failures} ${verdict}`,
    );
  }
} finally {
  clearInterval(sampler);
  await server.stop();
}
console.log(`server RSS: ${idleRssMb} MB idle, ${peakRssMb} MB peak`);
