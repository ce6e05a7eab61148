import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Prometheus metrics of one app instance (tests build many apps: one registry each). */
export interface Metrics {
  /** False when METRICS_TOKEN is unset: nothing is observed and /metrics answers 404. */
  enabled: boolean;
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route'>;
  cache: Counter<'result'>;
  rssRuns: Counter<'outcome'>;
  aiCalls: Counter<'call' | 'outcome'>;
  /** Article page store (web/stored-pages.ts) lookups: hit, stale (found but out of date: rendered instead), miss. */
  pageStore: Counter<'result'>;
  /** Pages rendered and written to the store (after a miss, a write, a new build). */
  pageStoreRefills: Counter;
  /** Newsletter deliveries by outcome: sent, deferred (to be tried later), bounced, failed. */
  newsletterMails: Counter<'outcome'>;
  /** Job queue gauges, set at scrape time (observe/queue-gauges.ts). */
  queueJobs: Gauge<'queue' | 'state'>;
  queueOldestWaiting: Gauge<'queue'>;
}

export function createMetrics(opts: {
  enabled: boolean;
  poolStats?: (() => PoolStats) | undefined;
}): Metrics {
  const registry = new Registry();
  const registers = [registry];
  if (opts.enabled) collectDefaultMetrics({ register: registry });
  if (opts.poolStats) {
    const stats = opts.poolStats;
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting clients); absent on PGlite',
      labelNames: ['state'],
      registers,
      collect() {
        const s = stats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }
  return {
    enabled: opts.enabled,
    registry,
    requests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    duration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    cache: new Counter({
      name: 'public_cache_lookups_total',
      help: 'Public micro-cache lookups: hit, stale (served while refreshing) or miss',
      labelNames: ['result'],
      registers,
    }),
    rssRuns: new Counter({
      name: 'rss_runs_total',
      help: 'RSS import runs by outcome (succeeded, failed, skipped: another instance held the lock)',
      labelNames: ['outcome'],
      registers,
    }),
    aiCalls: new Counter({
      name: 'ai_calls_total',
      help: 'Calls to the AI service by call name and outcome (ok, or the HTTP status we answered)',
      labelNames: ['call', 'outcome'],
      registers,
    }),
    pageStore: new Counter({
      name: 'page_store_lookups_total',
      help: 'Stored article page lookups: hit (served from the store), stale (out of date, rendered again instead) or miss',
      labelNames: ['result'],
      registers,
    }),
    pageStoreRefills: new Counter({
      name: 'page_store_refills_total',
      help: 'Article pages rendered and written to the page store',
      registers,
    }),
    newsletterMails: new Counter({
      name: 'newsletter_mails_total',
      help: 'Newsletter deliveries by outcome: sent, deferred (a temporary refusal or a paused domain: tried later), bounced, failed',
      labelNames: ['outcome'],
      registers,
    }),
    queueJobs: new Gauge({
      name: 'job_queue_jobs',
      help: 'Jobs per queue by state: waiting (due, not started), delayed (due later: retries, schedules), active, failed (kept until pg-boss archives them)',
      labelNames: ['queue', 'state'],
      registers,
    }),
    queueOldestWaiting: new Gauge({
      name: 'job_queue_oldest_waiting_seconds',
      help: 'Per queue, how long the longest-waiting due job has been due (0: none waiting)',
      labelNames: ['queue'],
      registers,
    }),
  };
}
