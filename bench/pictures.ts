/**
 * `pnpm --filter @site/bench pictures`: pictures sized for each reader's screen (issue 39), on the
 * compiled production server (`pnpm build` first) with the demo content and real photographs from
 * Debian packages (fetched once into bench/.photos/: bench/photos.ts). What it measures:
 * bench/pictures-run.ts. Prints the figures beside the budgets and writes
 * bench/results/pictures-<database>-<mode>[-tag].{md,json}. A measurement, never a gate; loopback only.
 *
 *   pnpm --filter @site/bench pictures                 12 articles, 6 products, 6 recipes, 20 at once, 10 s reads
 *   pnpm --filter @site/bench pictures -- --quick      3 articles, 1 product, 1 recipe, 4 at once, 3 s reads
 *   flags: --articles=N --products=N --recipes=N --burst=N --read-seconds=N --connections=N
 *          --no-browser --tag=NAME
 * Database: a fresh PGlite in a temporary folder; with DATABASE_URL, that PostgreSQL database, which
 * must be one of its own (empty: the demo content is seeded; the newest articles' pictures change;
 * uploads are kept in bench/.data-pictures). It refuses the bench's seeded database: its stored pages
 * carry the bench's SITE_URL, and a server at another address would render them all again.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../api/src/db/client';
import { CHROMIUM_PATH } from '../e2e/harness';
import { flag, num, option } from './cli-args';
import { measurePictures, PICTURES_FULL, PICTURES_QUICK, picturesMarkdown } from './pictures-run';
import { benchDir } from './server';

const quick = flag('quick');
const preset = quick ? PICTURES_QUICK : PICTURES_FULL;
const databaseUrl = process.env.DATABASE_URL || undefined;
/** More articles than this: not a database of its own (the demo content is 30). */
const OWN_DATABASE_MAX_ARTICLES = 1000;

if (databaseUrl) {
  const handle = await openDatabase({ url: databaseUrl, dataDir: path.join(benchDir, '.data-pictures') });
  try {
    const result = (await handle.db
      .execute('select count(*)::int as n from articles' as never)
      .catch(() => ({ rows: [{ n: 0 }] }))) as unknown as { rows: Array<{ n: number }> };
    const n = Number(result.rows[0]?.n ?? 0);
    if (n > OWN_DATABASE_MAX_ARTICLES) {
      throw new Error(
        `DATABASE_URL holds ${n} articles: use a database of its own for the pictures bench (createdb pictures), not the bench's seeded one.`,
      );
    }
  } finally {
    await handle.close();
  }
}

const browser = !flag('no-browser') && existsSync(CHROMIUM_PATH);
if (!flag('no-browser') && !browser)
  console.log(`No Chromium at ${CHROMIUM_PATH}: the pages are not measured.`);
const result = await measurePictures({
  databaseUrl,
  dataDir: path.join(benchDir, '.data-pictures'),
  articles: num('articles', preset.articles),
  products: num('products', preset.products),
  recipes: num('recipes', preset.recipes),
  burst: num('burst', preset.burst),
  readSeconds: num('read-seconds', preset.readSeconds),
  connections: num('connections', preset.connections),
  browser,
  mode: quick ? 'quick' : 'full',
  log: console.log,
});

const md = `# Pictures (issue 39)\n\n${picturesMarkdown(result).slice(2).join('\n')}\n`;
const outDir = path.join(benchDir, 'results');
mkdirSync(outDir, { recursive: true });
const tag = option('tag');
const stamp = `pictures-${result.meta.database}-${result.meta.mode}${tag ? `-${tag}` : ''}`;
writeFileSync(path.join(outDir, `${stamp}.json`), `${JSON.stringify(result, null, 2)}\n`);
writeFileSync(path.join(outDir, `${stamp}.md`), md);
console.log(`\n${md}`);
console.log(`Written bench/results/${stamp}.json and .md`);
