// Vietnamese phone numbers: the ways people write one number are one stored number.
import { describe, expect, test } from 'vitest';
import { formatPhone, normalizePhone } from '#common/phone.ts';

describe('normalising a phone number', () => {
  test.each([
    '0912 345 678',
    '0912.345.678',
    '0912-345-678',
    '0912345678',
    '+84 912 345 678',
    '+84912345678',
    '84912345678',
    '0084 912 345 678',
    '(+84) 912 345 678',
    '+84 0912 345 678',
    '  0912 345 678  ',
    // A spreadsheet cell read as a number loses the leading 0.
    '912345678',
  ])('%j is +84912345678', (written) => {
    expect(normalizePhone(written)).toBe('+84912345678');
  });

  test('a landline keeps its area code', () => {
    expect(normalizePhone('024 3826 1234')).toBe('+842438261234');
    expect(normalizePhone('+84 24 3826 1234')).toBe('+842438261234');
  });

  test.each([
    '',
    '12345',
    '0912 345 67',
    '0912 345 6789',
    '0112 345 678',
    '+1 415 555 0100',
    '0912 abc 678',
    '84912',
    '+84',
  ])('%j is not a Vietnamese number', (written) => {
    expect(normalizePhone(written)).toBeNull();
  });
});

describe('showing a phone number', () => {
  test('a mobile in 4-3-3 groups, a landline in 3-4-4', () => {
    expect(formatPhone('+84912345678')).toBe('0912 345 678');
    expect(formatPhone('+842438261234')).toBe('024 3826 1234');
  });

  test('a value kept as typed before numbers were normalised is shown as it is', () => {
    expect(formatPhone('ext. 12')).toBe('ext. 12');
    expect(formatPhone('+1 415 555 0100')).toBe('+1 415 555 0100');
  });
});
