/**
 * The bundle rows alone, from the last `pnpm build` (no server, no browser): the public entry against
 * its budget, and beside it the admin list view and the article editor, which load lazily and are
 * apart from the public budget (issue 31).
 *
 *   (cd bench && npx tsx bundle-only.ts)
 */
import path from 'node:path';
import { BUDGET } from './budget';
import { adminBundles, manifestBundles } from './bundle';
import { repoRoot } from './server';

const clientDir = path.join(repoRoot, 'web/dist/client');
const bundles = manifestBundles(clientDir);
if (!bundles) {
  console.log('No web/dist/client/.vite/manifest.json: run `pnpm build` first.');
  process.exit(1);
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const e = bundles.entry;
console.log(`| chunk | JS gzip | CSS gzip | budget (JS <= ${BUDGET.routeJsGzip / 1024} KB) |`);
console.log('|---|---:|---:|---|');
console.log(
  `| ${e.name} | ${kb(e.jsGzip)} | ${kb(e.cssGzip)} | ${e.jsGzip <= BUDGET.routeJsGzip ? 'ok' : 'MISSED'} |`,
);
const admin = adminBundles(clientDir);
for (const a of [admin?.admin, admin?.editor]) {
  if (a) console.log(`| ${a.name} | ${kb(a.jsGzip)} | ${kb(a.cssGzip)} | apart (admin) |`);
}
