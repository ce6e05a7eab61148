/** Every date and time a person sees is British: the site prices in GBP and writes for UK readers. */
export const SITE_LOCALE = 'en-GB';
export const SITE_TIME_ZONE = 'Europe/London';

const dateTimeFormat = new Intl.DateTimeFormat(SITE_LOCALE, {
  timeZone: SITE_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});
const dateTimeNoZone = new Intl.DateTimeFormat(SITE_LOCALE, {
  timeZone: SITE_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dateFormat = new Intl.DateTimeFormat(SITE_LOCALE, {
  timeZone: SITE_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

const toDate = (d: string | number | Date) => (d instanceof Date ? d : new Date(d));

/**
 * "23 Nov 2026, 18:00 GMT" (BST in summer): London time, named, so no reader has to guess.
 * `{ zone: false }`: "24 Nov 2026, 09:00", where the words around it already say UK time (issue 15's
 * "Scheduled for 24 Nov 2026, 09:00").
 */
export function formatDateTime(date: string | number | Date, opts: { zone?: boolean } = {}): string {
  return (opts.zone === false ? dateTimeNoZone : dateTimeFormat).format(toDate(date));
}

/** "23 November 2026", the day as it is in London. */
export function formatDate(date: string | number | Date): string {
  return dateFormat.format(toDate(date));
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 days ago"-style text (spec §9: relative times shown as "X ago"). */
export function timeAgo(date: string | Date | null | undefined, now: Date = new Date()): string {
  if (!date) return '';
  const then = typeof date === 'string' ? new Date(date) : date;
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000));
  for (const [unit, size] of units) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

/** ISO 8601 duration for minutes, e.g. 90 → "PT1H30M" (schema.org Recipe). */
export function isoDuration(minutes: number | null | undefined): string | undefined {
  if (!minutes || minutes < 0) return undefined;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h ? `${h}H` : ''}${m || !h ? `${m}M` : ''}`;
}
