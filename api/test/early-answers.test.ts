import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { Agent as UndiciAgent, request } from 'undici';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { closeAfterEarlyAnswer } from '../src/security/early-answer';
import { sessionCookie, signUp, signUpAdmin, testApp } from './helpers';

/**
 * Issue 13 §6: an answer sent before the request body was read (413, 401, 403, 415) must leave the
 * client able to send its next request. A real keep-alive client (undici, one connection) against the
 * real @hono/node-server on loopback.
 */
describe('early answers keep the connection usable', () => {
  let booted: Booted;
  let server: ServerType;
  let base: string;
  let adminCookie: string;
  let readerCookie: string;
  const connections: number[] = [];

  beforeAll(async () => {
    booted = await testApp('pglite');
    adminCookie = await cookieOf(booted, true);
    readerCookie = await cookieOf(booted, false);
    server = serve({ fetch: booted.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => server.once('listening', () => r()));
    server.on('connection', () => connections.push(Date.now()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await booted?.close();
  });

  const origin = 'http://localhost:3000';
  const cases = [
    { name: '413 over the JSON limit', status: 413, path: '/api/contact', size: 4 << 20, headers: {} },
    { name: '401 signed out', status: 401, path: '/api/content', size: 900 << 10, headers: {} },
    { name: '403 not an admin', status: 403, path: '/api/content', size: 900 << 10, cookie: 'reader' },
    {
      name: '415 upload that is not multipart',
      status: 415,
      path: '/api/upload',
      size: 4 << 20,
      cookie: 'admin',
      type: 'application/octet-stream',
    },
  ] as const;

  for (const k of cases) {
    it(`${k.name}: the answer arrives whole and the next request on the connection works`, async () => {
      const dispatcher = new UndiciAgent({ connections: 1, pipelining: 1, keepAliveTimeout: 10_000 });
      try {
        const cookie = 'cookie' in k ? (k.cookie === 'admin' ? adminCookie : readerCookie) : undefined;
        // Warm the connection first, so the early answer comes on a reused keep-alive socket. An answer
        // given after the whole body (or to a request without one) keeps the connection open.
        const warm = await request(`${base}/api/health`, { dispatcher });
        expect(warm.statusCode).toBe(200);
        expect(warm.headers.connection).toBe('keep-alive');
        await warm.body.text();
        for (let round = 0; round < 3; round++) {
          const res = await request(`${base}${k.path}`, {
            dispatcher,
            method: 'POST',
            headers: {
              origin,
              'content-type': 'type' in k ? k.type : 'application/json',
              ...(cookie ? { cookie } : {}),
            },
            body: Buffer.alloc(k.size, 'a'),
          });
          expect(res.statusCode).toBe(k.status);
          expect(res.headers.connection).toBe('close');
          expect(((await res.body.json()) as { message: string }).message).toBeTruthy();
          const next = await request(`${base}/api/health`, { dispatcher });
          expect(next.statusCode).toBe(200);
          await next.body.text();
        }
      } finally {
        await dispatcher.close();
      }
    });
  }
});

describe('an early answer whose headers cannot be changed', () => {
  // No route of ours answers with one today, but a route that passes on a fetched Response would:
  // its headers are immutable. The answer must still say Connection: close (and arrive), not turn
  // into a 500 from the middleware.
  it('is copied, marked Connection: close, and the next request on the connection works', async () => {
    const app = new Hono()
      .use(closeAfterEarlyAnswer)
      .post('/relay', (c) => fetch(new URL('/ping', c.req.url)))
      .get('/ping', (c) => c.text('pong', 202, { 'x-from': 'ping' }));
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => server.once('listening', () => r()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const dispatcher = new UndiciAgent({ connections: 1, pipelining: 1, keepAliveTimeout: 10_000 });
    try {
      expect((await request(`${url}/ping`, { dispatcher })).statusCode).toBe(202);
      const res = await request(`${url}/relay`, {
        dispatcher,
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: Buffer.alloc(4 << 20, 'a'),
      });
      expect(await res.body.text()).toBe('pong');
      expect(res.statusCode).toBe(202);
      expect(res.headers['x-from']).toBe('ping');
      expect(res.headers.connection).toBe('close');
      const next = await request(`${url}/ping`, { dispatcher });
      expect(await next.body.text()).toBe('pong');
    } finally {
      await dispatcher.close();
      await new Promise((r) => server.close(r));
    }
  });
});

/** A session cookie of a new account. */
async function cookieOf(booted: Booted, admin: boolean) {
  const s = admin ? await signUpAdmin(booted) : await signUp(booted.app);
  return sessionCookie(booted.app, s.email, s.password);
}
