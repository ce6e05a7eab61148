/**
 * `tsx bench/hit-path.ts`: the cost of a cached public read inside the app, without sockets or a
 * load generator (or, with --http, 2 s of autocannon over loopback each): N in-process requests for a cached GET /api/content?limit=20 against a bare Hono app
 * answering the same bytes. A quick way to see what each middleware costs (run with --cpu-prof).
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { boot } from '../api/src/bootstrap';
import { openDatabase } from '../api/src/db/client';
import * as s from '../api/src/db/schema';
import { loadEnv } from '../api/src/env';
import { load } from './load';

const N = Number(process.argv[2] ?? 20000);
const env = loadEnv({
  NODE_ENV: 'production',
  BETTER_AUTH_SECRET: 'hit-path-secret-hit-path-secret-0123456789',
  DATA_DIR: 'memory://',
  SEED_DEMO: 'false',
  RSS_CRON: 'off',
  PUBLIC_CACHE_MS: '60000',
  LOG_REQUESTS: process.env.LOG_REQUESTS ?? 'true',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
  ...(process.env.METRICS_TOKEN ? { METRICS_TOKEN: process.env.METRICS_TOKEN } : {}),
});
const booted = await boot(env, { database: await openDatabase({ dataDir: 'memory://' }) });
await booted.deps.db.insert(s.articles).values(
  Array.from({ length: 20 }, (_, i) => ({
    slug: `a-${i}`,
    title: `Article ${i}`,
    excerpt: 'An excerpt of some length, as the real ones have. '.repeat(3),
    content: 'c',
    category: 'wellness',
    status: 'published' as const,
    publishedAt: new Date(),
  })),
);
const path = '/api/content?limit=20';
const body = new Uint8Array(await (await booted.app.request(path)).arrayBuffer());
const bare = new Hono().get('/api/content', (c) => c.body(body, 200, { 'content-type': 'application/json' }));

async function time(name: string, fetcher: () => Promise<Response> | Response) {
  for (let i = 0; i < 2000; i++) await (await fetcher()).arrayBuffer();
  const started = performance.now();
  for (let i = 0; i < N; i++) await (await fetcher()).arrayBuffer();
  const us = ((performance.now() - started) * 1000) / N;
  console.log(`${name.padEnd(28)} ${us.toFixed(1)} µs/request`);
  return us;
}
if (process.argv.includes('--http')) {
  // Through real sockets, as @hono/node-server serves them: 2 s of autocannon each, 10 connections.
  const serveOn = (fetch: (r: Request) => Response | Promise<Response>) =>
    new Promise<{ url: string; close: () => void }>((resolve) => {
      const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
      );
    });
  const a = await serveOn(booted.app.fetch);
  const b = await serveOn(bare.fetch);
  const opts = { connections: 10, seconds: Number(process.env.HIT_SECONDS ?? 2), warmup: 1 };
  const real = await load(a.url, [path], opts);
  const base = await load(b.url, [path], opts);
  console.log(`http: cached ${real.requestsPerSec} req/s, bare ${base.requestsPerSec} req/s`);
  console.log(`ratio to bare: ${(real.requestsPerSec / base.requestsPerSec).toFixed(2)}x`);
  a.close();
  b.close();
} else {
  const url = `http://localhost${path}`;
  const real = await time('cached /api/content?limit=20', () => booted.app.fetch(new Request(url)));
  const base = await time('bare, same bytes', () => bare.fetch(new Request(url)));
  console.log(`ratio to bare: ${(base / real).toFixed(2)}x (${body.byteLength} B body)`);
  // An anonymous page from the cache (needs the web build).
  const page = await booted.app.fetch(new Request('http://localhost/'));
  if (page.status === 200) {
    const html = new Uint8Array(await page.arrayBuffer());
    const barePage = new Hono().get('/', (c) => c.body(html, 200, { 'content-type': 'text/html' }));
    const realPage = await time('cached SSR /', () => booted.app.fetch(new Request('http://localhost/')));
    const basePage = await time('bare, same bytes', () => barePage.fetch(new Request('http://localhost/')));
    console.log(`ratio to bare: ${(basePage / realPage).toFixed(2)}x (${html.byteLength} B page)`);
  }
}
await booted.close();
