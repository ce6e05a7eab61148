import { describe, expect, it } from 'vitest';
import { contentListQuery } from './article';
import { adminArticleListQuery } from './admin-lists';
import { dateCursor, encodeCursor, isCursorInstant, listCursor } from './cursor';

// Node's Buffer, as an independent base64url encoder (shared/ itself is typed without Node).
const { Buffer } = globalThis as unknown as {
  Buffer: { from(v: string | number[]): { toString(encoding: 'base64url'): string } };
};
const raw = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('list cursors (keyset paging, issue 43)', () => {
  it('round-trip any key, non-ASCII and quotes included, as base64url', () => {
    for (const k of ['2026-01-31T08:00:00.123456Z', 'é ü 𝄞 "quoted" \\ title', 'a', 'ab', 'abc']) {
      const c = encodeCursor({ k, id: 42 });
      expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(c).toBe(raw({ k, id: 42 }));
      expect(listCursor.parse(c)).toEqual({ k, id: 42 });
    }
  });

  it('refuse a tampered cursor, naming it', () => {
    const bad = [
      '!!!', // not base64url
      'A', // not a whole byte
      raw([1, 2]), // JSON, wrong shape
      raw('{"k":"x"'), // not JSON
      String.fromCharCode(0xff, 0xfe), // not base64url either
      raw({ k: 'yesterday', id: 1 }), // not an instant
      raw({ k: '2026-02-30T00:00:00Z', id: 1 }), // no such day
      raw({ k: '2026-01-01T00:00:00Z', id: 2_147_483_648 }), // past any id
      raw({ k: '2026-01-01T00:00:00Z', id: 1.5 }),
      raw({ k: '2026-01-01T00:00:00Z', id: '1' }),
      raw({ k: '2026-01-01T00:00:00Z', id: 1, extra: true }), // extra field
      raw({ k: '2026-01-01T00:00:00Z' }),
      'A'.repeat(5000),
    ];
    for (const cursor of bad) {
      const r = contentListQuery.safeParse({ cursor });
      expect(r.success, cursor).toBe(false);
      expect(issues(r)[0], cursor).toMatch(/^cursor(\.\w+)?: Not a valid cursor$/);
    }
    // Bytes that are not UTF-8 inside valid base64url.
    expect(listCursor.safeParse('__79').success).toBe(false);
  });

  it('instants: real ones of the server form only', () => {
    expect(isCursorInstant('2026-01-31T08:00:00Z')).toBe(true);
    expect(isCursorInstant('2026-01-31T08:00:00.123456Z')).toBe(true);
    expect(isCursorInstant('2026-01-31T25:00:00Z')).toBe(false);
    expect(isCursorInstant('2026-01-31 08:00:00+00')).toBe(false);
    expect(dateCursor.safeParse(encodeCursor({ k: 'Avocado', id: 1 })).success).toBe(false);
  });

  it('a cursor and an offset together are refused', () => {
    const cursor = encodeCursor({ k: '2026-01-31T08:00:00Z', id: 3 });
    expect(contentListQuery.parse({ cursor }).cursor).toEqual({ k: '2026-01-31T08:00:00Z', id: 3 });
    expect(issues(contentListQuery.safeParse({ cursor, offset: '20' }))).toEqual([
      'cursor: Send cursor or offset, not both',
    ]);
  });

  it('admin: a date sort needs an instant, the title sort takes a title', () => {
    const title = encodeCursor({ k: 'Avocado toast', id: 3 });
    expect(adminArticleListQuery.parse({ sort: 'title', cursor: title }).cursor?.k).toBe('Avocado toast');
    expect(issues(adminArticleListQuery.safeParse({ sort: 'newest', cursor: title }))).toEqual([
      'cursor: Not a valid cursor',
    ]);
    expect(issues(adminArticleListQuery.safeParse({ sort: 'title', cursor: title, offset: '50' }))).toEqual([
      'cursor: Send cursor or offset, not both',
    ]);
  });
});
