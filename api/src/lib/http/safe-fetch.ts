import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

// Outbound HTTP to addresses the site does not control (RSS feeds, affiliate links): one set of rules.

export interface FetchLimits {
  /** Whole exchange, redirects and body included. */
  timeoutMs: number;
  /** Decoded body size cap. */
  maxBytes: number;
  maxRedirects: number;
  /** Loopback, private and link-local addresses are refused unless this is set (tests). */
  allowPrivate: boolean;
  /** Addresses treated as public even though they are not (tests stand in for a public host). */
  allowAddresses?: string[];
}

/** Why a fetch failed: the RSS tab turns these into plain words (rss/feed-errors.ts). */
export type FetchErrorKind =
  | 'timeout'
  | 'unreachable'
  | 'private-address'
  | 'http-status'
  | 'redirects'
  | 'too-large'
  | 'incomplete'
  | 'invalid-url'
  | 'scheme';

export class SafeFetchError extends Error {
  constructor(
    readonly kind: FetchErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs `work` under one deadline: it gets the AbortSignal to hand to every request and body read.
 * Whatever fails comes out as a SafeFetchError with a short message ("Timed out after 1500 ms").
 */
export async function withDeadline<T>(
  limits: Pick<FetchLimits, 'timeoutMs'>,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new SafeFetchError('timeout', `Timed out after ${limits.timeoutMs} ms`)),
    limits.timeoutMs,
  );
  try {
    return await work(controller.signal);
  } catch (err) {
    if (controller.signal.aborted) throw controller.signal.reason;
    if (err instanceof SafeFetchError) throw err;
    throw networkError(err);
  } finally {
    clearTimeout(timer);
  }
}

export interface Opened {
  res: IncomingMessage;
  /** Where the last redirect led. */
  finalUrl: string;
  redirects: number;
}

/**
 * Sends `method` to `url` and follows redirects: http(s) only, every connection's resolved address
 * checked by request-filtering-agent (so DNS answers and redirects cannot reach private ranges), at
 * most `maxRedirects` hops. The caller reads or destroys `res`.
 */
export async function openFollowingRedirects(
  url: string,
  opts: { method: 'GET' | 'HEAD'; headers: OutgoingHttpHeaders /** "feeds" in messages */; noun?: string },
  limits: FetchLimits,
  signal: AbortSignal,
): Promise<Opened> {
  let current = url;
  for (let hop = 0; ; hop++) {
    const target = checkUrl(current, opts.noun ?? 'URLs');
    const res = await send(target, opts, limits, signal);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.destroy();
      if (hop >= limits.maxRedirects)
        throw new SafeFetchError('redirects', `Too many redirects (more than ${limits.maxRedirects})`);
      current = new URL(res.headers.location, target).toString();
      continue;
    }
    return { res, finalUrl: target.toString(), redirects: hop };
  }
}

function checkUrl(input: string, noun: string): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new SafeFetchError('invalid-url', `Invalid URL ${input.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('scheme', `Refused ${url.protocol} URL: only http(s) ${noun} are fetched`);
  }
  return url;
}

const agents = new Map<string, http.Agent>();
function agentFor(url: URL, limits: FetchLimits): http.Agent {
  const allowList = limits.allowAddresses ?? [];
  const key = `${url.protocol}${limits.allowPrivate}${allowList.join(',')}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = {
      allowPrivateIPAddress: limits.allowPrivate,
      allowIPAddressList: allowList,
      allowMetaIPAddress: false,
      keepAlive: false,
    };
    agent =
      url.protocol === 'https:'
        ? new RequestFilteringHttpsAgent(options)
        : new RequestFilteringHttpAgent(options);
    agents.set(key, agent);
  }
  return agent;
}

function send(
  url: URL,
  opts: { method: 'GET' | 'HEAD'; headers: OutgoingHttpHeaders },
  limits: FetchLimits,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  // http.request for both schemes: the agent (TLS for https:) makes the connection, as it must
  // for its address checks, so https.request would differ only in a default agent never used.
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: opts.method, agent: agentFor(url, limits), signal, headers: opts.headers },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * The body's bytes after content decoding, refused beyond `maxBytes` (also a compression bomb's
 * inflated size). The caller decodes the characters (feeds declare their own charset).
 */
export async function readBody(
  res: IncomingMessage,
  limits: FetchLimits,
  signal: AbortSignal,
  what = 'Response',
): Promise<Buffer> {
  const tooLarge = () =>
    new SafeFetchError('too-large', `${what} larger than ${Math.round(limits.maxBytes / 1024)} KB`);
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    res.destroy();
    throw tooLarge();
  }
  const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  // pipeline, not pipe: a connection dropped mid-body must fail the decoder too, or the read waits
  // for the deadline. Its callback only swallows the error the loop below sees anyway.
  const stream: Readable = decoder ? pipeline(res, decoder, () => undefined) : res;
  const onAbort = () => {
    res.destroy();
    stream.destroy();
  };
  signal.addEventListener('abort', onAbort, { once: true });
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > limits.maxBytes) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    // The server was reached and began to answer: a body cut short is "incomplete", not "unreachable".
    const zlibError = String((err as { code?: unknown })?.code).startsWith('Z_');
    if (err instanceof SafeFetchError || signal.aborted || res.complete || zlibError) throw err;
    throw new SafeFetchError('incomplete', `Connection closed before the ${what.toLowerCase()} was complete`);
  } finally {
    signal.removeEventListener('abort', onAbort);
    res.destroy();
    stream.destroy();
  }
  return Buffer.concat(chunks);
}

/** A socket-level failure, classified by its errno or request-filtering-agent's refusal. */
function networkError(err: unknown): SafeFetchError {
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 300) || 'Fetch failed';
  const code = (err as { code?: unknown })?.code;
  if (/is not allowed\. Because/i.test(message)) return new SafeFetchError('private-address', message);
  if (code === 'ETIMEDOUT') return new SafeFetchError('timeout', message);
  return new SafeFetchError('unreachable', message);
}
