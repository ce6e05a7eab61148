import dns from 'node:dns';

/**
 * Tests reach loopback only (DEVELOPERS.md): feed fixtures name pictures and links on hosts such as
 * `cdn.greenfingers.example`, and resolving them would send DNS queries off the machine. Every
 * name but localhost fails here at once, as an unknown host does, before any packet is sent.
 */
const LOCAL = new Set(['localhost', 'localhost.', '127.0.0.1', '::1']);
const refuse = (hostname: string) =>
  Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (tests resolve loopback only)`), {
    code: 'ENOTFOUND',
    errno: -3008,
    syscall: 'getaddrinfo',
    hostname,
  });

const realLookup = dns.lookup;
const guardedLookup = ((hostname: string, ...rest: unknown[]) => {
  const callback = rest[rest.length - 1] as (err: Error | null) => void;
  if (!LOCAL.has(hostname.toLowerCase()) && !hostname.endsWith('.localhost')) {
    process.nextTick(() => callback(refuse(hostname)));
    return undefined as ReturnType<typeof dns.lookup>;
  }
  return (realLookup as (...args: unknown[]) => unknown)(hostname, ...rest);
}) as typeof dns.lookup;
dns.lookup = guardedLookup;

const realPromiseLookup = dns.promises.lookup;
dns.promises.lookup = (async (hostname: string, ...rest: unknown[]) => {
  if (!LOCAL.has(hostname.toLowerCase()) && !hostname.endsWith('.localhost')) throw refuse(hostname);
  return (realPromiseLookup as (...args: unknown[]) => unknown)(hostname, ...rest);
}) as typeof dns.promises.lookup;
