/**
 * `DATABASE_URL=postgres://… pnpm --filter @site/bench miss-costs [-- --requests=1000 --rounds=2 --no-store]`:
 * what one miss of each kind costs in CPU, in the server process and in PostgreSQL's, on a database
 * `pnpm bench` has seeded (pages stored), against the compiled server. Each kind is sent as distinct
 * requests (no cache can answer), four at a time so the server is never idle between them but no
 * queue forms. Tells where an open-loop crowd's cores go before a profile says why.
 * Loopback only; writes nothing. The first round warms the server and PostgreSQL's buffers.
 * `--only=page|api|search` sends that kind alone (a profile of one kind: BENCH_NODE_FLAGS in server.ts).
 * `--no-store` turns the page store off: each article page is then the render alone (its brotli for the
 * reader included, no store write), the refill's unit of work.
 */
import path from 'node:path';
import { Pool } from 'undici';
import { flag, num, option } from './cli-args';
import { loadCorpus } from './corpus';
import { cpuSeconds } from './cpu';
import { shuffled } from './long-tail';
import { BENCH_SITE_URL, benchDir, productionServerEnv, startCompiledServer } from './server';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to a database `pnpm bench` has seeded.');
const requests = num('requests', 1000);
const rounds = num('rounds', 2);
const noStore = flag('no-store');
const only = option('only');
const AT_ONCE = 4;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'text/html,application/json' };

const corpus = await loadCorpus(databaseUrl);
// Distinct articles in random order: no two requests of a kind, nor of two kinds, share one.
const slugs = shuffled(corpus.slugs, Date.now());
const words = corpus.vocabulary;
if (slugs.length < requests * rounds * 2)
  throw new Error(`Needs ${requests * rounds * 2} published articles.`);

let nextSlug = 0;
const word = () => words[Math.floor(Math.random() * words.length)] ?? 'calm';
const allKinds: Record<string, [string, () => string]> = {
  page: [
    `article page miss (${noStore ? 'rendered, store off' : 'stored page'})`,
    () => `/content/${slugs[nextSlug++]}`,
  ],
  api: ['API article miss', () => `/api/content/${slugs[nextSlug++]}`],
  search: [
    'search miss, two random words',
    () => `/api/content/search?q=${encodeURIComponent(`${word()} ${word()}`)}`,
  ],
};
if (only && !(only in allKinds)) throw new Error(`--only takes ${Object.keys(allKinds).join(', ')}`);
const kinds = Object.fromEntries(
  Object.entries(allKinds)
    .filter(([key]) => !only || key === only)
    .map(([, kind]) => kind),
);

const server = await startCompiledServer({
  ...productionServerEnv(databaseUrl, path.join(benchDir, '.data')),
  SITE_URL: BENCH_SITE_URL,
  ...(noStore ? { STORED_PAGES: 'false' } : {}),
});
const pool = new Pool(server.url, { connections: AT_ONCE });
const isServer = (pid: number) => pid === server.pid;
const isPostgres = (_: number, comm: string) => comm.startsWith('postgres');
try {
  for (let round = 1; round <= rounds; round++) {
    console.log(`round ${round}${round === 1 ? ' (warm-up)' : ''}, ${requests} distinct requests a kind:`);
    for (const [name, pick] of Object.entries(kinds)) {
      const before = [cpuSeconds(isServer), cpuSeconds(isPostgres)] as const;
      const started = performance.now();
      let sent = 0;
      let failed = 0;
      await Promise.all(
        Array.from({ length: AT_ONCE }, async () => {
          while (sent++ < requests) {
            const res = await pool.request({ path: pick(), method: 'GET', headers: BROWSER });
            await res.body.dump();
            if (res.statusCode !== 200) failed++;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const perRequest = (now: number, then: number) => `${(((now - then) * 1000) / requests).toFixed(2)} ms`;
      console.log(
        `  ${name}: ${Math.round(requests / seconds)} req/s; CPU a request: server ${perRequest(cpuSeconds(isServer), before[0])}, PostgreSQL ${perRequest(cpuSeconds(isPostgres), before[1])}${failed ? `; ${failed} failed` : ''}`,
      );
    }
  }
} finally {
  await pool.close();
  await server.stop();
}
