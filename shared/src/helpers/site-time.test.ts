import { describe, expect, it } from 'vitest';
import { fromSiteDateTimeInput, toSiteDateTimeInput } from './site-time';
import { formatDateTime } from './time';

describe('site time (Europe/London, en-GB)', () => {
  it('shows "24 Nov 2026, 09:00" for 09:00 UK time in winter (UTC+0)', () => {
    expect(formatDateTime('2026-11-24T09:00:00Z', { zone: false })).toBe('24 Nov 2026, 09:00');
  });
  it('shows British Summer Time an hour ahead of UTC', () => {
    expect(formatDateTime('2026-07-01T08:30:00Z', { zone: false })).toBe('1 Jul 2026, 09:30');
  });
  it('reads a typed time as UK time, both sides of the clock change', () => {
    expect(fromSiteDateTimeInput('2026-11-24T09:00')).toBe('2026-11-24T09:00:00.000Z');
    expect(fromSiteDateTimeInput('2026-07-01T09:30')).toBe('2026-07-01T08:30:00.000Z');
    expect(fromSiteDateTimeInput('2026-03-29T03:00')).toBe('2026-03-29T02:00:00.000Z');
    expect(fromSiteDateTimeInput('not a time')).toBeNull();
  });
  it('round-trips through the input value', () => {
    for (const iso of ['2026-11-24T09:00:00.000Z', '2026-07-01T08:30:00.000Z']) {
      expect(fromSiteDateTimeInput(toSiteDateTimeInput(iso))).toBe(iso);
    }
  });
});
