import { boot } from '../bootstrap';
import { loadEnv } from '../env';

// The demo content (30 articles, 5 subscribers with made-up addresses, messages, stories) is for a
// site being tried out. In production it would mail the made-up subscribers and publish the demo
// articles, so the command refuses there unless the operator says so in words.
const ALLOW_PRODUCTION = '--allow-production';

const env = loadEnv();
if (env.isProduction && !process.argv.includes(ALLOW_PRODUCTION)) {
  console.error(
    `db:seed adds demo articles, products and subscribers; it does not run with NODE_ENV=production. Nothing was changed.\nTo put demo content into this database anyway (a staging copy, say): pnpm db:seed -- ${ALLOW_PRODUCTION}`,
  );
  process.exit(1);
}
const booted = await boot(env, { seed: true });
console.log('Seeded:', booted.seed?.inserted);
await booted.close();
