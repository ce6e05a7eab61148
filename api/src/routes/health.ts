import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../context';

export const healthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  const started = performance.now();
  try {
    await c.var.deps.db.execute(sql`select 1`);
    return c.json({
      status: 'ok',
      database: c.var.deps.dbKind,
      dbMs: Math.round(performance.now() - started),
    });
  } catch {
    return c.json({ status: 'error', message: 'Database unavailable' }, 503);
  }
});
