import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/** A worker that dies sooner than this after its start counts as a crash loop: wait before the next. */
const QUICK_DEATH_MS = 5_000;
const MAX_BACKOFF_MS = 30_000;

/**
 * WEB_CONCURRENCY=N (N > 1): this process only supervises N workers (node:cluster), each a full
 * instance under the multi-instance rules (its own caches, LISTEN connection and pool; the start-up
 * lock lets one migrate). They share the port; the operating system spreads connections between
 * them. A worker that dies is replaced (after a growing wait if it keeps dying at start). SIGTERM or
 * SIGINT is passed to every worker, which drain as one instance does; the primary exits when they
 * all have, with status 0 only if each drained in time.
 */
export function superviseWorkers(count: number, logger: Logger) {
  let stopping = false;
  let failed = false;
  let backoff = 1_000;
  const startedAt = new Map<Worker, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      // The status says whether the drain went well; a crash before it was already replaced, and a
      // worker still starting when the signal came has nothing to drain (it ends by the signal).
      if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGINT') failed = true;
      if (startedAt.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    const wait = lived < QUICK_DEATH_MS ? backoff : 0;
    backoff = lived < QUICK_DEATH_MS ? Math.min(backoff * 2, MAX_BACKOFF_MS) : 1_000;
    logger.error(
      { worker: worker.process.pid, code, signal, restartInMs: wait },
      `worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, wait).unref();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: stopping ${startedAt.size} workers`);
    for (const worker of startedAt.keys()) worker.process.kill(signal);
    if (startedAt.size === 0) process.exit(0);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  logger.info({ workers: count }, `Starting ${count} worker processes (WEB_CONCURRENCY)`);
  for (let i = 0; i < count; i++) fork();
}
