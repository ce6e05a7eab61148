/**
 * `pnpm bench`: seed at scale, start the real server in production mode, load it with autocannon
 * beside a bare Hono baseline, and report throughput, latency, search plans, cold start, memory and
 * bundle sizes (bench/results/). Loopback only; bounded in time; never fails on a missed budget.
 *
 *   pnpm bench                      100,000 articles, 10 s per endpoint after a 3 s warm-up
 *   pnpm bench -- --quick           10,000 articles, 3 s per endpoint after 1 s
 *   DATABASE_URL=postgres://… pnpm bench   real PostgreSQL (else PGlite in bench/.data)
 *   pnpm bench -- --scale=1000000   1,000,000 articles (products and recipes as in the full bench)
 *   flags: --articles=N --seconds=N --connections=N --no-browser --no-pictures --tag=NAME
 *   the pictures step (issue 39, bench/pictures-run.ts) runs last, on a fresh PGlite with the demo
 *   content (the bench's database keeps its own SITE_URL); PICTURES_DATABASE_URL=postgres://… puts it
 *   on a PostgreSQL database of its own instead
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { boot } from '../api/src/bootstrap';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/harness';
import * as s from '../api/src/db/schema';
import { loadEnv } from '../api/src/env';
import { storeMissingPages } from '../api/src/web/stored-pages';
import { type ArchiveRows, storeSize, timeDeepestPages, timeSitemap } from './archive';
import { adminBundles, manifestBundles, routeBundles } from './bundle';
import { seedRevisions, timeAdminSaves } from './admin-save';
import { BUDGET } from './budget';
import { flag, num, option } from './cli-args';
import { measureColdStart } from './cold-start';
import { PUBLISHED_SLUGS_SQL, TITLE_VOCABULARY_SQL } from './corpus';
import { AS_FILED_ENV, type LongTail, measureLongTail } from './long-tail-run';
import { measurePictures, PICTURES_FULL, PICTURES_QUICK, type PicturesResult } from './pictures-run';
import { cacheLookups, crowdPlans, loadCrowd } from './crowd';
import { type LoadResult, load } from './load';
import { renderMarkdown } from './report';
import { benchAdminCookie, timeAdminSearch } from './admin-search';
import { explainSearch, SEARCH_TERMS, type SearchPlan, timeSearchSql } from './search-plan';
import { scaleFlag, scaleFromFlags, seedScale } from './seed-scale';
import {
  BENCH_SITE_URL,
  benchDir,
  METRICS_TOKEN,
  productionServerEnv,
  repoRoot,
  startChild,
  benchStoreDays,
  productionNodeFlags,
} from './server';

const quick = flag('quick');
const scale = scaleFromFlags(quick ? { articles: 10_000, products: 1_000, recipes: 500 } : undefined);
const seconds = num('seconds', quick ? 3 : 10);
const warmup = num('warmup', quick ? 1 : 3);
const connections = num('connections', 50);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = path.join(benchDir, '.data');
const clientDir = path.join(repoRoot, 'web/dist/client');
const log = (m: string) => console.log(m);

export { BUDGET };

export interface EndpointRow {
  name: string;
  kind: 'api' | 'ssr';
  status: 'measured' | 'missing';
  note?: string;
  bodyBytes?: number;
  real?: LoadResult;
  bare?: LoadResult;
  /** A crowd row (bench/crowd.ts): paths drawn per request; hitRatio = cache lookups served from the cache (warm-up included). */
  crowd?: boolean;
  hitRatio?: number;
}

// The address pages print (canonical links): the same as the seed phase's, which stores the pages.
const serverEnv = () => ({ ...productionServerEnv(databaseUrl, dataDir), SITE_URL: BENCH_SITE_URL });

