import { describe, expect, it } from 'vitest';
import { readersFirst } from '../src/lib/jobs/readers-first';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const timed = async (work: () => Promise<void>) => {
  const t = performance.now();
  await work();
  return performance.now() - t;
};

/** Background work on the site's process (a newsletter send) waits while readers keep the loop busy. */
describe('readersFirst', () => {
  it('gives a turn at once while the loop has room, waits while it is busy, and never waits long', async () => {
    const readers = readersFirst();
    try {
      // Before its first look at the loop, nothing is known to be busy: the first step goes at once.
      expect(await timed(() => readers.turn())).toBeLessThan(9);
      await sleep(250);
      expect(await timed(() => readers.turn())).toBeLessThan(9);
      // The loop busy for 1.2 s straight, as a crowd of readers keeps it (over 90% of any window since the last look).
      const until = performance.now() + 1200;
      while (performance.now() < until) {
        // spin
      }
      await sleep(1);
      const waited = await timed(() => readers.turn());
      expect(waited).toBeGreaterThanOrEqual(9);
      expect(waited).toBeLessThan(400);
      // Quiet again: turns come at once.
      await sleep(250);
      expect(await timed(() => readers.turn())).toBeLessThan(9);
    } finally {
      readers.stop();
    }
  });
});
