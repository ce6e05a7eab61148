/**
 * `DATABASE_URL=postgres://… npx tsx refill.ts [--top=10000] [--readers=50000]` (issue 43): the time
 * from a deploy until the most-read pages are served from the page store. On a seeded database it
 * gives the newest `readers` published articles distinct read counts today (the reading beacon's
 * table, replaced), empties the store (a new build stores
 * every page afresh, as here), starts the compiled server in production and polls, once a second,
 * how many of the `top` most-read articles have a page of that build in the store, while one
 * client reads those pages, the most read most often (readers keep arriving during a refill). Prints the time
 * to the first 1,000 and to all `top`, from spawn, and the store's size on disk. Writes to the
 * database it is given: use a bench database.
 */
import { openDatabase } from '../api/src/db/client';
import { num } from './cli-args';
import { BENCH_SITE_URL, benchDir, productionServerEnv, startCompiledServer } from './server';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to a seeded bench database.');
// A corpus with fewer read articles than --top: all of them (else the poll waits for the time limit).
let top = num('top', 10_000);
const readers = num('readers', 50_000);
const handle = await openDatabase({ url: databaseUrl, dataDir: 'unused' });
// Plain SQL text: bench/ reaches the database through the app's handle only (every number is ours).
const q = async <T>(text: string) => ((await handle.db.execute(text)) as unknown as { rows: T[] }).rows;
const intArray = (ids: number[]) => `'{${ids.map((id) => Math.trunc(id)).join(',')}}'::int[]`;

// Reads over the newest `readers` published articles, rank r read (readers - r + 1) times today: every
// count distinct, so "the `top` most read" is one set, whatever breaks ties (an earlier try with
// Zipf counts tied thousands of articles at 1 a day, and the refill broke the ties by date, this
// script by id). Replaces the table's reads: a bench database only.
await q('delete from article_read_days');
await q(
  `insert into article_read_days (article_id, day, reads)
   select id, current_date, ${Math.trunc(readers)} + 1 - row_number() over (order by id desc)
   from (select id from articles where status = 'published' order by id desc limit ${Math.trunc(readers)}) a`,
);
await q('truncate stored_pages');
const topIds = (
  await q<{ article_id: number }>(
    `select article_id from article_read_days where day > current_date - 30
     group by article_id order by sum(reads) desc, article_id desc limit ${Math.trunc(top)}`,
  )
).map((r) => r.article_id);
top = Math.min(top, topIds.length);
const slugs = (
  await q<{ slug: string }>(
    `select slug from articles a join unnest(${intArray(topIds)}) with ordinality t(id, n) on a.id = t.id order by t.n`,
  )
).map((r) => r.slug);

const spawned = performance.now();
const server = await startCompiledServer({
  ...productionServerEnv(databaseUrl, `${benchDir}/.data`),
  SITE_URL: BENCH_SITE_URL,
  LOG_REQUESTS: 'false',
  // The production default, whatever --store-days says: this row measures the bounded store.
  STORED_PAGES_DAYS: '30',
});
const ready = performance.now() - spawned;
let stopReaders = false;
let served = 0;
// One reader at a time over the top pages (density ~ 1/rank², heavier-headed than the crowd's Zipf):
// the refill shares the cores with readers.
const reading = (async () => {
  for (let i = 1; !stopReaders; i++) {
    const rank = Math.min(slugs.length, Math.floor(1 / (1 - Math.random() * (1 - 1 / slugs.length))));
    const res = await fetch(`${server.url}/content/${slugs[rank - 1] ?? slugs[0]}`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    await res.arrayBuffer();
    served = i;
  }
})();

const reached: Record<number, number> = {};
const marks = [1_000, 5_000, top].filter((m, i, all) => m <= top && all.indexOf(m) === i);
const limitMs = num('limit-seconds', 900) * 1000;
for (;;) {
  const [row] = await q<{ n: string }>(
    `select count(*) as n from stored_pages where not stale and article_id = any(${intArray(topIds)})`,
  );
  const n = Number(row?.n ?? 0);
  const at = performance.now() - spawned;
  for (const m of marks) if (n >= m && reached[m] === undefined) reached[m] = at;
  if (n >= top || at > limitMs) {
    console.log(`${n}/${top} of the most-read pages stored at ${(at / 1000).toFixed(1)} s`);
    break;
  }
  await new Promise((r) => setTimeout(r, 1000));
}
stopReaders = true;
await reading;
const [size] = await q<{ bytes: string; pages: string }>(
  `select pg_total_relation_size('stored_pages') as bytes, (select count(*) from stored_pages) as pages`,
);
await server.stop();
await handle.close();
const budget = (reached[top] ?? Number.POSITIVE_INFINITY) < 120_000 ? 'ok' : 'MISSED';
console.log(
  `deploy → most-read pages stored (server ready in ${(ready / 1000).toFixed(1)} s, ${served} reader requests meanwhile): ` +
    marks
      .map(
        (m) =>
          `${m.toLocaleString('en-GB')} in ${reached[m] ? `${(reached[m] / 1000).toFixed(1)} s` : 'not reached'}`,
      )
      .join(', ') +
    ` (budget ${top.toLocaleString('en-GB')} < 120 s: ${budget}); store ${size?.pages} pages, ${(Number(size?.bytes) / 2 ** 20).toFixed(0)} MB on disk`,
);
