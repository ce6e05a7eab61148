/**
 * The long tail, measured the way it arrives (issue 29):
 * - the crawler walk: every article once, in random order, over 50 connections, so every request is a
 *   miss of the per-instance cache; pages beside the API article reads of the same walk;
 * - open-loop arrivals: requests sent at a fixed rate whatever the answers (as visitors arrive, not as
 *   a closed loop that waits for each answer), latency measured from when each request was due, so a
 *   queue in the server shows; the highest rate of the mixed crowd that keeps its budgets.
 */
import { Pool } from 'undici';
import { type CrowdPlan, seeded } from './crowd';

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

export interface WalkResult {
  requests: number;
  seconds: number;
  requestsPerSec: number;
  p50: number;
  p99: number;
  failures: number;
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Every path once, `connections` at a time (closed loop: a crawler waits for each answer). */
export async function walk(base: string, paths: string[], connections: number): Promise<WalkResult> {
  const pool = new Pool(base, { connections, pipelining: 1 });
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < paths.length) {
          const path = paths[next++]!;
          const t = performance.now();
          try {
            const res = await pool.request({ path, method: 'GET', headers: BROWSER });
            await res.body.dump();
            if (res.statusCode !== 200) failures++;
          } catch {
            failures++;
          }
          times.push(performance.now() - t);
        }
      }),
    );
  } finally {
    await pool.close();
  }
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    requests: paths.length,
    seconds: round(seconds),
    requestsPerSec: Math.round(paths.length / seconds),
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    failures,
  };
}

/** The paths in a fixed random order (the same walk on every run). */
export function shuffled<T>(items: readonly T[], seed = 29): T[] {
  const random = seeded(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export type Kind = 'page' | 'api' | 'list' | 'search';

export interface OpenLoopStep {
  rate: number;
  sent: number;
  failures: number;
  /** Latency from when each request was due, per kind. */
  byKind: Record<Kind, { n: number; p50: number; p99: number }>;
  ok: boolean;
}

export interface OpenLoopBudget {
  pageApiP99Ms: number;
  searchP99Ms: number;
}

/** The kind of a crowd path (bench/crowd.ts: the mixed plan). */
export function kindOf(path: string): Kind {
  if (path.startsWith('/api/content/search')) return 'search';
  if (path.startsWith('/api/content?')) return 'list';
  if (path.startsWith('/api/')) return 'api';
  return 'page';
}

/**
 * Sends `rate` requests a second for `seconds`, each at its due time whatever the server does, and
 * measures each from that time. A request still waiting for a connection waits in this queue: that is
 * the server falling behind, and it counts.
 */
export async function openLoop(
  base: string,
  plan: CrowdPlan,
  opts: { rate: number; seconds: number; budget: OpenLoopBudget; connections?: number },
): Promise<OpenLoopStep> {
  const pool = new Pool(base, { connections: opts.connections ?? 512, pipelining: 1 });
  const total = Math.round(opts.rate * opts.seconds);
  const times: Record<Kind, number[]> = { page: [], api: [], list: [], search: [] };
  let failures = 0;
  const inflight: Promise<void>[] = [];
  const start = performance.now();
  try {
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / opts.rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const path = plan.pick();
      const kind = kindOf(path);
      inflight.push(
        pool
          .request({ path, method: 'GET', headers: BROWSER, headersTimeout: 30_000, bodyTimeout: 30_000 })
          .then(async (res) => {
            await res.body.dump();
            if (res.statusCode !== 200) failures++;
          })
          .catch(() => {
            failures++;
          })
          .finally(() => {
            times[kind].push(performance.now() - due);
          }),
      );
    }
    await Promise.all(inflight);
  } finally {
    await pool.close();
  }
  const byKind = {} as OpenLoopStep['byKind'];
  for (const kind of Object.keys(times) as Kind[]) {
    const sorted = times[kind].sort((a, b) => a - b);
    byKind[kind] = {
      n: sorted.length,
      p50: round(percentile(sorted, 50)),
      p99: round(percentile(sorted, 99)),
    };
  }
  const ok =
    failures === 0 &&
    byKind.page.p99 < opts.budget.pageApiP99Ms &&
    byKind.api.p99 < opts.budget.pageApiP99Ms &&
    byKind.search.p99 < opts.budget.searchP99Ms;
  return { rate: opts.rate, sent: total, failures, byKind, ok };
}

/**
 * The highest rate the mixed crowd can arrive at with every budget kept: double from `start` until a
 * step fails, then halve the gap between the last good and the first bad rate a few times. One crowd
 * goes on from step to step: until 6 Dec each step drew a new crowd of the same seed, so it sent the
 * previous step's requests again, found those searches still kept (SEARCH_CACHE_MS, 30 s) and their
 * pages stored, and only its last requests were new to the server.
 */
export async function highestOpenLoopRate(
  base: string,
  crowd: CrowdPlan,
  opts: {
    start: number;
    seconds: number;
    budget: OpenLoopBudget;
    refine?: number;
    log?: (m: string) => void;
  },
): Promise<{ rate: number; steps: OpenLoopStep[] }> {
  const steps: OpenLoopStep[] = [];
  const once = async (rate: number) => {
    const s = await openLoop(base, crowd, { rate, seconds: opts.seconds, budget: opts.budget });
    steps.push(s);
    const k = s.byKind;
    opts.log?.(
      `  open-loop ${rate} req/s: pages p99 ${k.page.p99} ms, API p99 ${k.api.p99} ms, lists p99 ${k.list.p99} ms, search p99 ${k.search.p99} ms, ${s.failures} failed: ${s.ok ? 'ok' : 'over'}`,
    );
    // Let the queue of a failed step drain before the next.
    await new Promise((r) => setTimeout(r, 2000));
    return s.ok;
  };
  // A rate is over budget when two tries in a row are: past capacity the queue grows and every try
  // fails, while one stall of the shared machine (a checkpoint, autovacuum) fails a single try at a
  // rate it serves (seen at 400 and 450 req/s on a server that then held 600).
  const step = async (rate: number) => (await once(rate)) || (await once(rate));
  // A fresh server's first requests (JIT, lazy page modules, new connections) are not its steady
  // state: unmeasured, they failed the render-only path's first step on a 100 ms outlier (quick bench).
  await openLoop(base, crowd, { rate: opts.start, seconds: opts.seconds, budget: opts.budget });
  opts.log?.(`  open-loop warm-up at ${opts.start} req/s for ${opts.seconds} s (not counted)`);
  let good = 0;
  let bad = 0;
  for (let rate = opts.start; rate <= 20_000; rate *= 2) {
    if (await step(rate)) good = rate;
    else {
      bad = rate;
      break;
    }
  }
  if (!bad) return { rate: good, steps };
  for (let i = 0; i < (opts.refine ?? 3) && bad - good > Math.max(10, good * 0.05); i++) {
    const mid = Math.round((good + bad) / 2);
    if (await step(mid)) good = mid;
    else bad = mid;
  }
  return { rate: good, steps };
}