async function seedPhase() {
  log(`Seeding ${databaseUrl ? 'PostgreSQL' : `PGlite (${dataDir})`} to ${JSON.stringify(scale)}…`);
  const env = loadEnv({
    STORED_PAGES_DAYS: benchStoreDays(),
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    RSS_CRON: 'off',
    SITE_URL: BENCH_SITE_URL,
  });
  const booted = await boot(env, { seed: true });
  try {
    const db = booted.deps.db;
    const seeded = await seedScale(db, scale, log);
    log(`  inserted ${JSON.stringify(seeded.inserted)} in ${(seeded.ms / 1000).toFixed(1)} s`);
    // Article pages are stored when written; the bench's articles were written behind the API's back,
    // so the start-up job's work is done here, before anything is measured (issue 29).
    log('Storing the article pages (the start-up job, in this process)…');
    const pagesStarted = performance.now();
    const storedPages = await storeMissingPages(booted.deps);
    log(`  stored ${storedPages} pages in ${((performance.now() - pagesStarted) / 1000).toFixed(1)} s`);
    const store = await storeSize(db);
    const counts = {
      articles: Number(await db.$count(s.articles)),
      products: Number(await db.$count(s.products)),
      recipes: Number(await db.$count(s.recipes)),
    };
    log('Explaining search…');
    const plans = await explainSearch(db);
    const sqlTimes = await timeSearchSql(db, quick ? 5 : 20);
    log('Timing the admin article search (cold, as an admin)…');
    // One admin for every admin row: sign-ups are rate-limited.
    const adminCookie = await benchAdminCookie(booted, env.SITE_URL);
    const adminSearch = await timeAdminSearch(booted, env.SITE_URL, adminCookie);
    log('Timing the first and the deepest page of the news and admin lists…');
    const deepest = await timeDeepestPages(booted, adminCookie);
    log('Timing editor saves with revisions (issue 31)…');
    await seedRevisions(db, env.ARTICLE_REVISIONS_KEPT, log);
    const adminSave = await timeAdminSaves(booted, env.SITE_URL, adminCookie, {
      saves: quick ? 60 : 200,
      keep: env.ARTICLE_REVISIONS_KEPT,
    });
    const slugRows = (await db.execute(
      `select slug from articles where status = 'published' order by id desc limit 10`,
    )) as unknown as { rows: Array<{ slug: string }> };
    // The crowd: every published article, newest (most read) first, and the words of their titles by frequency.
    const allSlugs = (await db.execute(PUBLISHED_SLUGS_SQL)) as unknown as { rows: Array<{ slug: string }> };
    const words = (await db.execute(TITLE_VOCABULARY_SQL)) as unknown as { rows: Array<{ w: string }> };
    return {
      counts,
      seedMs: seeded.ms,
      plans,
      sqlTimes,
      adminSearch,
      adminSave,
      archive: { deepest, store } satisfies ArchiveRows,
      slugs: slugRows.rows.map((r) => r.slug),
      crowdSlugs: allSlugs.rows.map((r) => r.slug),
      vocabulary: words.rows.map((r) => r.w),
    };
  } finally {
    await booted.close();
  }
}

