import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './safe-path';
import { avatarInitial, parseIntOrNull, readTimeMinutes, slugify } from './text';
import { isoDuration, timeAgo } from './time';

describe('slugify edges', () => {
  it.each([
    ['--Hello--', 'hello'],
    ['!!!Two  Words???', 'two-words'],
    ['Crème Brûlée', 'creme-brulee'],
    ['ÀÉÎ', 'aei'],
    ['Tea & Toast', 'tea-and-toast'],
  ])('%s → %s', (input, slug) => expect(slugify(input)).toBe(slug));
  it('stops at 80 characters and never ends on a hyphen', () => {
    const long = `${'a'.repeat(79)} ${'b'.repeat(10)}`;
    expect(slugify(long)).toBe('a'.repeat(79));
    expect(slugify('x'.repeat(100))).toHaveLength(80);
  });
});

describe('readTimeMinutes', () => {
  it('200 words a minute, rounded, ignoring tags and runs of spaces', () => {
    expect(readTimeMinutes('word '.repeat(600))).toBe(3);
    expect(readTimeMinutes(`<p class="a b c d e f g">${'w '.repeat(299)}</p>`)).toBe(1);
    expect(readTimeMinutes(`<img alt="one two three">${'w\n\n  '.repeat(500)}`)).toBe(3);
    expect(readTimeMinutes('<b>a</b><i>b</i>'.repeat(250))).toBe(3);
  });
});

describe('parseIntOrNull', () => {
  it.each([
    [null, null],
    [undefined, null],
    ['', null],
    ['  ', null],
    [' 7 ', 7],
    ['12abc', 12],
    [15, 15],
    [1.5, null],
    [0, 0],
  ])('%j → %j', (input, out) =>
    expect(parseIntOrNull(input as string | number | null | undefined)).toBe(out),
  );
});

describe('safeReturnPath', () => {
  it('falls back for missing input, and to the given fallback', () => {
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath(null, '/shop')).toBe('/shop');
    expect(safeReturnPath('', '/news')).toBe('/news');
    expect(safeReturnPath('shop', '/news')).toBe('/news');
  });
});

describe('avatarInitial', () => {
  it('skips blank names and trims', () => {
    expect(avatarInitial({ firstName: '  ', email: ' ava@x.y' })).toBe('A');
    expect(avatarInitial({ firstName: ' bo', email: null })).toBe('B');
    expect(avatarInitial({ firstName: null, email: '  ' })).toBe('U');
    expect(avatarInitial({})).toBe('U');
    expect(avatarInitial(undefined)).toBe('U');
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it.each([
    ['2024-01-10T12:00:00Z', '2 years ago'],
    ['2025-01-09T12:00:00Z', '1 year ago'],
    ['2025-11-01T12:00:00Z', '2 months ago'],
    ['2025-12-20T12:00:00Z', '3 weeks ago'],
    ['2026-01-09T12:00:00Z', '1 day ago'],
    ['2026-01-10T09:00:00Z', '3 hours ago'],
    ['2026-01-10T11:58:00Z', '2 minutes ago'],
    ['2026-01-10T11:59:00Z', '1 minute ago'],
    ['2026-01-10T12:00:30Z', 'just now'],
  ])('%s → %s', (date, text) => expect(timeAgo(date, now)).toBe(text));
  it('takes a Date too; nothing for no date', () => {
    expect(timeAgo(new Date('2026-01-08T12:00:00Z'), now)).toBe('2 days ago');
    expect(timeAgo(null, now)).toBe('');
    expect(timeAgo('', now)).toBe('');
    expect(timeAgo(undefined)).toBe('');
  });
});

describe('isoDuration', () => {
  it('no duration for nothing, zero or negative minutes', () => {
    expect(isoDuration(null)).toBeUndefined();
    expect(isoDuration(-5)).toBeUndefined();
    expect(isoDuration(1)).toBe('PT1M');
    expect(isoDuration(125)).toBe('PT2H5M');
  });
});
