import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Every PostgreSQL database a run of the api tests makes carries this run's tag in its name
 * (helpers.ts), and the run drops whatever is left with that tag when it ends: a test that failed
 * before closing its app, or a close that threw, no longer leaves a database behind on the server.
 * Another run's databases (another checkout, a concurrent CI) carry another tag and are left alone.
 */
export default function setup() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return;
  const tag = randomBytes(3).toString('hex');
  process.env.TEST_DB_RUN_TAG = tag;
  return async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      const { rows } = await c.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`%\\_r${tag}\\_%`],
      );
      for (const { datname } of rows) await c.query(`drop database if exists "${datname}" with (force)`);
      if (rows.length > 0) console.warn(`api tests: dropped ${rows.length} database(s) a test left behind`);
    } finally {
      await c.end();
    }
  };
}