async function main() {
  const startedAt = new Date();
  if (!databaseUrl) mkdirSync(dataDir, { recursive: true });
  const seed = await seedPhase();
  const slugs = seed.slugs.length ? seed.slugs : ['missing-slug'];

  const bundles = manifestBundles(clientDir);
  if (!bundles) log('No web/dist/client/.vite/manifest.json: run `pnpm build` first (bundle sizes skipped).');

  log('Start-up: spawn → first 200 of / (compiled, tsx, bare)…');
  const startup = await measureColdStart(serverEnv(), { runs: quick ? 3 : 5, log });

  log('Starting the server (production) and the bare baseline…');
  const server = await startChild({
    cwd: path.join(repoRoot, 'api'),
    script: 'dist/server.js',
    nodeFlags: productionNodeFlags(),
    readyPath: '/api/health',
    env: serverEnv(),
  });
  const bare = await startChild({
    cwd: benchDir,
    script: 'baseline-server.ts',
    readyPath: '/bytes/2',
    env: {},
  });
  // Before anything else asks for it, so the first fetch is a miss (issue 43).
  log('Sitemap: the index and one full article file, first fetch then cached…');
  const sitemap = await timeSitemap(server.url);
  const idleRssMb = server.rssMb();
  let peakRssMb = idleRssMb;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, server.rssMb());
  }, 200);

  // What browsers send: their rows measure the compressed answers readers really get.
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  const endpoints: Array<{
    name: string;
    kind: 'api' | 'ssr';
    paths: string[];
    headers?: Record<string, string>;
  }> = [
    { name: 'GET /api/health', kind: 'api', paths: ['/api/health'] },
    { name: 'GET /api/content?limit=20', kind: 'api', paths: ['/api/content?limit=20'] },
    { name: 'GET /api/content/{slug}', kind: 'api', paths: slugs.map((x) => `/api/content/${x}`) },
    {
      name: 'GET /api/content/search?q=…',
      kind: 'api',
      paths: SEARCH_TERMS.map((t) => `/api/content/search?q=${encodeURIComponent(t)}`),
    },
    { name: 'GET /api/products', kind: 'api', paths: ['/api/products'] },
    { name: 'SSR /', kind: 'ssr', paths: ['/'] },
    { name: 'SSR /content/{slug}', kind: 'ssr', paths: slugs.map((x) => `/content/${x}`) },
    {
      name: 'GET /api/content?limit=20 (browser, br)',
      kind: 'api',
      paths: ['/api/content?limit=20'],
      headers: browser,
    },
    { name: 'SSR / (browser, br)', kind: 'ssr', paths: ['/'], headers: browser },
  ];

  const rows: EndpointRow[] = [];
  let longTail: LongTail | undefined;
  try {
    for (const e of endpoints) {
      // A probe first: an endpoint that has not landed yet is reported, not measured.
      const probes = await Promise.all(e.paths.map((p) => fetch(server.url + p)));
      const sizes = await Promise.all(probes.map(async (r) => (await r.arrayBuffer()).byteLength));
      const bad = probes.find((r) => r.status !== 200);
      if (bad) {
        const note = bad.status === 404 ? 'not built yet (404)' : `answers ${bad.status}`;
        log(`  ${e.name}: missing, ${note}`);
        rows.push({ name: e.name, kind: e.kind, status: 'missing', note });
        continue;
      }
      let bodyBytes = Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length);
      log(`  ${e.name}: ${bodyBytes} B body, ${connections} connections, ${seconds} s…`);
      const real = await load(server.url, e.paths, { connections, seconds, warmup, headers: e.headers });
      // fetch decodes what it receives; a compressed row's baseline sends what went over the wire.
      if (e.headers) bodyBytes = real.bytesPerResponse;
      const baseline = await load(bare.url, [`/bytes/${bodyBytes}`], { connections, seconds, warmup });
      rows.push({ name: e.name, kind: e.kind, status: 'measured', bodyBytes, real, bare: baseline });
    }
    for (const plan of crowdPlans(seed.crowdSlugs, seed.vocabulary)) {
      const sample = Array.from({ length: 30 }, () => plan.pick());
      const sizes = await Promise.all(
        sample.map(async (p) => (await (await fetch(server.url + p)).arrayBuffer()).byteLength),
      );
      const bodyBytes = Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length);
      log(`  ${plan.name}: ~${bodyBytes} B body, ${connections} connections, ${seconds} s…`);
      const before = await cacheLookups(server.url, METRICS_TOKEN);
      const real = await loadCrowd(server.url, plan.pick, { connections, seconds, warmup });
      const after = await cacheLookups(server.url, METRICS_TOKEN);
      const hits = after.hits - before.hits;
      const lookups = hits + after.misses - before.misses;
      const baseline = await load(bare.url, [`/bytes/${bodyBytes}`], { connections, seconds, warmup });
      rows.push({
        name: plan.name,
        kind: plan.kind,
        status: 'measured',
        bodyBytes,
        real,
        bare: baseline,
        crowd: true,
        hitRatio: lookups ? hits / lookups : 0,
      });
    }
    if (!flag('no-long-tail')) {
      longTail = await measureLongTail({
        server,
        startWithoutStore: () =>
          startChild({
            cwd: path.join(repoRoot, 'api'),
            script: 'dist/server.js',
            nodeFlags: productionNodeFlags(),
            readyPath: '/api/health',
            env: { ...serverEnv(), ...AS_FILED_ENV },
          }),
        slugs: seed.crowdSlugs,
        vocabulary: seed.vocabulary,
        connections,
        seconds: quick ? 3 : 8,
        log,
      });
    }
  } finally {
    clearInterval(sampler);
    await Promise.all([server.stop(), bare.stop()]);
  }

  let routes: Awaited<ReturnType<typeof routeBundles>> = [];
  if (bundles && !flag('no-browser') && existsSync(CHROMIUM_PATH)) {
    routes = await measureRoutesInBrowser(slugs[0] ?? 'missing-slug');
  }

  // Issue 39: uploads of real photos, the pages' picture bytes at two screens, 20 uploads beside readers.
  let pictures: PicturesResult | undefined;
  if (!flag('no-pictures')) {
    try {
      pictures = await measurePictures({
        ...(quick ? PICTURES_QUICK : PICTURES_FULL),
        databaseUrl: process.env.PICTURES_DATABASE_URL || undefined,
        dataDir: path.join(benchDir, '.data-pictures'),
        browser: !flag('no-browser') && existsSync(CHROMIUM_PATH),
        mode: quick ? 'quick' : 'full',
        log,
      });
    } catch (err) {
      // A machine without the photos' packages (or apt) loses this step, not the run.
      log(`The pictures step failed and is left out: ${(err as Error).message}`);
    }
  }

  const searchRow = rows.find((r) => r.name.includes('search'));
  const results = {
    meta: {
      startedAt: startedAt.toISOString(),
      durationS: Math.round((Date.now() - startedAt.getTime()) / 1000),
      mode: quick ? 'quick' : 'full',
      database: databaseUrl ? 'postgres' : 'pglite',
      node: process.version,
      cpus: cpus().length,
      connections,
      seconds,
      warmup,
      counts: seed.counts,
      seedMs: seed.seedMs,
    },
    budgets: BUDGET,
    coldStartMs: server.coldStartMs,
    startup,
    longTail,
    rss: { idleMb: idleRssMb, peakUnderLoadMb: peakRssMb },
    endpoints: rows,
    archive: { ...seed.archive, sitemap },
    search: {
      endpointP95Ms: searchRow?.real?.p95 ?? null,
      sqlOnly: seed.sqlTimes,
      admin: seed.adminSearch,
      adminSave: seed.adminSave,
      plans: seed.plans.map(({ plan, ...p }: SearchPlan) => ({
        ...p,
        plan: plan.split('\n').slice(0, 12).join('\n'),
      })),
    },
    bundles: bundles ? { ...bundles, routes, admin: adminBundles(clientDir) } : null,
    pictures,
  };

  const md = renderMarkdown(results);
  const outDir = path.join(benchDir, 'results');
  mkdirSync(outDir, { recursive: true });
  // --tag=NAME keeps a short or partial run from overwriting the full run's files.
  const tag = option('tag');
  // --scale=N runs are kept apart from the 100,000 run's files too (postgres-full-1000000).
  const stamp = `${results.meta.database}-${results.meta.mode}${scaleFlag ? `-${scaleFlag}` : ''}${tag ? `-${tag}` : ''}`;
  writeFileSync(path.join(outDir, `${stamp}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(outDir, `${stamp}.md`), md);
  console.log(`\n${md}`);
  log(`Written bench/results/${stamp}.json and .md`);
}

async function measureRoutesInBrowser(slug: string) {
  log('Measuring each public route in Chromium…');
  const { chromium } = await import('playwright-core');
  const site = await startChild({
    cwd: path.join(repoRoot, 'api'),
    script: 'dist/server.js',
    nodeFlags: productionNodeFlags(),
    readyPath: '/api/health',
    env: serverEnv(),
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    return await routeBundles(browser, site.url, clientDir, publicRoutes(slug));
  } finally {
    await browser.close();
    await site.stop();
  }
}

/** Public screens of spec §7 (a route that has not landed yet renders the 404 page). */
function publicRoutes(slug: string) {
  return [
    { name: 'home /', path: '/' },
    { name: 'category /wellness', path: '/wellness' },
    { name: 'news /news', path: '/news' },
    { name: 'article /content/{slug}', path: `/content/${slug}` },
    { name: 'shop /shop', path: '/shop' },
    { name: 'recipes /recipes', path: '/recipes' },
    { name: 'contact /contact', path: '/contact' },
    { name: 'legal /privacy', path: '/privacy' },
    { name: 'sign-in /sign-in', path: '/sign-in' },
    { name: '404', path: '/no-such-page-bench', expectStatus: 404 },
  ];
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
