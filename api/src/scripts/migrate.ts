import { openDatabase } from '../db/client';
import { loadEnv } from '../env';

const env = loadEnv();
const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
await handle.exclusive(() => handle.migrate());
console.log(`Migrations applied (${handle.kind}).`);
await handle.close();
