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
  it('reads only a datetime-local value, nothing before or after it', () => {
    for (const v of [
      '2026-11-24T09:00:00',
      '2026-11-24T09:00Z',
      'x2026-11-24T09:00',
      '2026-11-24 09:00',
      '',
    ]) {
      expect(fromSiteDateTimeInput(v), v).toBeNull();
    }
  });
  it('around the clock changes: the hour that does not exist, and the one that happens twice', () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST, so "01:30" never shows on a UK clock; it reads as 02:30 BST.
    expect(fromSiteDateTimeInput('2026-03-29T00:30')).toBe('2026-03-29T00:30:00.000Z');
    expect(fromSiteDateTimeInput('2026-03-29T01:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(fromSiteDateTimeInput('2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026: 02:00 BST becomes 01:00 GMT; "01:30" is the second one, in GMT.
    expect(fromSiteDateTimeInput('2026-10-25T00:30')).toBe('2026-10-24T23:30:00.000Z');
    expect(fromSiteDateTimeInput('2026-10-25T01:30')).toBe('2026-10-25T01:30:00.000Z');
    expect(fromSiteDateTimeInput('2026-10-25T02:30')).toBe('2026-10-25T02:30:00.000Z');
  });
  it('round-trips through the input value', () => {
    for (const iso of ['2026-11-24T09:00:00.000Z', '2026-07-01T08:30:00.000Z']) {
      expect(fromSiteDateTimeInput(toSiteDateTimeInput(iso))).toBe(iso);
    }
  });
});
