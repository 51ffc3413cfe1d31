// Teachers' pay arithmetic (docs/decisions/033): per hour, rate × minutes / 60 rounded half up to
// the whole đồng, in integers.
import { describe, expect, test } from 'vitest';
import { hourlyAmount } from '#common/teacher-pay.ts';

describe('an hourly rate for the minutes taught', () => {
  test('whole hours and exact fractions are exact', () => {
    expect(hourlyAmount(200_000, 60)).toBe(200_000);
    expect(hourlyAmount(200_000, 90)).toBe(300_000);
    expect(hourlyAmount(200_000, 45)).toBe(150_000);
    expect(hourlyAmount(200_000, 0)).toBe(0);
  });

  test('a fraction of a đồng is rounded half up', () => {
    // 100,001 × 45 / 60 = 75,000.75
    expect(hourlyAmount(100_001, 45)).toBe(75_001);
    // 1 × 30 / 60 = 0.5
    expect(hourlyAmount(1, 30)).toBe(1);
    // 1 × 29 / 60 = 0.48…
    expect(hourlyAmount(1, 29)).toBe(0);
    // 100,001 × 20 / 60 = 33,333.67
    expect(hourlyAmount(100_001, 20)).toBe(33_334);
  });

  test('the largest rate over a long lesson stays a safe integer', () => {
    expect(Number.isSafeInteger(hourlyAmount(100_000_000_000, 600))).toBe(true);
    expect(hourlyAmount(100_000_000_000, 600)).toBe(1_000_000_000_000);
  });
});
