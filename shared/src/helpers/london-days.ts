// Calendar days as the insights count them: each day runs midnight to midnight in Europe/London
// (23 or 25 hours on the clock-change days). Days are strings, YYYY-MM-DD, to keep time zones out.

const DAY_MS = 86_400_000;

const londonDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day in London at this instant, as YYYY-MM-DD. */
export function londonDay(at: Date = new Date()): string {
  return londonDate.format(at);
}

export function isCalendarDay(day: string): boolean {
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === day;
}

/** `day` moved by `n` calendar days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const n = Math.max(0, daysInRange(from, to));
  return Array.from({ length: n }, (_, i) => addDays(from, i));
}

/** The last `days` days up to today in London, e.g. the 7/30/90-day presets. */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = londonDay(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** Fills the days a query returned no row for with 0, in order. */
export function fillDays(from: string, to: string, rows: { day: string; count: number }[]) {
  const byDay = new Map(rows.map((r) => [r.day, r.count]));
  return eachDay(from, to).map((day) => ({ day, count: byDay.get(day) ?? 0 }));
}

/** "23 Nov 2026": how a person reads a day (en-GB). */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
