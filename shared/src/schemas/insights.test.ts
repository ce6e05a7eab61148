import { describe, expect, it } from 'vitest';
import { issueLines } from './zod-issues';
import { calendarDay, clicksQuery, readBeacon, readsQuery } from './insights';

const issues = issueLines;

describe('calendarDay', () => {
  it('a real date written YYYY-MM-DD', () => {
    expect(calendarDay.parse('2024-02-29')).toBe('2024-02-29');
    expect(issues(calendarDay.safeParse('2026-02-29'))).toEqual([': Must be a real calendar date']);
    expect(issues(calendarDay.safeParse('2026-13-01'))).toEqual([': Must be a real calendar date']);
    for (const bad of ['2026-1-01', '26-01-01', '2026-01-01T00:00', ' 2026-01-01', '2026/01/01', '']) {
      // The format is named first (the calendar check runs too, and fails as well).
      expect(issues(calendarDay.safeParse(bad))[0], bad).toBe(': Must be a date as YYYY-MM-DD');
    }
  });
});

describe.each([
  ['clicks', clicksQuery, 'productId'],
  ['reads', readsQuery, 'articleId'],
] as const)('%s report query', (_name, schema, idKey) => {
  it('from and to, both included: one day is a range', () => {
    expect(schema.parse({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
  });

  it('"from" after "to" is refused on "from"', () => {
    expect(issues(schema.safeParse({ from: '2026-03-02', to: '2026-03-01' }))).toEqual([
      'from: Must not be after "to"',
    ]);
    expect(issues(schema.safeParse({ from: '2027-01-01', to: '2026-01-01' }))).toEqual([
      'from: Must not be after "to"',
    ]);
  });

  it('at most 366 days, refused on "to"', () => {
    expect(schema.parse({ from: '2025-01-01', to: '2026-01-01' })).toEqual({
      from: '2025-01-01',
      to: '2026-01-01',
    });
    expect(schema.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
    expect(issues(schema.safeParse({ from: '2024-01-01', to: '2025-01-01' }))).toEqual([
      'to: The range can span at most 366 days',
    ]);
    expect(issues(schema.safeParse({ from: '2020-01-01', to: '2026-01-01' }))).toEqual([
      'to: The range can span at most 366 days',
    ]);
  });

  it('both range issues are custom issues, as the API sends them', () => {
    const codes = (v: object) => {
      const r = schema.safeParse(v);
      return r.success ? [] : r.error.issues.map((i) => [i.code, i.path]);
    };
    expect(codes({ from: '2026-03-02', to: '2026-03-01' })).toEqual([['custom', ['from']]]);
    expect(codes({ from: '2024-01-01', to: '2025-01-01' })).toEqual([['custom', ['to']]]);
  });

  it('each day must be a real date', () => {
    expect(issues(schema.safeParse({ from: '2026-02-30', to: '2026-03-01' }))).toEqual([
      'from: Must be a real calendar date',
    ]);
    expect(issues(schema.safeParse({ from: '2026-03-01' }))).toEqual([
      'to: Invalid input: expected string, received undefined',
    ]);
  });

  it(`${idKey}: an optional positive id from the query string`, () => {
    const range = { from: '2026-03-01', to: '2026-03-07' };
    expect(schema.parse({ ...range, [idKey]: '12' })).toEqual({ ...range, [idKey]: 12 });
    expect(schema.parse({ ...range, [idKey]: '2147483647' })).toEqual({ ...range, [idKey]: 2_147_483_647 });
    for (const id of ['0', '-1', '1.5', 'x', '2147483648']) {
      expect(schema.safeParse({ ...range, [idKey]: id }).success, id).toBe(false);
    }
  });
});

describe('reading beacon', () => {
  it('an article id and a page-view id', () => {
    expect(readBeacon.parse({ articleId: 7, view: 'abcd-1234' })).toEqual({
      articleId: 7,
      view: 'abcd-1234',
    });
    expect(readBeacon.parse({ articleId: '7', view: 'A'.repeat(64) })).toEqual({
      articleId: 7,
      view: 'A'.repeat(64),
    });
    expect(readBeacon.parse({ articleId: 1, view: '12345678' }).view).toBe('12345678');
  });

  it('refuses a view id that is too short, too long or has other characters', () => {
    for (const view of ['1234567', 'a'.repeat(65), 'abcd_1234', 'abcd 1234', 'abcd1234\n', '']) {
      expect(issues(readBeacon.safeParse({ articleId: 1, view })), view).toEqual([
        'view: Must be a page-view id',
      ]);
    }
  });

  it('refuses a missing or impossible article id', () => {
    for (const articleId of [0, -3, 1.5, 2_147_483_648, 'abc']) {
      expect(readBeacon.safeParse({ articleId, view: 'abcd-1234' }).success, String(articleId)).toBe(false);
    }
    expect(readBeacon.safeParse({ view: 'abcd-1234' }).success).toBe(false);
  });
});
