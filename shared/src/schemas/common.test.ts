import { describe, expect, it } from 'vitest';
import { httpUrl, idParam, idValue, imageRef, tagList } from './common';

describe('imageRef: the only image addresses stored', () => {
  it.each([
    '/uploads/0b6f.webp',
    '/demo/a-b_c.d/e.png',
    'https://cdn.example/a.png',
    'http://cdn.example/a.png',
    '  /uploads/x.webp  ',
    // An editor's focal point, in tenths of a percent (shared/src/helpers/picture.ts withFocus).
    '/uploads/x.webp#focus=50,20',
    '/uploads/x.webp#focus=50.5,20',
    '/uploads/x.webp#focus=50,20.5',
  ])('accepts %s', (v) => expect(imageRef.safeParse(v).success).toBe(true));

  it.each([
    ['a protocol-relative URL', '//evil.example/a.png'],
    ['a data: URL', 'data:image/png;base64,xx'],
    ['javascript:', 'javascript:alert(1)'],
    ['a relative path', 'uploads/x.webp'],
    ['a site path with an attribute break after it', '/uploads/x.webp" onerror="alert(1)'],
    ['a site path with a space and more after it', '/uploads/x.webp <script>'],
    ['a site path followed by a newline', '/uploads/x.webp\njavascript:alert(1)'],
    ['a site path with a query', '/uploads/x.webp?a=1'],
    ['a lone slash', '/'],
    ['a focal point past tenths', '/uploads/x.webp#focus=50.55,20'],
    ['another fragment', '/uploads/x.webp#top'],
    ['an ftp URL', 'ftp://files.example/x.png'],
  ])('refuses %s', (_label, v) => {
    const r = imageRef.safeParse(v);
    expect(r.success).toBe(false);
    expect(r.success ? '' : r.error.issues[0]?.message).toBe('Must be an http(s) URL or a site path');
  });

  it('trims, and stops at 2048 characters', () => {
    expect(imageRef.parse(' /a.webp ')).toBe('/a.webp');
    expect(imageRef.safeParse(`/${'a'.repeat(2047)}`).success).toBe(true);
    expect(imageRef.safeParse(`/${'a'.repeat(2048)}`).success).toBe(false);
  });
});

describe('httpUrl', () => {
  it('trims, stops at 2048 characters, and names the rule', () => {
    expect(httpUrl.parse(' https://a.example/x ')).toBe('https://a.example/x');
    const base = 'https://a.example/';
    expect(httpUrl.safeParse(base + 'a'.repeat(2048 - base.length)).success).toBe(true);
    expect(httpUrl.safeParse(base + 'a'.repeat(2049 - base.length)).success).toBe(false);
    // The scheme must be exactly http or https, not merely contain it.
    expect(httpUrl.safeParse('xhttp://a.example/').success).toBe(false);
    expect(httpUrl.safeParse('httpx://a.example/').success).toBe(false);
    expect(httpUrl.safeParse('https2://a.example/').success).toBe(false);
    const r = httpUrl.safeParse('mailto:a@b.co');
    expect(r.success ? '' : r.error.issues[0]?.message).toBe('Must be an http(s) URL');
  });
});

describe('tags and ids', () => {
  it('tags: up to 20, each 1 to 40 characters after trimming', () => {
    expect(tagList.parse([' a ', 'b'])).toEqual(['a', 'b']);
    expect(tagList.safeParse(Array(20).fill('t'.repeat(40))).success).toBe(true);
    expect(tagList.safeParse(Array(21).fill('t')).success).toBe(false);
    expect(tagList.safeParse(['t'.repeat(41)]).success).toBe(false);
    expect(tagList.safeParse(['  ']).success).toBe(false);
  });
  it('ids: positive whole numbers from the path', () => {
    expect(idParam.parse({ id: '12' })).toEqual({ id: 12 });
    for (const id of ['0', '-1', '1.5', 'abc']) expect(idParam.safeParse({ id }).success).toBe(false);
  });
});

describe('idValue: an id in a JSON body', () => {
  const message = (v: unknown) => {
    const r = idValue.safeParse(v);
    return r.success ? '' : r.error.issues[0]?.message;
  };

  it('a number, or plain digits as a form sends them', () => {
    expect(idValue.parse(12)).toBe(12);
    expect(idValue.parse('12')).toBe(12);
    expect(idValue.parse('7')).toBe(7);
    expect(idValue.parse('2147483647')).toBe(2_147_483_647);
  });

  it.each([
    ' 12',
    '12 ',
    '1e3',
    '0x1f',
    '+5',
    '-12',
    '12a',
    'a12',
    '',
    '1.5',
    '12345678901',
    true,
    null,
    [3],
  ])('refuses %j as not a whole number id', (v) => expect(message(v)).toBe('Must be a whole number id'));

  it('names the rule that failed', () => {
    expect(message('0')).toBe('Must be a positive id');
    expect(message(-3)).toBe('Must be a positive id');
    expect(message(1.5)).toBe('Must be a whole number id');
    expect(message('2147483648')).toBe('Must be at most 2147483647');
  });
});
