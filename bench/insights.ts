/**
 * `pnpm --filter @site/bench insights`: the insights bench rows (docs/insights.md, issue 16).
 * On PostgreSQL (DATABASE_URL, or a fresh database on TEST_DATABASE_URL that is dropped afterwards):
 * 1,000,000 affiliate clicks over a year (and a year of reads), then p50/p95 of the 90-day reports
 * and of the /go/{id} redirect, and the click statement before (plain insert) and after (insert +
 * roll-up). Loopback only; a few minutes at most. Results: bench/results/insights-postgres.{json,md}.
 *
 *   flags: --clicks=N (1,000,000) --runs=N (40 per query) --products=N (200) --articles=N (500)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { boot } from '../api/src/bootstrap';
import { loadEnv } from '../api/src/env';
import { clicksReport, readsReport } from '../api/src/insights/reports';
import { createPostgresDatabase } from '../api/test/helpers';
import { lastDays } from '../shared/src/helpers/london-days';
import { num } from './cli-args';
import { benchDir } from './server';

const CLICKS = num('clicks', 1_000_000);
const RUNS = num('runs', 40);
const PRODUCTS = num('products', 200);
const ARTICLES = num('articles', 500);
const BUDGET_P95_MS = 100;
const log = (m: string) => console.log(m);

async function database(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, drop: async () => {} };
  if (!process.env.TEST_DATABASE_URL)
    throw new Error('Set DATABASE_URL or TEST_DATABASE_URL (PostgreSQL): this bench is about PostgreSQL.');
  return createPostgresDatabase('bench_insights');
}

function stats(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  const round = (v: number) => Math.round(v * 100) / 100;
  return { n: ms.length, p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted.at(-1) ?? 0) };
}

async function time(runs: number, fn: (i: number) => Promise<unknown>) {
  await fn(-1); // warm the plan and the cache
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn(i);
    ms.push(performance.now() - t);
  }
  return stats(ms);
}

async function main() {
  const db0 = await database();
  const env = loadEnv({
    NODE_ENV: 'development',
    DATABASE_URL: db0.url,
    SEED_DEMO: 'false',
    LOG_REQUESTS: 'false',
    RSS_CRON: 'off',
  });
  const booted = await boot(env, { seed: false });
  const { db } = booted.deps;
  try {
    log(
      `Seeding ${PRODUCTS} products, ${ARTICLES} articles, ${CLICKS.toLocaleString('en-GB')} clicks over 365 days…`,
    );
    const t0 = performance.now();
    await db.execute(`
      insert into products (title, description, price, affiliate_url)
      select 'Bench product ' || g, 'D', 9.99, 'https://shop.example/p/' || g from generate_series(1, ${PRODUCTS}) g`);
    await db.execute(`
      insert into articles (slug, title, excerpt, content, category, published_at)
      select 'bench-' || g, 'Bench article ' || g, 'E', 'C', 'wellness', now() from generate_series(1, ${ARTICLES}) g`);
    // Popular products and pages get more clicks (squared random), spread over a year.
    await db.execute(`
      insert into affiliate_clicks (product_id, referrer_path, created_at)
      select (select min(id) from products) + floor(power(random(), 2) * ${PRODUCTS})::int,
             case when random() < 0.5 then '/shop' else '/content/bench-' || (1 + floor(random() * 300)::int) end,
             now() - random() * interval '365 days'
      from generate_series(1, ${CLICKS})`);
    // The roll-ups as the migration builds them (the /go redirect keeps them in step afterwards).
    const day = `(created_at at time zone 'Europe/London')::date`;
    await db.execute(`insert into click_days_by_product (day, product_id, clicks)
      select ${day}, product_id, count(*)::int from affiliate_clicks group by 1, 2`);
    await db.execute(`insert into click_days_by_page (day, referrer_path, clicks)
      select ${day}, coalesce(referrer_path, ''), count(*)::int from affiliate_clicks group by 1, 2`);
    await db.execute(`insert into click_days_by_product_page (product_id, day, referrer_path, clicks)
      select product_id, ${day}, coalesce(referrer_path, ''), count(*)::int from affiliate_clicks group by 1, 2, 3`);
    await db.execute(`
      insert into article_read_days (article_id, day, reads)
      select a.id, d::date, 1 + floor(random() * 50)::int
      from articles a cross join generate_series(now() - interval '364 days', now(), interval '1 day') d`);
    await db.execute(`analyze`);
    const seedMs = Math.round(performance.now() - t0);
    const count = async (t: string) =>
      Number(
        ((await db.execute(`select count(*)::int as n from ${t}`)) as unknown as { rows: { n: number }[] })
          .rows[0]?.n,
      );
    const counts = {
      clicks: await count('affiliate_clicks'),
      clickDaysByProduct: await count('click_days_by_product'),
      clickDaysByPage: await count('click_days_by_page'),
      clickDaysByProductPage: await count('click_days_by_product_page'),
      readDayRows: await count('article_read_days'),
    };
    log(`  ${JSON.stringify(counts)} in ${(seedMs / 1000).toFixed(1)} s`);

    const range90 = lastDays(90);
    const [firstProduct] = (
      (await db.execute(`select min(id)::int as id from products`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const [firstArticle] = (
      (await db.execute(`select min(id)::int as id from articles`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const rows: Record<string, ReturnType<typeof stats>> = {};
    log('Timing the 90-day reports…');
    rows['clicks report, 90 days, all products'] = await time(RUNS, () => clicksReport(db, range90));
    rows['clicks report, 90 days, one product'] = await time(RUNS, () =>
      clicksReport(db, { ...range90, productId: firstProduct!.id }),
    );
    rows['clicks report, 366 days, all products'] = await time(Math.ceil(RUNS / 2), () =>
      clicksReport(db, lastDays(366)),
    );
    rows['reads report, 90 days, most read'] = await time(RUNS, () => readsReport(db, range90));
    rows['reads report, 90 days, one article'] = await time(RUNS, () =>
      readsReport(db, { ...range90, articleId: firstArticle!.id }),
    );

    log('Timing the click statement before and after the roll-up…');
    const pid = firstProduct!.id;
    rows['click insert before (affiliate_clicks only)'] = await time(RUNS * 5, () =>
      db.execute(`insert into affiliate_clicks (product_id, referrer_path) values (${pid}, '/shop')`),
    );
    const { recordClick } = await import('../api/src/insights/record');
    rows['click insert after (+ daily roll-up, one statement)'] = await time(RUNS * 5, () =>
      recordClick(db, pid, '/shop'),
    );
    rows['GET /go/{id} (app.request, sequential)'] = await time(RUNS * 5, async () => {
      const res = await booted.app.request(`/go/${pid}?from=/shop`);
      if (res.status !== 302) throw new Error(`/go answered ${res.status}`);
    });

    const results = {
      meta: {
        startedAt: new Date().toISOString(),
        node: process.version,
        database: 'postgres',
        seedMs,
        counts,
        runs: RUNS,
      },
      budgetP95Ms: BUDGET_P95_MS,
      rows,
    };
    const lines = [
      `# Insights bench (PostgreSQL, ${counts.clicks.toLocaleString('en-GB')} clicks)`,
      '',
      `${results.meta.startedAt}, Node ${process.version}; roll-up rows: ${counts.clickDaysByProduct.toLocaleString('en-GB')} by product, ${counts.clickDaysByPage.toLocaleString('en-GB')} by page, ${counts.clickDaysByProductPage.toLocaleString('en-GB')} by product and page, ${counts.readDayRows.toLocaleString('en-GB')} read-days. Budget: p95 < ${BUDGET_P95_MS} ms.`,
      '',
      '| row | n | p50 ms | p95 ms | max ms |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...Object.entries(rows).map(([k, v]) => `| ${k} | ${v.n} | ${v.p50} | ${v.p95} | ${v.max} |`),
      '',
    ];
    const outDir = path.join(benchDir, 'results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'insights-postgres.json'), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(path.join(outDir, 'insights-postgres.md'), lines.join('\n'));
    console.log(`\n${lines.join('\n')}`);
  } finally {
    await booted.close();
    await db0.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
