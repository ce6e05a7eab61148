import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FetchLimits,
  openFollowingRedirects,
  readBody,
  SafeFetchError,
  withDeadline,
} from '../src/lib/http/safe-fetch';

// A certificate for 127.0.0.1 that no one vouches for (made for this test, valid until 2126): a
// fetch that really speaks TLS stops at it; one that speaks plain HTTP to the TLS port never gets there.
const tls = {
  cert: readFileSync(new URL('./fixtures/tls/loopback.crt', import.meta.url)),
  key: readFileSync(new URL('./fixtures/tls/loopback.key', import.meta.url)),
};
const limits: FetchLimits = { timeoutMs: 3000, maxBytes: 10_000, maxRedirects: 2, allowPrivate: true };

const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(String((server.address() as AddressInfo).port))),
  );
const fetchText = (url: string, rules = limits) =>
  withDeadline(rules, async (signal) => {
    const { res } = await openFollowingRedirects(url, { method: 'GET', headers: {} }, rules, signal);
    return (await readBody(res, rules, signal)).toString();
  });
const failure = (url: string, rules = limits) =>
  fetchText(url, rules).then(
    () => {
      throw new Error('fetched');
    },
    (err: unknown) => {
      expect(err).toBeInstanceOf(SafeFetchError);
      return err as SafeFetchError;
    },
  );

describe('safe fetch over https (lib/http/safe-fetch.ts)', () => {
  const tlsServer = https.createServer(tls, (_req, res) => res.end('secret over tls'));
  const plainServer = http.createServer((_req, res) => res.end('plain'));
  let tlsPort: string;
  let plainPort: string;
  beforeAll(async () => {
    [tlsPort, plainPort] = await Promise.all([listen(tlsServer), listen(plainServer)]);
  });
  afterAll(async () => {
    await Promise.all([new Promise((r) => tlsServer.close(r)), new Promise((r) => plainServer.close(r))]);
  });

  it('an https address is fetched over TLS, and its certificate is checked (an unknown one is refused)', async () => {
    const refused = await failure(`https://127.0.0.1:${tlsPort}/`);
    expect(refused.kind).toBe('unreachable');
    expect(refused.message).toMatch(/self[- ]signed certificate/);
  });

  it('an http address right after is fetched as plain HTTP (connections for one scheme are not reused for the other)', async () => {
    await failure(`https://127.0.0.1:${tlsPort}/`);
    expect(await fetchText(`http://127.0.0.1:${plainPort}/`)).toBe('plain');
    // Plain HTTP to the TLS port is no TLS handshake: the server answers it as the bad request it is.
    const plainToTls = await fetchText(`http://127.0.0.1:${tlsPort}/`).catch(
      (err: SafeFetchError) => err.message,
    );
    expect(plainToTls).not.toMatch(/certificate/);
  });

  it('an https address to a private address is refused before any handshake when private addresses are not allowed', async () => {
    await failure(`https://127.0.0.1:${tlsPort}/`);
    const refused = await failure(`https://127.0.0.1:${tlsPort}/`, { ...limits, allowPrivate: false });
    expect(refused.kind).toBe('private-address');
  });
});
