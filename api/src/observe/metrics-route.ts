import { timingSafeEqual } from 'node:crypto';
import type { Handler } from 'hono';
import type { AppEnv } from '../context';
import { readQueueGauges } from './queue-gauges';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** GET /metrics: Prometheus text. Absent (404) unless METRICS_TOKEN is set; then a Bearer token is required. */
export const metricsHandler: Handler<AppEnv> = async (c) => {
  const { env, metrics } = c.var.deps;
  if (!env.METRICS_TOKEN || !metrics.enabled) return c.json({ message: 'Not found' }, 404);
  const given = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  if (!same(given, env.METRICS_TOKEN)) {
    c.header('www-authenticate', 'Bearer realm="metrics"');
    return c.json({ message: 'A valid metrics token is required.' }, 401);
  }
  c.header('cache-control', 'private, no-store');
  // Gauges of the database are read now, at scrape time; counters moved where their events happened.
  await readQueueGauges(c.var.deps);
  return c.body(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType });
};
