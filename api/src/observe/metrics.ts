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
  };
}
