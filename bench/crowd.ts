import autocannon from 'autocannon';
import type { LoadResult } from './load';

/**
 * A crowd rather than a handful of URLs: each request picks its path afresh, popular articles far
 * more often than the rest (Zipf over the 100,000, newest first), plus searches for popular terms
 * and a long tail of distinct ones. So the cache misses of a real readership are in the figures.
 */

/** Deterministic randomness: the same crowd on every run (mulberry32). */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Ranks 0..n-1 drawn with P(rank k) ∝ 1/(k+1)^s (s = 1: the classic web-popularity curve). */
export function zipf(n: number, random: () => number, s = 1) {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) {
    sum += 1 / (k + 1) ** s;
    cdf[k] = sum;
  }
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cdf[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export interface CrowdPlan {
  name: string;
  kind: 'api' | 'ssr';
  pick: () => string;
}

/** The crowd rows: article pages, API article reads, searches, and all of them mixed. */
export function crowdPlans(slugs: string[], vocabulary: string[], seed = 17): CrowdPlan[] {
  const random = seeded(seed);
  const article = zipf(slugs.length, random);
  const term = zipf(vocabulary.length, random);
  const word = () => vocabulary[Math.floor(random() * vocabulary.length)] ?? 'calm';
  const slug = () => slugs[article()] ?? slugs[0] ?? 'missing';
  const q = (text: string) => `/api/content/search?q=${encodeURIComponent(text)}`;
  // 70% popular terms (Zipf), 30% two random words: distinct almost every time, so a cache miss.
  const search = () => (random() < 0.7 ? q(vocabulary[term()] ?? 'sleep') : q(`${word()} ${word()}`));
  const page = zipf(50, random);
  const plans: CrowdPlan[] = [
    { name: 'crowd: SSR /content/{zipf slug}', kind: 'ssr', pick: () => `/content/${slug()}` },
    { name: 'crowd: GET /api/content/{zipf slug}', kind: 'api', pick: () => `/api/content/${slug()}` },
    { name: 'crowd: search (zipf terms + long tail)', kind: 'api', pick: search },
  ];
  plans.push({
    name: 'crowd: mixed (40% pages, 30% API reads, 10% lists, 20% search)',
    kind: 'api',
    pick: () => {
      const r = random();
      if (r < 0.4) return `/content/${slug()}`;
      if (r < 0.7) return `/api/content/${slug()}`;
      if (r < 0.8) return `/api/content?limit=20&offset=${page() * 20}`;
      return search();
    },
  });
  return plans;
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? 0;
}

function fire(
  base: string,
  pick: () => string,
  connections: number,
  seconds: number,
  headers: Record<string, string>,
) {
  return new Promise<{ result: autocannon.Result; times: number[] }>((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        headers,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pick() }) }],
      },
      (err, result) => (err ? reject(err) : resolve({ result, times })),
    );
    instance.on('response', (_client, _status, _bytes, ms) => {
      times.push(ms);
    });
  });
}

/** Like load(), but every request draws its own path. */
export async function loadCrowd(
  base: string,
  pick: () => string,
  opts: { connections: number; seconds: number; warmup: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const headers = opts.headers ?? {};
  if (opts.warmup > 0) await fire(base, pick, opts.connections, opts.warmup, headers);
  const { result, times } = await fire(base, pick, opts.connections, opts.seconds, headers);
  times.sort((a, b) => a - b);
  const total = result.requests.total;
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    failures: result.non2xx + result.errors + result.timeouts,
    total,
    bytesPerResponse: total ? Math.round(result.throughput.total / total) : 0,
  };
}

/** The server's cache lookups so far, from /metrics (hit and stale count as served from the cache). */
export async function cacheLookups(base: string, token: string) {
  const text = await (
    await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })
  ).text();
  const count = (result: string) =>
    Number(new RegExp(`public_cache_lookups_total\\{result="${result}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  return { hits: count('hit') + count('stale'), misses: count('miss') };
}
