import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { decodeFeed } from './decode-feed';
import { FeedFetchError } from './feed-errors';

export interface FetchLimits {
  /** Whole fetch, redirects and body included. */
  timeoutMs: number;
  /** Decoded body size cap. */
  maxBytes: number;
  maxRedirects: number;
  /** Loopback, private and link-local addresses are refused unless this is set (tests). */
  allowPrivate: boolean;
  /** Addresses treated as public even though they are not (tests stand in for a public host). */
  allowAddresses?: string[];
}

export const DEFAULT_LIMITS: FetchLimits = {
  timeoutMs: 15_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
  allowPrivate: false,
};

export { FeedFetchError };

/**
 * GET a feed without trusting its server: http(s) only, every connection's resolved address checked
 * by request-filtering-agent (so DNS answers and redirects cannot reach private ranges), a bounded
 * number of redirects, one deadline for the whole exchange and a size cap on the decoded body.
 */
export async function fetchFeed(url: string, limits: FetchLimits = DEFAULT_LIMITS): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new FeedFetchError('timeout', `Timed out after ${limits.timeoutMs} ms`)),
    limits.timeoutMs,
  );
  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      const target = checkUrl(current);
      const res = await get(target, limits, controller.signal);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.destroy();
        if (hop >= limits.maxRedirects)
          throw new FeedFetchError('redirects', `Too many redirects (more than ${limits.maxRedirects})`);
        current = new URL(res.headers.location, target).toString();
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new FeedFetchError('http-status', `HTTP ${status}`);
      }
      return await readBody(res, limits, controller.signal);
    }
  } catch (err) {
    if (controller.signal.aborted) throw controller.signal.reason;
    if (err instanceof FeedFetchError) throw err;
    throw networkError(err);
  } finally {
    clearTimeout(timer);
  }
}

function checkUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FeedFetchError('invalid-url', `Invalid URL ${input.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedFetchError('scheme', `Refused ${url.protocol} URL: only http(s) feeds are fetched`);
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

function get(url: URL, limits: FetchLimits, signal: AbortSignal): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'GET',
        agent: agentFor(url, limits),
        signal,
        headers: {
          accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': 'BloomAndBalance-RSS/1.0',
        },
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

async function readBody(res: IncomingMessage, limits: FetchLimits, signal: AbortSignal): Promise<string> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    res.destroy();
    throw tooLarge(limits);
  }
  const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
  let stream: Readable = res;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = res.pipe(zlib.createGunzip());
  else if (encoding === 'deflate') stream = res.pipe(zlib.createInflate());
  else if (encoding === 'br') stream = res.pipe(zlib.createBrotliDecompress());
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
      if (size > limits.maxBytes) throw tooLarge(limits);
      chunks.push(chunk as Buffer);
    }
    if (res.errored || !res.complete)
      throw new FeedFetchError('incomplete', 'Connection closed before the feed was complete');
  } finally {
    signal.removeEventListener('abort', onAbort);
    res.destroy();
    stream.destroy();
  }
  return decodeFeed(Buffer.concat(chunks), res.headers['content-type']);
}

const tooLarge = (limits: FetchLimits) =>
  new FeedFetchError('too-large', `Feed larger than ${Math.round(limits.maxBytes / 1024)} KB`);

/** A socket-level failure, classified by its errno or request-filtering-agent's refusal. */
function networkError(err: unknown): FeedFetchError {
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 300) || 'Fetch failed';
  const code = (err as { code?: unknown })?.code;
  if (/is not allowed\. Because/i.test(message)) return new FeedFetchError('private-address', message);
  if (code === 'ETIMEDOUT') return new FeedFetchError('timeout', message);
  return new FeedFetchError('unreachable', message);
}
