// What a person types in the date, time and date-time fields becomes the value the form holds
// (wall times of the center), or nothing when it is no real date or time.
import { expect, test } from 'vitest';
import {
  nextFullHour,
  parseTypedDate,
  parseTypedDateTime,
  parseTypedTime,
} from '#web/lib/dates.ts';

test('a date typed as shown (dd/mm/yyyy), loosely, or as yyyy-mm-dd', () => {
  expect(parseTypedDate('25/12/2026')).toBe('2026-12-25');
  expect(parseTypedDate(' 5/1/2027 ')).toBe('2027-01-05');
  expect(parseTypedDate('05.01.2027')).toBe('2027-01-05');
  expect(parseTypedDate('05-01-2027')).toBe('2027-01-05');
  expect(parseTypedDate('2027-01-05')).toBe('2027-01-05');
});

test('text that is no date is refused, not rolled over to another day', () => {
  for (const text of [
    '31/02/2026',
    '29/02/2026',
    '00/01/2026',
    '12/13/2026',
    '25/12/26',
    '',
    'mai',
    '25/12/2026 19:30',
  ]) {
    expect(parseTypedDate(text), text).toBeNull();
  }
  expect(parseTypedDate('29/02/2028')).toBe('2028-02-29');
});

test('a time of day in 24 hours, the ways people write it', () => {
  expect(parseTypedTime('19:30')).toBe('19:30');
  expect(parseTypedTime('9:05')).toBe('09:05');
  expect(parseTypedTime('18h30')).toBe('18:30');
  expect(parseTypedTime('18h')).toBe('18:00');
  expect(parseTypedTime('18.30')).toBe('18:30');
  expect(parseTypedTime('1830')).toBe('18:30');
  expect(parseTypedTime('00:00')).toBe('00:00');
  for (const text of ['24:00', '19:60', '19:3', '7', '19', '7pm', '', '19:30:00']) {
    expect(parseTypedTime(text), text).toBeNull();
  }
});

test("a date and a time: 'dd/mm/yyyy HH:mm' and the other forms of each", () => {
  expect(parseTypedDateTime('25/12/2026 19:30')).toBe('2026-12-25 19:30');
  expect(parseTypedDateTime('25/12/2026  9:30')).toBe('2026-12-25 09:30');
  expect(parseTypedDateTime('25/12/2026, 18h')).toBe('2026-12-25 18:00');
  expect(parseTypedDateTime('2026-12-25T19:30')).toBe('2026-12-25 19:30');
  expect(parseTypedDateTime('2026-12-25 19:30')).toBe('2026-12-25 19:30');
  for (const text of [
    '25/12/2026',
    '25/12/2026 25:00',
    '31/11/2026 10:00',
    '19:30',
    '25/12/2026 19:3',
  ]) {
    expect(parseTypedDateTime(text), text).toBeNull();
  }
});

test("a picked day's default time is the next full hour in the center's zone", () => {
  // 14:23 UTC is 21:23 in Asia/Ho_Chi_Minh (the default zone before the session says otherwise).
  expect(nextFullHour(Date.parse('2026-11-24T14:23:00Z'))).toBe('22:00');
  expect(nextFullHour(Date.parse('2026-11-24T16:59:00Z'))).toBe('00:00');
});
