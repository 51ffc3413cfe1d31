// The lunar calendar against dates Vietnamese calendars print: Tết and Giỗ Tổ Hùng Vương of recent
// years, a leap month, and the years Vietnam's Tết (UTC+7) differs from China's (UTC+8); and the
// public holidays placed by it, as the Government placed them in recent years.
import { describe, expect, test } from 'vitest';
import { lunarDateOf, solarDateOf } from '#server/features/closed-days/lunar-calendar.ts';
import { vietnamHolidays } from '#server/features/closed-days/vietnam-holidays.ts';

const lunar = (day: number, month: number, year: number, leap = false) => ({
  day,
  month,
  year,
  leap,
});

describe('Tết Nguyên Đán (1/1 of the lunar year)', () => {
  test.each([
    [2020, '2020-01-25'],
    [2021, '2021-02-12'],
    [2022, '2022-02-01'],
    [2023, '2023-01-22'],
    [2024, '2024-02-10'],
    [2025, '2025-01-29'],
    [2026, '2026-02-17'],
    [2027, '2027-02-06'],
  ])('%i: %s', (year, date) => {
    expect(solarDateOf(lunar(1, 1, year))).toBe(date);
    expect(lunarDateOf(date)).toEqual(lunar(1, 1, year));
  });

  test('reckoned at UTC+7: 1985 and 2007 begin a month and a day before China’s', () => {
    expect(solarDateOf(lunar(1, 1, 1985))).toBe('1985-01-21');
    expect(solarDateOf(lunar(1, 1, 2007))).toBe('2007-02-17');
  });

  test('the eve is the last day of the old year: 2025 and 2026 have no 30 Tết', () => {
    expect(lunarDateOf('2026-02-16')).toEqual(lunar(29, 12, 2025));
    expect(lunarDateOf('2025-01-28')).toEqual(lunar(29, 12, 2024));
  });
});

test.each([
  [2023, '2023-04-29'],
  [2024, '2024-04-18'],
  [2025, '2025-04-07'],
  [2026, '2026-04-26'],
  [2027, '2027-04-16'],
])('Giỗ Tổ Hùng Vương (10/3 lunar) %i: %s', (year, date) => {
  expect(solarDateOf(lunar(10, 3, year))).toBe(date);
  expect(lunarDateOf(date)).toEqual(lunar(10, 3, year));
});

describe('leap months', () => {
  test('2023 repeats the 2nd month, 2025 the 6th', () => {
    expect(solarDateOf(lunar(1, 2, 2023, true))).toBe('2023-03-22');
    expect(lunarDateOf('2023-03-22')).toEqual(lunar(1, 2, 2023, true));
    expect(solarDateOf(lunar(1, 3, 2023))).toBe('2023-04-20');
    expect(solarDateOf(lunar(1, 6, 2025, true))).toBe('2025-07-25');
    expect(lunarDateOf('2025-07-25')).toEqual(lunar(1, 6, 2025, true));
  });

  test('a leap month the year does not have is no date', () => {
    expect(solarDateOf(lunar(1, 5, 2023, true))).toBeNull();
    expect(solarDateOf(lunar(1, 3, 2026, true))).toBeNull();
  });
});

test('every day of 2000–2040 converts there and back', () => {
  const start = Date.UTC(2000, 0, 1);
  for (let day = 0; day < 41 * 366; day += 1) {
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
    expect(solarDateOf(lunarDateOf(date))).toBe(date);
  }
});

describe("Vietnam's public holidays", () => {
  const datesOf = (year: number) =>
    Object.fromEntries(vietnamHolidays(year).map(({ holiday, dates }) => [holiday, dates]));

  test('2026: Tết from the eve (16/02) for five days, Giỗ Tổ on 26/04, 2/9 with 3/9', () => {
    expect(datesOf(2026)).toEqual({
      new_year: ['2026-01-01'],
      lunar_new_year: ['2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19', '2026-02-20'],
      hung_kings: ['2026-04-26'],
      reunification_day: ['2026-04-30'],
      labour_day: ['2026-05-01'],
      national_day: ['2026-09-02', '2026-09-03'],
    });
    expect(vietnamHolidays(2026).map((h) => h.holiday)).toEqual([
      'new_year',
      'lunar_new_year',
      'hung_kings',
      'reunification_day',
      'labour_day',
      'national_day',
    ]);
  });

  test('2027: Tết on 06/02, Giỗ Tổ on 16/04; 2025: 2/9 on a Tuesday takes Monday 1/9', () => {
    expect(datesOf(2027).lunar_new_year).toEqual([
      '2027-02-05',
      '2027-02-06',
      '2027-02-07',
      '2027-02-08',
      '2027-02-09',
    ]);
    expect(datesOf(2027).hung_kings).toEqual(['2027-04-16']);
    expect(datesOf(2025).national_day).toEqual(['2025-09-01', '2025-09-02']);
    expect(datesOf(2022).national_day).toEqual(['2022-09-01', '2022-09-02']);
    expect(datesOf(2024).national_day).toEqual(['2024-09-02', '2024-09-03']);
    expect(datesOf(2023).national_day).toEqual(['2023-09-01', '2023-09-02']);
    expect(datesOf(2021).national_day).toEqual(['2021-09-02', '2021-09-03']);
  });
});
