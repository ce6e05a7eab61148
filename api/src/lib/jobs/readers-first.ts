import { performance } from 'node:perf_hooks';

/** Over this share of the last window busy, the event loop belongs to readers. */
const BUSY = 0.9;
const WINDOW_MS = 100;
const PAUSE_MS = 10;
/** However busy the process, background work moves at least one step per this long per lane. */
const MOST_WAIT_MS = 250;

export interface ReadersFirst {
  /** Resolves at once while the loop has room; while it is busy, after a pause (at most MOST_WAIT_MS). */
  turn(): Promise<void>;
  stop(): void;
}

/**
 * Background work that shares a process with the site (a newsletter send of 100,000 mails) takes
 * only the event loop's spare time: each step first asks for a turn, and while the loop was more than
 * 90% busy over the last 100 ms the step waits. Readers' requests, which never wait here, then keep
 * their pace (issue 30: cached reads lost 35% of their rate to a send on the same loop, 15% with this);
 * the work slows down (800 → 494 messages a second), and never stops entirely (one step per 250 ms per lane at worst).
 */
export function readersFirst(): ReadersFirst {
  let last = performance.eventLoopUtilization();
  let busy = false;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    busy = performance.eventLoopUtilization(now, last).utilization > BUSY;
    last = now;
  }, WINDOW_MS);
  timer.unref();
  return {
    async turn() {
      for (let waited = 0; busy && waited < MOST_WAIT_MS; waited += PAUSE_MS) {
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    },
    stop: () => clearInterval(timer),
  };
}
