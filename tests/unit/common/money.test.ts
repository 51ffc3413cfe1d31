// Money is whole đồng (issue 27): written '1.500.000 ₫' in Vietnamese and '₫1,500,000' in English,
// read back from what people type, and refused when it is not a whole positive amount.
import { describe, expect, test } from 'vitest';
import { amountSchema, formatMoney, MAX_AMOUNT, parseMoney } from '#common/money.ts';

describe('writing an amount', () => {
  test.each([
    [0, '0 ₫', '₫0'],
    [500, '500 ₫', '₫500'],
    [1_500_000, '1.500.000 ₫', '₫1,500,000'],
    [12_345_678_901, '12.345.678.901 ₫', '₫12,345,678,901'],
    [-250_000, '-250.000 ₫', '-₫250,000'],
  ])('%i is %s and %s', (amount, vi, en) => {
    expect(formatMoney(amount, 'vi')).toBe(vi);
    expect(formatMoney(amount, 'en')).toBe(en);
  });

  test('a fraction of a đồng is a bug, never rounded', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
  });
});

describe('reading what people type', () => {
  test.each([
    ['1500000', 1_500_000],
    ['1.500.000', 1_500_000],
    ['1,500,000', 1_500_000],
    ['1 500 000 ₫', 1_500_000],
    ['250.000đ', 250_000],
  ])('%s is %i', (text, amount) => {
    expect(parseMoney(text)).toBe(amount);
  });

  test.each(['', '1.5', '1.50.000', '-100', 'abc', '0', String(MAX_AMOUNT + 1)])(
    '%s is no amount',
    (text) => {
      expect(parseMoney(text)).toBeNull();
    },
  );
});

describe('an amount in a request', () => {
  test('whole, positive and at most the maximum', () => {
    expect(amountSchema.safeParse(1).success).toBe(true);
    expect(amountSchema.safeParse(MAX_AMOUNT).success).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_AMOUNT + 1, '100', Number.NaN]) {
      expect(amountSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});
