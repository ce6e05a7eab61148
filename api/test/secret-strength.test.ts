import { describe, expect, it } from 'vitest';
import { DEV_SECRET } from '../src/auth/dev-secret';
import { entropyBits, weakSecretReason } from '../src/auth/secret-strength';

/** Issue 40 §8: which production secrets are refused, and why (each rule on its own). */
describe('the production secret check', () => {
  it('measures bits by how varied the characters are, times the length', () => {
    expect(entropyBits('aaaa')).toBe(0);
    expect(entropyBits('ab')).toBe(2);
    expect(entropyBits('abcd')).toBe(8);
    expect(entropyBits('aab')).toBeCloseTo(2.755, 3);
    // Characters, not UTF-16 units: "é" and "😀" are one character each.
    expect(entropyBits('é😀')).toBe(2);
  });

  it('refuses a published value in any case and with spaces around it, and anything holding the development secret', () => {
    for (const known of [' ChangeMe ', 'YOUR-SECRET-HERE', 'super-secret-key', DEV_SECRET, `${DEV_SECRET}x`])
      expect(weakSecretReason(known), known).toBe('is a published example value');
  });

  it('refuses a short piece said again and again, even with enough distinct characters and bits', () => {
    const piece = 'kQ7v2mX9pL4';
    expect(new Set(piece).size).toBeGreaterThanOrEqual(10);
    expect(entropyBits(piece.repeat(3))).toBeGreaterThan(96);
    expect(weakSecretReason(piece.repeat(3))).toBe('is too predictable');
  });

  it('refuses fewer than 10 distinct characters, even when long and not repeated', () => {
    const nine = 'abcdefghiihgfedcbaacegiibdfhhfdbaigeca';
    expect(new Set(nine).size).toBe(9);
    expect(entropyBits(nine)).toBeGreaterThan(96);
    expect(weakSecretReason(nine)).toBe('is too predictable');
  });

  it('refuses too few bits, even with 10+ distinct characters and no repetition', () => {
    const mostlyA = `${'a'.repeat(40)}bcdefghijk`;
    expect(new Set(mostlyA).size).toBe(11);
    expect(entropyBits(mostlyA)).toBeLessThan(96);
    expect(weakSecretReason(mostlyA)).toBe('is too predictable');
  });

  it('accepts generated secrets, one of exactly 10 distinct characters, and ones that start or end with a doubled character', () => {
    const ten = '0123456789'.split('');
    // 32 characters, each of the ten at least three times, in no repeating order.
    const tenDistinct = '71302958466420875193381746052919';
    expect(new Set(tenDistinct).size).toBe(ten.length);
    for (const good of [
      'q3Vt9Zk1Lr7Wm2Xc8Pn4Bd6Hs0Jf5Ga/Ye+UoTiRwE=',
      'b1946ac92492d2347c6235b4d2611184',
      tenDistinct,
      `zz${'hL2r8XvQ0pN5mT7yK3wB9cF6dJ1gS4'}`,
      `${'hL2r8XvQ0pN5mT7yK3wB9cF6dJ1gS4'}zz`,
    ])
      expect(weakSecretReason(good), good).toBeNull();
  });
});
