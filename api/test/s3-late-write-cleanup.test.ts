import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lateWriteCleanup } from '../src/lib/storage/s3-storage';

/**
 * The removal of a name whose put got no answer (lib/storage/s3-storage.ts): the store may save it
 * once it wakes, so the name is deleted when the store answers, and once more a moment later. Timers
 * are the test's own, so each wait is checked to the millisecond.
 */
describe('late-write cleanup of a put that got no answer', () => {
  const TIMEOUT = 1_000;
  let calls: number[];
  let answers: boolean[];
  const start = Date.now();

  /** A remove that records when it was called and succeeds or fails as `answers` says (fails once they run out). */
  const remove = vi.fn(async (_name: string) => {
    calls.push(Date.now() - start);
    if (!(answers.shift() ?? false)) throw new Error('the store does not answer');
  });

  beforeEach(() => {
    vi.useFakeTimers({ now: start });
    calls = [];
    answers = [];
    remove.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('waits one timeout, deletes, and deletes once more a timeout later (a late put may land after the first)', async () => {
    const cleanup = lateWriteCleanup(TIMEOUT, remove);
    answers = [true, true];
    cleanup.schedule('a.webp');
    await vi.advanceTimersByTimeAsync(TIMEOUT - 1);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([TIMEOUT]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([TIMEOUT, 2 * TIMEOUT]);
    expect(remove.mock.calls.map(([name]) => name)).toEqual(['a.webp', 'a.webp']);
  });

  it('a store that stays down is tried with doubling waits, capped at 30 s, twelve times in all', async () => {
    const cleanup = lateWriteCleanup(TIMEOUT, remove);
    cleanup.schedule('a.webp');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const waits = calls.map((t, i) => t - (calls[i - 1] ?? 0));
    expect(waits).toEqual([
      1_000, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('once the store answers after failing, the confirming delete comes one timeout later, and no more', async () => {
    const cleanup = lateWriteCleanup(TIMEOUT, remove);
    answers = [false, false, true, true];
    cleanup.schedule('a.webp');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    // 1 s, +1 s (failed), +2 s (answered), +1 s (confirmed).
    expect(calls).toEqual([1_000, 2_000, 4_000, 5_000]);
  });

  it('a new put of the name cancels it: before the first try, or while a try is under way', async () => {
    const cleanup = lateWriteCleanup(TIMEOUT, remove);
    cleanup.schedule('a.webp');
    cleanup.cancel('a.webp');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([]);

    // The put comes while the delete is waiting for the store: nothing is tried after it.
    let answer: (ok: boolean) => void = () => undefined;
    const slow = vi.fn(
      () =>
        new Promise<void>((resolve, reject) => {
          answer = (ok) => (ok ? resolve() : reject(new Error('down')));
        }),
    );
    const other = lateWriteCleanup(TIMEOUT, slow);
    other.schedule('b.webp');
    await vi.advanceTimersByTimeAsync(TIMEOUT);
    expect(slow).toHaveBeenCalledTimes(1);
    other.cancel('b.webp');
    answer(false);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(slow).toHaveBeenCalledTimes(1);
  });

  it('names are cleaned apart: cancelling one leaves the other to be deleted', async () => {
    const cleanup = lateWriteCleanup(TIMEOUT, remove);
    answers = [true, true];
    cleanup.schedule('a.webp');
    cleanup.schedule('b.webp');
    cleanup.cancel('a.webp');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(remove.mock.calls.map(([name]) => name)).toEqual(['b.webp', 'b.webp']);
  });
});
