import { describe, expect, it } from 'vitest';
import {
  isDatabaseUnavailable,
  isForeignKeyViolation,
  isUniqueViolation,
  pgErrorCode,
  unavailableCause,
} from '../src/lib/http/errors';

/**
 * lib/http/errors.ts's reading of driver errors, by itself: which SQLSTATE a failure carries (also
 * wrapped by drizzle in `cause`), and which failures mean the database cannot be reached (503) rather
 * than something the request held (issue 40 §7). error-response.ts's tests drive the same through a
 * real PostgreSQL; here each shape the drivers produce is named.
 */
const wrapped = (inner: object, depth: number): object => {
  let e: object = inner;
  for (let i = 0; i < depth; i++) e = Object.assign(new Error(`wrapper ${i}`), { cause: e });
  return e;
};

describe('pgErrorCode', () => {
  it('reads a SQLSTATE on the error or up to three causes in, and nothing that only looks like one', () => {
    expect(pgErrorCode({ code: '23505' })).toBe('23505');
    expect(pgErrorCode(wrapped({ code: '23503' }, 3))).toBe('23503');
    // Walks four levels at most: a chain of causes (or a cycle) is not followed for ever.
    expect(pgErrorCode(wrapped({ code: '23503' }, 4))).toBeUndefined();
    const cycle: { cause?: unknown } = {};
    cycle.cause = cycle;
    expect(pgErrorCode(cycle)).toBeUndefined();
    // System-call codes, numbers and partial matches are not SQLSTATEs.
    expect(pgErrorCode({ code: 'ECONNREFUSED' })).toBeUndefined();
    expect(pgErrorCode({ code: '23505X' })).toBeUndefined();
    expect(pgErrorCode({ code: 'X23505' })).toBeUndefined();
    expect(pgErrorCode({ code: 23505 })).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
    expect(pgErrorCode('23505')).toBeUndefined();
  });

  it('names unique and foreign-key violations (23001 is PostgreSQL 17’s restrict violation)', () => {
    expect(isUniqueViolation(wrapped({ code: '23505' }, 1))).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isForeignKeyViolation({ code: '23503' })).toBe(true);
    expect(isForeignKeyViolation({ code: '23001' })).toBe(true);
    expect(isForeignKeyViolation({ code: '23505' })).toBe(false);
  });
});

describe('isDatabaseUnavailable and unavailableCause', () => {
  const unavailable: Array<[string, object]> = [
    ['connection failure (class 08)', { code: '08006', message: 'connection failure' }],
    ['shutting down', { code: '57P01', message: 'terminating connection due to administrator command' }],
    ['cannot connect now', { code: '57P03', message: 'the database system is starting up' }],
    ['too many connections', { code: '53300', message: 'sorry, too many clients already' }],
    ['database missing or renamed', { code: '3D000', message: 'database "site" does not exist' }],
    ['login refused', { code: '28P01', message: 'password authentication failed' }],
    ['no such role', { code: '28000', message: 'role "x" is not permitted to log in' }],
    ['connection refused', { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    ['host unknown', { code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND db' }],
  ];
  for (const [what, err] of unavailable) {
    it(`${what} is unavailable, with its code and message`, () => {
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(unavailableCause(err)).toEqual(err);
    });
  }

  it('a driver message without a code counts, and its cause carries no code', () => {
    const err = new Error('Connection terminated unexpectedly');
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(unavailableCause(err)).toEqual({ message: 'Connection terminated unexpectedly' });
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('errors about what a request held are not, and have no cause to log', () => {
    for (const err of [
      { code: '23505', message: 'duplicate key value violates unique constraint' },
      { code: '22P02', message: 'invalid input syntax for type integer' },
      new Error('Cannot read properties of undefined'),
      { code: 8006, message: 42 },
      null,
      'Connection terminated',
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
      expect(unavailableCause(err)).toEqual({ message: 'unknown' });
    }
  });

  it('looks through causes (drizzle) and an AggregateError’s first error (a connect to several addresses), four levels in', () => {
    const refused = { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED ::1:5432' };
    expect(isDatabaseUnavailable(wrapped(refused, 4))).toBe(true);
    expect(unavailableCause(wrapped(refused, 4))).toEqual(refused);
    expect(isDatabaseUnavailable(wrapped(refused, 5))).toBe(false);
    expect(unavailableCause(wrapped(refused, 5))).toEqual({ message: 'unknown' });
    const aggregate = new AggregateError([refused, { code: 'ECONNREFUSED' }], '');
    expect(isDatabaseUnavailable(aggregate)).toBe(true);
    expect(unavailableCause(aggregate)).toEqual(refused);
    const cycle: { cause?: unknown; message: string } = { message: 'query failed' };
    cycle.cause = cycle;
    expect(isDatabaseUnavailable(cycle)).toBe(false);
    expect(unavailableCause(cycle)).toEqual({ message: 'unknown' });
  });

  it('a code without a message logs an empty one, and a long message is cut to 200 characters', () => {
    expect(unavailableCause({ code: 'ETIMEDOUT' })).toEqual({ code: 'ETIMEDOUT', message: '' });
    const long = `Connection terminated: ${'x'.repeat(400)}`;
    expect(unavailableCause(new Error(long))).toEqual({ message: long.slice(0, 200) });
  });
});
