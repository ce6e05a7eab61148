import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { testApp, testEnv } from './helpers';

/**
 * Which rate-limit bucket a client lands in (lib/http/client-ip.ts), over a real socket: Linux answers
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
    expect(booted.deps.env.TRUST_PROXY).toEqual({ hops: 0 });
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
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // A new account each time: only the per-address limit can answer 429 here.
      const body = { email: `nobody-${i}@example.com`, password: 'wrong-password-1' };
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
    const other = { email: 'somebody@example.com', password: 'wrong-password-1' };
    expect(await post(port, '/api/auth/sign-in/email', other, { localAddress: '127.0.0.5' })).not.toBe(429);
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

/** A server of the app with this TRUST_PROXY, for one describe block. */
function serving(trustProxy: string) {
  const ctx = {} as { booted: Booted; port: number; server: ServerType };
  beforeAll(async () => {
    ctx.booted = await testApp('pglite', { env: { TRUST_PROXY: trustProxy } });
    ({ server: ctx.server, port: ctx.port } = await listen(ctx.booted));
  });
  afterAll(async () => {
    ctx.server?.close();
    await ctx.booted?.close();
  });
  return ctx;
}

describe('client address: TRUST_PROXY=true (one balancer in front)', () => {
  const ctx = serving('true');

  it('means one trusted hop', () => {
    expect(ctx.booted.deps.env.TRUST_PROXY).toEqual({ hops: 1 });
  });

  it('an overwriting balancer: clients it names differently get distinct buckets, though they share its socket', async () => {
    const statuses = await stories(ctx.port, STORIES_PER_HOUR + 1, (i) => ({
      localAddress: '127.0.0.7',
      xff: `198.51.100.${i + 1}`,
    }));
    expect(statuses).toEqual(Array(STORIES_PER_HOUR + 1).fill(201));
  });

  it('an appending balancer: what the client wrote on the left never gives it a new bucket (issue 25 §7)', async () => {
    // The client claims a new address each time; the balancer appends the one it really saw.
    const statuses = await stories(ctx.port, STORIES_PER_HOUR + 1, (i) => ({
      localAddress: '127.0.0.7',
      xff: i % 2 ? ` 10.0.0.${i} , 203.0.113.77` : `10.1.0.${i},203.0.113.77`,
    }));
    expect(statuses).toEqual([...Array(STORIES_PER_HOUR).fill(201), 429]);
  });

  it('an appending balancer: 11 sign-in guesses from 11 claimed addresses meet the per-address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // A new account each time: only the per-address limit can answer 429 here.
      const body = { email: `nobody-append-${i}@example.com`, password: 'wrong-password-1' };
      statuses.push(
        await post(ctx.port, '/api/auth/sign-in/email', body, {
          localAddress: '127.0.0.7',
          xff: `198.18.${i}.1, 203.0.113.88`,
        }),
      );
    }
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses[10]).toBe(429);
  });

  it('a rightmost entry that is not an address counts as the balancer itself, not as a new bucket', async () => {
    const statuses = await stories(ctx.port, STORIES_PER_HOUR + 1, (i) => ({
      localAddress: '127.0.0.10',
      xff: `not-an-address-${i}`,
    }));
    expect(statuses).toEqual([...Array(STORIES_PER_HOUR).fill(201), 429]);
  });

  it('without X-Forwarded-For the socket address is used', async () => {
    const statuses = await stories(ctx.port, STORIES_PER_HOUR + 1, () => ({ localAddress: '127.0.0.8' }));
    expect(statuses).toEqual([...Array(STORIES_PER_HOUR).fill(201), 429]);
    expect(await post(ctx.port, '/api/stories', story, { localAddress: '127.0.0.9' })).toBe(201);
  });
});

describe('client address: TRUST_PROXY=2 (a CDN in front of the balancer, both appending)', () => {
  const ctx = serving('2');

  it("the client is the second entry from the right; entries left of it are the client's own words", async () => {
    const statuses = await stories(ctx.port, STORIES_PER_HOUR + 1, (i) => ({
      localAddress: '127.0.0.11',
      // client-written, then what the CDN saw (the reader), then what the balancer saw (the CDN).
      xff: `192.0.2.${i}, 203.0.113.50, 198.51.100.${200 + i}`,
    }));
    expect(statuses).toEqual([...Array(STORIES_PER_HOUR).fill(201), 429]);
  });

  it('another reader behind the same CDN has a bucket of their own', async () => {
    expect(
      await post(ctx.port, '/api/stories', story, {
        localAddress: '127.0.0.11',
        xff: '203.0.113.51, 198.51.100.200',
      }),
    ).toBe(201);
  });
});

describe('client address: TRUST_PROXY as a list of proxy addresses and CIDRs', () => {
  const ctx = serving('127.0.0.11/32, 10.0.0.0/8');

  it('parses to the list', () => {
    expect(ctx.booted.deps.env.TRUST_PROXY).toEqual({ addresses: ['127.0.0.11/32', '10.0.0.0/8'] });
  });

  it('trusted hops are skipped from the right; the first untrusted one is the client', async () => {
    const statuses = await stories(ctx.port, STORIES_PER_HOUR + 1, (i) => ({
      localAddress: '127.0.0.11',
      xff: `192.0.2.${i}, 203.0.113.60, 10.0.0.${i + 1}`,
    }));
    expect(statuses).toEqual([...Array(STORIES_PER_HOUR).fill(201), 429]);
  });

  it('a peer that is not a listed proxy is the client, whatever X-Forwarded-For it sends', async () => {
    const statuses = await stories(ctx.port, STORIES_PER_HOUR + 1, (i) => ({
      localAddress: '127.0.0.12',
      xff: `198.51.100.${i + 1}`,
    }));
    expect(statuses).toEqual([...Array(STORIES_PER_HOUR).fill(201), 429]);
  });
});

describe('TRUST_PROXY values', () => {
  it.each([
    ['false', { hops: 0 }],
    ['0', { hops: 0 }],
    ['true', { hops: 1 }],
    ['1', { hops: 1 }],
    ['3', { hops: 3 }],
    ['loopback, 10.0.0.0/8,fd00::/8', { addresses: ['loopback', '10.0.0.0/8', 'fd00::/8'] }],
    ['203.0.113.9', { addresses: ['203.0.113.9'] }],
  ])('%s is read as %j', (value, expected) => {
    expect(testEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['yes please', '10.0.0.0/33', '11', 'proxy.example.com'])(
    '%s stops the server naming TRUST_PROXY',
    (value) => {
      expect(() => testEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );
});
