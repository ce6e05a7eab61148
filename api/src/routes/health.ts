import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { migrationsApplied } from '../db/migrations-status';
import { DB_RETRY_AFTER_S } from '../lib/http/error-response';

/** Never cached by anyone: a probe must see this instance as it is now. */
const NO_STORE = { 'cache-control': 'private, no-store' };

export const healthRoutes = new Hono<AppEnv>()
  .get('/health', async (c) => {
    const started = performance.now();
    try {
      await c.var.deps.db.execute(sql`select 1`);
      return c.json({
        status: 'ok',
        database: c.var.deps.dbKind,
        dbMs: Math.round(performance.now() - started),
      });
    } catch {
      return c.json({ status: 'error', message: 'Database unavailable' }, 503, {
        'retry-after': String(DB_RETRY_AFTER_S),
      });
    }
  })
  /**
   * Readiness for a load balancer: 200 only while this instance can serve, that is the database
   * answers, every migration of this build is applied, and it is not shutting down.
   */
  .get('/ready', async (c) => {
    const { db, lifecycle } = c.var.deps;
    if (lifecycle.shuttingDown) return c.json({ message: 'Shutting down' }, 503, NO_STORE);
    let applied: boolean;
    try {
      applied = await migrationsApplied(db);
    } catch {
      return c.json({ message: 'Database unavailable' }, 503, {
        ...NO_STORE,
        'retry-after': String(DB_RETRY_AFTER_S),
      });
    }
    if (!applied) return c.json({ message: 'Database migrations are not applied yet' }, 503, NO_STORE);
    return c.json({ status: 'ready' }, 200, NO_STORE);
  });
