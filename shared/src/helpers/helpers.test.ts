import { describe, expect, it } from 'vitest';
import { discountPercent, formatGBP, savingAmount, starParts } from './money';
import {
  avatarInitial,
  parseIntOrNull,
  readTimeMinutes,
  slugify,
  splitLines,
  splitTags,
  wordCount,
} from './text';
import { formatDate, formatDateTime, isoDuration, timeAgo } from './time';

describe('money (spec §9: GBP, 2 decimals, rounded discount, half stars)', () => {
  it.each([
    ['24.99', '£24.99'],
    ['5', '£5.00'],
    [1234.5, '£1,234.50'],
    ['abc', ''],
  ])('formatGBP(%s) = %s', (input, out) => expect(formatGBP(input)).toBe(out));
  it('discountPercent rounds and ignores non-discounts', () => {
    expect(discountPercent('19.99', '29.99')).toBe(33);
    expect(discountPercent('30', '30')).toBeNull();
    expect(discountPercent('30', null)).toBeNull();
    expect(savingAmount('19.99', '29.99')).toBe('10.00');
  });
  it.each([
    [4.3, 4, false],
    [4.5, 4, true],
    [4.8, 4, true],
    [5, 5, false],
    [3.74, 3, true],
    [0, 0, false],
  ])('starParts(%s) → %s full, half=%s', (r, full, half) => {
    const p = starParts(r);
    expect(p.full).toBe(full);
    expect(p.half).toBe(half);
    expect(p.full + (p.half ? 1 : 0) + p.empty).toBe(5);
  });
});

describe('text helpers', () => {
  it('slugify', () => {
    expect(slugify('  Café & Calm: 10 Ways!  ')).toBe('cafe-and-calm-10-ways');
  });
  it('wordCount, the editor counter, counts as readTimeMinutes does, markup aside', () => {
    for (const body of [
      '',
      '<p>One <strong>two</strong></p><p>three</p>',
      `<h2>Hi</h2>${'word '.repeat(333)}`,
      'a\n\nb c',
    ]) {
      expect(readTimeMinutes(body)).toBe(Math.max(1, Math.round(wordCount(body) / 200)));
    }
    expect(wordCount('<p>One <strong>two</strong></p><p>three</p>')).toBe(3);
  });

  it('readTimeMinutes counts words without markup', () => {
    expect(readTimeMinutes(`<p>${'word '.repeat(400)}</p>`)).toBe(2);
    expect(readTimeMinutes('')).toBe(1);
  });
  it('splitTags trims and drops empties; splitLines drops blank lines', () => {
    expect(splitTags(' a, b , ,c')).toEqual(['a', 'b', 'c']);
    expect(splitLines('one\n\n two \r\nthree\n')).toEqual(['one', 'two', 'three']);
  });
  it('parseIntOrNull: empty or invalid → null', () => {
    expect(parseIntOrNull('')).toBeNull();
    expect(parseIntOrNull('abc')).toBeNull();
    expect(parseIntOrNull(' 12 ')).toBe(12);
  });
  it('avatarInitial: firstName, else email, else U', () => {
    expect(avatarInitial({ firstName: 'maya', email: 'x@y.z' })).toBe('M');
    expect(avatarInitial({ firstName: '', email: 'zoe@y.z' })).toBe('Z');
    expect(avatarInitial(null)).toBe('U');
  });
});

describe('time helpers', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it('timeAgo says "X ago"', () => {
    expect(timeAgo('2026-01-07T12:00:00Z', now)).toBe('3 days ago');
    expect(timeAgo('2026-01-10T11:00:00Z', now)).toBe('1 hour ago');
    expect(timeAgo('2026-01-10T11:59:50Z', now)).toBe('just now');
  });
  it('isoDuration', () => {
    expect(isoDuration(90)).toBe('PT1H30M');
    expect(isoDuration(15)).toBe('PT15M');
    expect(isoDuration(60)).toBe('PT1H');
    expect(isoDuration(0)).toBeUndefined();
  });
});

describe('dates a person sees: en-GB, Europe/London (issue 12)', () => {
  it.each([
    ['2026-11-23T18:00:00Z', '23 Nov 2026, 18:00 GMT'],
    ['2026-07-01T17:05:00Z', '1 Jul 2026, 18:05 BST'],
    // Near midnight UTC in summer it is already the next day in London.
    ['2026-06-30T23:30:00Z', '1 Jul 2026, 00:30 BST'],
  ])('formatDateTime(%s) = %s', (input, out) => expect(formatDateTime(input)).toBe(out));

  it('formatDate gives the London day, day first', () => {
    expect(formatDate('2026-06-30T23:30:00Z')).toBe('1 July 2026');
    expect(formatDate(new Date('2026-11-23T12:00:00Z'))).toBe('23 November 2026');
  });
});
