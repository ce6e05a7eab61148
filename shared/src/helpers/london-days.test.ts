import { describe, expect, it } from 'vitest';
import { clicksQuery } from '../schemas/insights';
import { daysInRange, eachDay, fillDays, formatDay, lastDays, londonDay } from './london-days';

describe('London days', () => {
  it('names the day in London, across both clock changes', () => {
    expect(londonDay(new Date('2026-10-24T22:59:00Z'))).toBe('2026-10-24'); // 23:59 BST
    expect(londonDay(new Date('2026-10-24T23:00:00Z'))).toBe('2026-10-25'); // 00:00 BST
    expect(londonDay(new Date('2026-10-25T23:59:00Z'))).toBe('2026-10-25'); // 23:59 GMT
    expect(londonDay(new Date('2026-03-28T23:59:00Z'))).toBe('2026-03-28'); // 23:59 GMT
    expect(londonDay(new Date('2026-03-29T23:00:00Z'))).toBe('2026-03-30'); // 00:00 BST
  });

  it('counts and lists the days of a range, both ends included, with zeros filled in', () => {
    expect(daysInRange('2026-10-24', '2026-10-26')).toBe(3);
    expect(eachDay('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(fillDays('2026-01-01', '2026-01-03', [{ day: '2026-01-02', count: 4 }])).toEqual([
      { day: '2026-01-01', count: 0 },
      { day: '2026-01-02', count: 4 },
      { day: '2026-01-03', count: 0 },
    ]);
    expect(lastDays(7, new Date('2026-11-23T12:00:00Z'))).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(formatDay('2026-11-23')).toBe('23 Nov 2026');
  });

  it('the range schema takes 366 days and refuses 367, a reversed range and a made-up date', () => {
    expect(clicksQuery.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
    expect(clicksQuery.safeParse({ from: '2024-01-01', to: '2025-01-01' }).success).toBe(false);
    expect(clicksQuery.safeParse({ from: '2026-01-02', to: '2026-01-01' }).success).toBe(false);
    expect(clicksQuery.safeParse({ from: '2026-02-29', to: '2026-03-01' }).success).toBe(false);
  });
});
