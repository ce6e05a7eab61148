import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './safe-path';

describe('safeReturnPath (issue 13 §2: no open redirect)', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeReturnPath('/shop?x=1')).toBe('/shop?x=1');
    expect(safeReturnPath('/article/a-b#comments')).toBe('/article/a-b#comments');
    expect(safeReturnPath('/')).toBe('/');
  });

  it.each([
    ['protocol-relative', '//evil.example/x'],
    ['absolute', 'https://evil.example/x'],
    ['scheme without slashes', 'javascript:alert(1)'],
    ['backslash', '/\\evil.example'],
    ['backslash later', '/a\\..\\\\evil.example'],
    ['tab', '/\t/evil.example/x'],
    ['LF', '/\n/evil.example/x'],
    ['CR', '/\r/evil.example/x'],
    ['NUL', '/\u0000/evil.example'],
    ['no leading slash', 'evil.example'],
    ['empty', ''],
  ])('refuses %s', (_name, input) => {
    expect(safeReturnPath(input)).toBe('/');
    expect(safeReturnPath(input, 'fallback')).toBe('fallback');
  });

  it('refuses what a browser would resolve off-site, whatever the spelling', () => {
    for (const input of ['/%09/evil.example', '/%0A/evil.example', '/%0D/evil.example']) {
      // Still encoded: a harmless path on this site.
      expect(safeReturnPath(input)).toBe(input);
    }
    expect(safeReturnPath(decodeURIComponent('%2F%09%2Fevil.example%2Fx'))).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
    expect(safeReturnPath(undefined, '')).toBe('');
  });

  it('normalises dot segments so they cannot climb out', () => {
    expect(safeReturnPath('/a/../../b')).toBe('/b');
  });

  it('refuses dot segments that leave a path starting with "//" (another site to a browser)', () => {
    for (const input of [
      '/..//evil.example',
      '/.//evil.example/x',
      '/a/..//evil.example?x=1',
      '/%2e%2e//evil.example',
      '/.%2E//evil.example',
    ]) {
      expect(safeReturnPath(input), input).toBe('/');
      expect(safeReturnPath(input, ''), input).toBe('');
    }
  });

  it('keeps doubled slashes later in the path', () => {
    expect(safeReturnPath('/shop//')).toBe('/shop//');
    expect(safeReturnPath('/a//b?c=d//e')).toBe('/a//b?c=d//e');
  });
});
