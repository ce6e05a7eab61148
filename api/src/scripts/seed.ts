import { boot } from '../bootstrap';
import { loadEnv } from '../env';

const booted = await boot(loadEnv(), { seed: true });
console.log('Seeded:', booted.seed?.inserted);
await booted.close();
