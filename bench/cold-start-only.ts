/**
 * `DATABASE_URL=postgres://… pnpm --filter @site/bench cold-start [--runs=N]`: only the start-up rows of
 * `pnpm bench` (spawn → first 200 of `/`, idle memory; compiled vs tsx vs bare). An empty database
 * gets the demo content first, so `/` renders real articles. Loopback only; writes nothing else.
 */
import path from 'node:path';
import { boot } from '../api/src/bootstrap';
import { loadEnv } from '../api/src/env';
import { num } from './cli-args';
import { coldStartMarkdown, measureColdStart } from './cold-start';
import { benchDir, productionServerEnv } from './server';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl)
  throw new Error('Set DATABASE_URL to a PostgreSQL database (it is seeded with demo content when empty).');
const dataDir = path.join(benchDir, '.data');
const seeded = await boot(
  loadEnv({ NODE_ENV: 'development', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, RSS_CRON: 'off' }),
  {
    seed: true,
  },
);
await seeded.close();
const result = await measureColdStart(productionServerEnv(databaseUrl, dataDir), {
  runs: num('runs', 5),
  log: console.log,
});
console.log(`\n${coldStartMarkdown(result).join('\n')}`);
