import { describe, expect, it } from 'vitest';
import { discountPercent, formatGBP, savingAmount } from './money';

// What a shopper reads: the shop card and product page show these (ProductCard.money.test.tsx).
describe('formatGBP', () => {
  it.each([
    [0, '£0.00'],
    ['0.5', '£0.50'],
    [19.99, '£19.99'],
    ['1234567.891', '£1,234,567.89'],
  ])('%j → %s (pounds sign, two decimals, en-GB grouping)', (input, out) =>
    expect(formatGBP(input)).toBe(out),
  );
  it.each([[null], [undefined], [Number.NaN], [Number.POSITIVE_INFINITY], ['Infinity'], [''], ['£5']])(
    '%j → "" (never "NaN" or "∞")',
    (input) => expect(formatGBP(input)).toBe(''),
  );
});

describe('discountPercent', () => {
  it('rounds to a whole percent', () => {
    expect(discountPercent('19.99', '29.99')).toBe(33);
    expect(discountPercent(10, 20)).toBe(50);
    expect(discountPercent('9.99', '10.00')).toBe(0);
    expect(discountPercent('0', '10')).toBe(100);
  });
  it.each([
    ['equal prices', '24.99', '24.99'],
    ['original below price', '30', '20'],
    ['no original', '30', null],
    ['original undefined', '30', undefined],
    ['original empty', '30', ''],
    ['original zero', '-5', '0'],
    ['original negative', '-10', '-5'],
    ['infinite original', '19.99', 'Infinity'],
    ['infinite price', '-Infinity', '10'],
    ['price not a number', 'abc', '29.99'],
    ['original not a number', '19.99', 'n/a'],
  ])('%s → no discount (null)', (_label, price, original) => {
    expect(discountPercent(price, original)).toBeNull();
  });
});

describe('savingAmount', () => {
  it('two decimals, rounded to the penny', () => {
    expect(savingAmount('19.99', '29.99')).toBe('10.00');
    expect(savingAmount('9.99', '10')).toBe('0.01');
    expect(savingAmount(5.5, 8)).toBe('2.50');
  });
  it.each([
    ['equal prices', '24.99', '24.99'],
    ['original below price', '30', '20'],
    ['no original', '30', null],
    ['original empty', '30', ''],
    ['infinite original', '19.99', 'Infinity'],
    ['infinite price', '-Infinity', '10'],
    ['price not a number', 'abc', '29.99'],
    ['original not a number', '19.99', 'n/a'],
  ])('%s → nothing to save (null)', (_label, price, original) => {
    expect(savingAmount(price, original)).toBeNull();
  });
});
