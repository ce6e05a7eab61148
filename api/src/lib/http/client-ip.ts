import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import proxyaddr from 'proxy-addr';
import type { ProxyTrust } from '../../env';

type Trust = (address: string, hop: number) => boolean;

// One compiled check per configuration (the env object lives as long as its app).
const compiled = new WeakMap<ProxyTrust, Trust>();

function trustOf(trust: ProxyTrust): Trust {
  let fn = compiled.get(trust);
  if (!fn) {
    if ('addresses' in trust) fn = proxyaddr.compile(trust.addresses);
    else {
      const { hops } = trust;
      fn = (_address, hop) => hop < hops;
    }
    compiled.set(trust, fn);
  }
  return fn;
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests has no socket
  }
}

/**
 * The caller's address. Without trusted proxies, the socket's. Behind them, walk from the socket
 * leftwards through X-Forwarded-For and stop at the first address no trusted proxy stands for: the
 * rightmost untrusted entry. Entries further left were written by the client and never count, so a
 * balancer that appends to the header (as many do by default) cannot be talked into another bucket.
 * An entry that is not an address (only a misconfigured chain reaches one) falls back to the hop that
 * passed it on, so made-up values cannot mint new rate-limit buckets either.
 */
export function clientIp(c: Context, trust: ProxyTrust): string {
  const socket = socketAddress(c);
  if ('hops' in trust && trust.hops === 0) return socket;
  // proxy-addr reads a Node request; these two fields are all it looks at.
  const req = {
    headers: { 'x-forwarded-for': c.req.header('x-forwarded-for') },
    socket: { remoteAddress: socket },
  } as unknown as Parameters<typeof proxyaddr.all>[0];
  const chain = proxyaddr.all(req, trustOf(trust));
  for (let i = chain.length - 1; i > 0; i--) {
    const address = chain[i]!;
    if (isIP(address)) return address;
  }
  return socket;
}

/**
 * Whether the request reached the first trusted proxy over https (its X-Forwarded-Proto), for the
 * Secure cookie flag. Only the socket's peer is asked, and only when it is a trusted proxy.
 */
export function forwardedHttps(c: Context, trust: ProxyTrust): boolean {
  if ('hops' in trust && trust.hops === 0) return false;
  if (!trustOf(trust)(socketAddress(c), 0)) return false;
  // The leftmost value is the scheme the reader used; a spoofed "https" can only add Secure.
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return proto === 'https';
}
