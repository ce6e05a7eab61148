/**
 * `(cd bench && DATABASE_URL=postgres://… npx tsx search-pairs.ts [--pairs=300])` (issue 43): the
 * crowd's long tail of public searches, two random words of the bench's title vocabulary, one at a
 * time through `findArticles`, grouped by the plan that answered (the newest window, a wider one, or
 * the whole table after them) with their time: where a search's cost goes as the archive grows.
 * `--windows=N`: the N smallest windows only.
 * Builds the windows' indexes first when the database has none. Reads only.
 */
import { openDatabase } from '../api/src/db/client';
import type { AppDeps } from '../api/src/context';
import { findArticles } from '../api/src/routes/content/public-search';
import { refreshSearchWindow, SEARCH_WINDOWS } from '../api/src/routes/content/search-window';
import { num } from './cli-args';
import { TITLE_VOCABULARY_SQL } from './corpus';
import { seeded } from './crowd';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to a database `pnpm bench` has seeded.');
const pairs = num('pairs', 300);
// --windows=1: the smallest window alone (the plan before 6 Dec), for a comparison on the same pairs.
const windows = SEARCH_WINDOWS.slice(0, num('windows', SEARCH_WINDOWS.length));
const handle = await openDatabase({ url: databaseUrl, dataDir: 'unused' });
const logger = {
  info: console.log,
  warn: console.warn,
  error: console.error,
} as unknown as AppDeps['logger'];
const deps = { db: handle.db, searchDb: handle.searchDb, dbKind: handle.kind, logger };
try {
  for (const tuning of windows) {
    const window = await refreshSearchWindow(deps, tuning);
    console.log(`window of ${tuning.rows}: ${window ? `${window.rows} rows since ${window.since}` : 'none'}`);
  }
  const vocabulary = ((await handle.db.execute(TITLE_VOCABULARY_SQL)) as unknown as { rows: { w: string }[] })
    .rows;
  const random = seeded(7);
  const word = () => vocabulary[Math.floor(random() * vocabulary.length)]?.w ?? 'calm';
  const byPlan = new Map<string, number[]>();
  for (let i = 0; i < pairs; i++) {
    const started = performance.now();
    const { rows, plan } = await findArticles(deps, `${word()} ${word()}`, undefined, windows);
    const key = `${plan}, ${rows.length ? 'found' : 'nothing'}`;
    byPlan.set(key, [...(byPlan.get(key) ?? []), performance.now() - started]);
  }
  let total = 0;
  for (const [key, times] of byPlan) {
    times.sort((a, b) => a - b);
    const sum = times.reduce((a, b) => a + b, 0);
    total += sum;
    console.log(
      `${key.padEnd(42)} ${String(times.length).padStart(4)} searches, mean ${(sum / times.length).toFixed(1)} ms, p50 ${times[times.length >> 1]?.toFixed(1)}, max ${times.at(-1)?.toFixed(1)}`,
    );
  }
  console.log(`all ${pairs}: ${(total / pairs).toFixed(1)} ms a search (sequential, elapsed)`);
} finally {
  await handle.close();
}
