/**
 * Tables of short-lived rows (rate-limit windows, claimed keys, idempotency answers) are swept of
 * expired rows by the request that finds this instance's last sweep of that kind at least
 * SWEEP_EVERY_MS ago. Bounded work (one delete per kind per instance every few minutes, the first on
 * the first request), and predictable, where a coin toss per request was neither testable nor bounded.
 */
export const SWEEP_EVERY_MS = 5 * 60_000;

const lastSweep = new WeakMap<object, Map<string, number>>();

/** True when `kind` is due a sweep on this database handle; records the sweep as done now. */
export function sweepDue(db: object, kind: string, now = Date.now()): boolean {
  let kinds = lastSweep.get(db);
  if (!kinds) {
    kinds = new Map();
    lastSweep.set(db, kinds);
  }
  const last = kinds.get(kind);
  if (last !== undefined && now - last < SWEEP_EVERY_MS) return false;
  kinds.set(kind, now);
  return true;
}
