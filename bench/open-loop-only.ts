/**
 * `DATABASE_URL=postgres://… pnpm --filter @site/bench open-loop -- --rates=200,300`: the mixed crowd
 * of the long-tail rows sent open-loop at the given rates on a database `pnpm bench` has seeded (pages
 * stored), against the compiled server; prints each kind's p50/p99 and where the CPU went (the server
 * process, PostgreSQL's processes, this load generator), so a change can be judged in minutes.
 *
 *   flags: --rates=N,N --seconds=N --as-filed (the server as issue 29 found it: no page store,
 *          searches kept 1 s; bench/long-tail-run.ts AS_FILED_ENV) --workers=N (WEB_CONCURRENCY:
 *          N server processes; their cores are counted as the server's) --store-days=N (the store's
 *          bound, STORED_PAGES_DAYS; every page by default, as `pnpm bench`: at 1,000,000 pass 30,
 *          the production default, or the server first spends ~1.5 h storing every page)
 * Waits for the server's start-up refill to fill the store's bound before the first step.
 * Loopback only; writes only the pages the server stores.
 */
import path from 'node:path';
import { BUDGET } from './budget';
import { loadCorpus } from './corpus';
import { flag, num, option } from './cli-args';
import { childrenOf, cpuSplit } from './cpu';
import { crowdPlans } from './crowd';
import { openLoop } from './long-tail';
import { AS_FILED_ENV, AS_FILED_NAME, storedPagesReady } from './long-tail-run';
import { BENCH_SITE_URL, benchDir, productionServerEnv, startCompiledServer } from './server';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to a database `pnpm bench` has seeded.');
const rates = (option('rates') ?? '200,300').split(',').map(Number);
const seconds = num('seconds', 8);
const asFiled = flag('as-filed');
const workers = num('workers', 1);

const { slugs, vocabulary } = await loadCorpus(databaseUrl);

const server = await startCompiledServer({
  ...productionServerEnv(databaseUrl, path.join(benchDir, '.data')),
  SITE_URL: BENCH_SITE_URL,
  ...(asFiled ? AS_FILED_ENV : {}),
  WEB_CONCURRENCY: String(workers),
});
const budget = { pageApiP99Ms: BUDGET.crowdP99Ms, searchP99Ms: BUDGET.openLoopSearchP99Ms };
// One crowd from the warm-up to the last step: a new one per step would send the same requests again.
const crowd = crowdPlans(slugs, vocabulary, 23)[3]!;
try {
  console.log(`${slugs.length} articles; ${asFiled ? AS_FILED_NAME : 'as built'}; ${seconds} s a step`);
  // The start-up refill renders on the server's cores until the store's bound is full: measured
  // beside it, the steps would count its renders as the crowd's (5 Dec's first runs at 1,000,000 did).
  if (!asFiled)
    console.log(`page store filled (waited ${await storedPagesReady(server, console.log, 7200)} s)`);
  await openLoop(server.url, crowd, { rate: rates[0]!, seconds, budget });
  for (const rate of rates) {
    // A cluster's workers are the primary's children (none with one process), all up by now.
    const serverWorkers = childrenOf(server.pid);
    const cores = cpuSplit({
      server: (pid) => pid === server.pid || serverWorkers.has(pid),
      postgres: (_, comm) => comm.startsWith('postgres'),
      bench: (pid) => pid === process.pid,
    });
    const step = await openLoop(server.url, crowd, { rate, seconds, budget });
    const k = step.byKind;
    console.log(
      `${rate} req/s: pages p50 ${k.page.p50} p99 ${k.page.p99} · API p50 ${k.api.p50} p99 ${k.api.p99} · lists p99 ${k.list.p99} · search p50 ${k.search.p50} p99 ${k.search.p99} ms · ${step.ok ? 'ok' : 'over'}`,
    );
    console.log(`  cores: ${cores()}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
} finally {
  await server.stop();
}
