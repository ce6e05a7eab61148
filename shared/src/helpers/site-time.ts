/** Times an editor types are UK time (displayed ones: formatDateTime in time.ts). */
import { SITE_TIME_ZONE } from './time';

const parts = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: SITE_TIME_ZONE,
});

/** UK wall-clock fields of an instant. */
function wallClock(ms: number) {
  const p = Object.fromEntries(parts.formatToParts(ms).map((x) => [x.type, x.value]));
  return { y: +p.year!, mo: +p.month!, d: +p.day!, h: +p.hour!, mi: +p.minute!, s: +p.second! };
}

/** Minutes UK time is ahead of UTC at this instant (0 in winter, 60 in summer). */
function offsetMinutes(ms: number): number {
  const w = wallClock(ms);
  return Math.round((Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(ms / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `<input type="datetime-local">` value in UK time: "2026-11-24T09:00". */
export function toSiteDateTimeInput(date: string | Date): string {
  const w = wallClock((typeof date === 'string' ? new Date(date) : date).getTime());
  return `${w.y}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}`;
}

/** A `datetime-local` value read as UK time, as an ISO instant; null when it is not a valid time. */
export function fromSiteDateTimeInput(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const asUtc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  if (Number.isNaN(asUtc)) return null;
  // Subtract the UK offset; check it again at the result, since the guess may sit across a clock change.
  let ms = asUtc - offsetMinutes(asUtc) * 60_000;
  ms = asUtc - offsetMinutes(ms) * 60_000;
  return new Date(ms).toISOString();
}
