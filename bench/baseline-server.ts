import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/**
 * The bare baseline: Hono on @hono/node-server answering a fixed JSON body of the requested size,
 * with no database, middleware or rendering. The gap to it is what the real app costs.
 */
const bodies = new Map<number, string>();
function bodyOf(size: number) {
  let body = bodies.get(size);
  if (!body) {
    const pad = Math.max(0, size - '{"data":""}'.length);
    body = JSON.stringify({ data: 'x'.repeat(pad) });
    bodies.set(size, body);
  }
  return body;
}

const app = new Hono().get('/bytes/:n', (c) => {
  const n = Math.min(Number(c.req.param('n')) || 2, 5_000_000);
  return c.body(bodyOf(n), 200, { 'content-type': 'application/json' });
});

const port = Number(process.env.PORT ?? 0);
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
  console.log(`baseline ready on ${info.port}`);
});
