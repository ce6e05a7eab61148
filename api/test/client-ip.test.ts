import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { testApp } from './helpers';

/**
 * Which rate-limit bucket a client lands in (lib/client-ip.ts), over a real socket: Linux answers
 * on all of 127.0.0.0/8, so binding the client to 127.0.0.2, .3, ... gives distinct addresses.
 */
const story = {
  name: 'Ann',
  email: 'ann@example.com',
  title: 'My walk',
  story: 'I started walking every morning and it changed how I feel about the whole day.',
  consent: true,
};
const STORIES_PER_HOUR = 5;

async function listen(booted: Booted): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: booted.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ server, port: (info as AddressInfo).port }),
    );
  });
}

function post(
  port: number,
  path: string,
  body: unknown,
  from: { localAddress: string; xff?: string },
): Promise<number> {
  const payload = JSON.stringify(body);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
    origin: 'http://localhost:3000',
  };
  if (from.xff) headers['x-forwarded-for'] = from.xff;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers,
        localAddress: from.localAddress,
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Statuses of n story posts, one after another. */
async function stories(port: number, n: number, from: (i: number) => { localAddress: string; xff?: string }) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await post(port, '/api/stories', story, from(i)));
  return out;
}

describe('client address: TRUST_PROXY unset (the production default)', () => {
  let booted: Booted;
  let port: number;
  let server: ServerType;
  beforeAll(async () => {
    // testApp sets TRUST_PROXY=true for the other suites; an empty value means "unset" (env.ts).
    booted = await testApp('pglite', { env: { TRUST_PROXY: '' } });
    expect(booted.deps.env.TRUST_PROXY).toBe(false);
    ({ server, port } = await listen(booted));
  });
  afterAll(async () => {
    server?.close();
    await booted?.close();
  });

  it('a client cannot dodge the story limit by changing X-Forwarded-For on each request', async () => {
    const statuses = await stories(port, STORIES_PER_HOUR + 1, (i) => ({
      localAddress: '127.0.0.2',
      xff: `198.51.100.${i + 1}`,
    }));
    expect(statuses).toEqual([...Array(STORIES_PER_HOUR).fill(201), 429]);
  });

  it('another address has its own bucket, not the one the first client used up', async () => {
    expect(await post(port, '/api/stories', story, { localAddress: '127.0.0.3' })).toBe(201);
  });

  it('sign-in attempts with a new X-Forwarded-For each time share one bucket (10 a minute)', async () => {
    const body = { email: 'nobody@example.com', password: 'wrong-password-1' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        await post(port, '/api/auth/sign-in/email', body, {
          localAddress: '127.0.0.4',
          xff: `203.0.113.${i}`,
        }),
      );
    }
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses[10]).toBe(429);
    // The limit is the address's, not everyone's.
    expect(await post(port, '/api/auth/sign-in/email', body, { localAddress: '127.0.0.5' })).not.toBe(429);
  });

  it('in-process requests without a socket share their own bucket, apart from real addresses', async () => {
    const inProcess = () =>
      booted.app.request('/api/stories', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'http://localhost:3000',
          'x-forwarded-for': '192.0.2.1',
        },
        body: JSON.stringify(story),
      });
    const statuses: number[] = [];
    for (let i = 0; i <= STORIES_PER_HOUR; i++) statuses.push((await inProcess()).status);
    expect(statuses.at(-1)).toBe(429);
    expect(await post(port, '/api/stories', story, { localAddress: '127.0.0.6' })).toBe(201);
  });
});

describe('client address: TRUST_PROXY=true (behind a reverse proxy)', () => {
  let booted: Booted;
  let port: number;
  let server: ServerType;
  beforeAll(async () => {
    booted = await testApp('pglite', { env: { TRUST_PROXY: 'true' } });
    ({ server, port } = await listen(booted));
  });
  afterAll(async () => {
    server?.close();
    await booted?.close();
  });

  it('clients the proxy names differently get distinct buckets, though they share its socket', async () => {
    const statuses = await stories(port, STORIES_PER_HOUR + 1, (i) => ({
      localAddress: '127.0.0.7',
      xff: `198.51.100.${i + 1}`,
    }));
    expect(statuses).toEqual(Array(STORIES_PER_HOUR + 1).fill(201));
  });

  it('the first hop is the client: later hops and spaces do not give it a new bucket', async () => {
    const statuses = await stories(port, STORIES_PER_HOUR + 1, (i) => ({
      localAddress: '127.0.0.7',
      xff: i % 2 ? ` 203.0.113.77 , 10.0.0.${i}` : `203.0.113.77,10.1.0.${i}`,
    }));
    expect(statuses).toEqual([...Array(STORIES_PER_HOUR).fill(201), 429]);
  });

  it('without X-Forwarded-For the socket address is used', async () => {
    const statuses = await stories(port, STORIES_PER_HOUR + 1, () => ({ localAddress: '127.0.0.8' }));
    expect(statuses).toEqual([...Array(STORIES_PER_HOUR).fill(201), 429]);
    expect(await post(port, '/api/stories', story, { localAddress: '127.0.0.9' })).toBe(201);
  });
});
