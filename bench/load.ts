import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  /** Responses outside 2xx, plus socket errors and timeouts. */
  failures: number;
  total: number;
  bytesPerResponse: number;
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? 0;
}

function fire(
  base: string,
  paths: string[],
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
        // Each connection cycles through the paths (several search terms, for example).
        requests: paths.map((path) => ({ method: 'GET', path })),
      },
      (err, result) => (err ? reject(err) : resolve({ result, times })),
    );
    instance.on('response', (_client, _status, _bytes, ms) => {
      times.push(ms);
    });
  });
}

/** A warm-up (discarded), then a fixed-duration run at `connections` concurrent connections. */
export async function load(
  base: string,
  paths: string[],
  opts: { connections: number; seconds: number; warmup: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const headers = opts.headers ?? {};
  if (opts.warmup > 0) await fire(base, paths, opts.connections, opts.warmup, headers);
  const { result, times } = await fire(base, paths, opts.connections, opts.seconds, headers);
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
