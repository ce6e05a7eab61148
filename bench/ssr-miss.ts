// @ts-nocheck
// Sequential server renders of distinct article pages through the real app (no cache): the cost of a miss.
// Run with NODE_ENV=production (React and its router pick their builds when first imported) and
// STORED_PAGES=false for the render alone, without storing each page (brotli and a database write).
if (process.env.NODE_ENV !== 'production')
  console.warn('NODE_ENV is not production: React renders in development mode');
import { boot } from '../api/src/bootstrap';
import { loadEnv } from '../api/src/env';
const env = loadEnv({
  NODE_ENV: 'production',
  BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  DATABASE_URL: process.env.DATABASE_URL,
  SEED_DEMO: 'false',
  RSS_CRON: 'off',
  LOG_REQUESTS: process.env.LOG_REQUESTS ?? 'true',
  PUBLIC_CACHE_MS: process.env.PUBLIC_CACHE_MS ?? '0',
  STORED_PAGES: process.env.STORED_PAGES ?? 'true',
  DATA_DIR: '/tmp/unused',
});
const booted = await boot(env, { seed: false });
const { rows } = await booted.deps.db.execute(
  `select slug from articles where status = 'published' order by id desc limit 1200`,
);
const slugs = rows.map((r) => r.slug);
const path = process.argv[2] ?? '/content/';
const run = async (list) => {
  const t = [];
  for (const s of list) {
    const a = performance.now();
    const r = await booted.app.request(path + s);
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(String(r.status));
    t.push(performance.now() - a);
  }
  return t.sort((a, b) => a - b);
};
await run(slugs.slice(0, 200)); // warm the JIT
// ROUNDS=n renders the same 1,000 pages n times (a CPU figure varies ~10% from one run to the next).
for (let round = 0; round < Number(process.env.ROUNDS ?? 1); round++) {
  const cpu0 = process.cpuUsage();
  const t = await run(slugs.slice(200));
  const cpu = process.cpuUsage(cpu0);
  const mean = t.reduce((a, b) => a + b, 0) / t.length;
  console.log(
    `${t.length} renders of ${path}: mean ${mean.toFixed(2)} ms, p50 ${t[Math.floor(t.length / 2)].toFixed(2)} ms, p90 ${t[Math.floor(t.length * 0.9)].toFixed(2)} ms; CPU ${((cpu.user + cpu.system) / 1000 / t.length).toFixed(2)} ms a render`,
  );
}
await booted.close();
process.exit(0);
