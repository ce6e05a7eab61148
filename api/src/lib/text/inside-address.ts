import { BlockList, isIP } from 'node:net';

/**
 * Addresses a reader's browser must never be sent to by someone else's text (issue 40 §11): this
 * server under any other name (localhost, 127.0.0.1, [::1], 0.0.0.0, any port, either scheme) and
 * the machines of a private network behind it. WHATWG URL parsing has already turned 2130706433 and
 * 0x7f.1 into 127.0.0.1, and [::ffff:127.0.0.1] into [::ffff:7f00:1], which BlockList reads as IPv4.
 */
const inside = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  inside.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  inside.addSubnet(net, prefix, 'ipv6');

/** A hostname such as `localhost`, `api.localhost` or `[::1]`, as URL.hostname gives it. */
export function isInsideHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  const version = isIP(bare);
  if (version === 0) return false;
  // BlockList checks an IPv4 address written inside IPv6 (::ffff:7f00:1) against the IPv4 rules.
  if (version === 6) return inside.check(bare, 'ipv6');
  return inside.check(bare, 'ipv4');
}
