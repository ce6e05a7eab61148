import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ProxyTrust } from '../src/env';
import { clientIp, forwardedHttps } from '../src/lib/http/client-ip';

/**
 * lib/http/client-ip.ts by itself: which address a request counts as, and whether it came over
 * https, for each kind of TRUST_PROXY. The socket's peer is what @hono/node-server hands over as
 * `env.incoming.socket` (client-ip.test.ts drives the same through real sockets and the whole app).
 */
const NONE: ProxyTrust = { hops: 0 };
const ONE: ProxyTrust = { hops: 1 };
const TWO: ProxyTrust = { hops: 2 };
const BALANCERS: ProxyTrust = { addresses: ['10.0.0.0/8'] };

const app = new Hono<{ Bindings: { trust: ProxyTrust } }>()
  .get('/ip', (c) => c.text(clientIp(c, c.env.trust)))
  .get('/https', (c) => c.text(String(forwardedHttps(c, c.env.trust))));

async function ask(
  path: '/ip' | '/https',
  trust: ProxyTrust,
  peer: string | null | undefined,
  headers: Record<string, string> = {},
) {
  // null: no socket at all (app.request() in tests); undefined: a socket already closed (no address).
  const env = peer === null ? { trust } : { trust, incoming: { socket: { remoteAddress: peer } } };
  return (await app.request(path, { headers }, env)).text();
}

describe('clientIp', () => {
  it('without trusted proxies, the socket, whatever X-Forwarded-For says', async () => {
    expect(await ask('/ip', NONE, '203.0.113.9', { 'x-forwarded-for': '198.51.100.1' })).toBe('203.0.113.9');
  });

  it('behind one proxy, the address it saw (the rightmost entry), never what the client wrote before it', async () => {
    const xff = { 'x-forwarded-for': '1.1.1.1, 198.51.100.7' };
    expect(await ask('/ip', ONE, '10.0.0.5', xff)).toBe('198.51.100.7');
    // No header: the proxy itself is all there is.
    expect(await ask('/ip', ONE, '10.0.0.5')).toBe('10.0.0.5');
  });

  it('behind two proxies, the entry the outer one wrote', async () => {
    expect(await ask('/ip', TWO, '10.0.0.5', { 'x-forwarded-for': '1.1.1.1, 198.51.100.7, 10.0.0.9' })).toBe(
      '198.51.100.7',
    );
  });

  it('an entry that is not an address falls back to the hop that passed it on', async () => {
    expect(await ask('/ip', TWO, '10.0.0.5', { 'x-forwarded-for': 'made-up, 198.51.100.7' })).toBe(
      '198.51.100.7',
    );
    expect(await ask('/ip', ONE, '10.0.0.5', { 'x-forwarded-for': 'made-up' })).toBe('10.0.0.5');
  });

  it('trusted by address: the header counts only from a listed peer, and only past listed hops', async () => {
    const xff = { 'x-forwarded-for': '1.1.1.1, 198.51.100.7, 10.2.3.4' };
    expect(await ask('/ip', BALANCERS, '10.0.0.5', xff)).toBe('198.51.100.7');
    // A peer outside the list is the client itself, however it fills the header.
    expect(await ask('/ip', BALANCERS, '203.0.113.9', xff)).toBe('203.0.113.9');
  });

  it('no socket, or one already closed, is "unknown"', async () => {
    expect(await ask('/ip', NONE, null)).toBe('unknown');
    expect(await ask('/ip', NONE, undefined)).toBe('unknown');
  });
});

describe('forwardedHttps', () => {
  it('asks X-Forwarded-Proto only of a trusted peer, and reads its first value', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    expect(await ask('/https', ONE, '10.0.0.5', https)).toBe('true');
    expect(await ask('/https', ONE, '10.0.0.5', { 'x-forwarded-proto': ' HTTPS , http' })).toBe('true');
    expect(await ask('/https', ONE, '10.0.0.5', { 'x-forwarded-proto': 'http, https' })).toBe('false');
    expect(await ask('/https', ONE, '10.0.0.5', { 'x-forwarded-proto': 'http' })).toBe('false');
    expect(await ask('/https', ONE, '10.0.0.5')).toBe('false');
    // No proxy trusted: the header is the client's own words.
    expect(await ask('/https', NONE, '10.0.0.5', https)).toBe('false');
    expect(await ask('/https', BALANCERS, '10.0.0.5', https)).toBe('true');
    expect(await ask('/https', BALANCERS, '203.0.113.9', https)).toBe('false');
  });
});
