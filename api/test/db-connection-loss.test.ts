import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { testApp } from './helpers';

// Only real PostgreSQL can cut a connection from the server side.
describe.skipIf(!process.env.TEST_DATABASE_URL)('losing idle PostgreSQL connections', () => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp('postgres');
  });
  afterAll(async () => booted?.close());

  it('is logged, does not crash the process, and the next request reconnects', async () => {
    // Fill the pool with a few idle connections.
    const warm = await Promise.all(Array.from({ length: 3 }, () => booted.app.request('/api/health')));
    expect(warm.map((r) => r.status)).toEqual([200, 200, 200]);

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const uncaught = vi.fn();
    process.on('uncaughtException', uncaught);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    try {
      await admin.connect();
      const { rows } = await admin.query<{ db: string }>('select current_database() as db');
      // The app's database is the fresh one testApp made; end every backend connected to it.
      const target = (await booted.deps.db.execute('select current_database() as db')) as unknown as {
        rows: { db: string }[];
      };
      expect(target.rows[0]!.db).not.toBe(rows[0]!.db);
      await new Promise((r) => setTimeout(r, 50)); // let that connection go back to idle
      const killed = await admin.query(
        // The pool's connections only: the cache-sync LISTEN connection lives outside the pool and
        // reconnects on its own (api/test/cache-sync.test.ts).
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid() and query not ilike 'listen %'`,
        [target.rows[0]!.db],
      );
      const lost = killed.rowCount ?? 0;
      expect(lost).toBeGreaterThan(0);
      // Each connection learns of its end on its own socket; wait until the pool has dropped every one,
      // or the next request could still be handed a connection whose notice is in flight.
      const lostNotices = () =>
        warn.mock.calls.filter(([m]) => /idle PostgreSQL connection was lost/.test(String(m))).length;
      await vi.waitFor(() => expect(lostNotices()).toBe(lost), { timeout: 5000 });
      expect(uncaught).not.toHaveBeenCalled();
      const after = await booted.app.request('/api/health');
      expect(after.status).toBe(200);
    } finally {
      await admin.end();
      process.off('uncaughtException', uncaught);
      warn.mockRestore();
    }
  });
});
