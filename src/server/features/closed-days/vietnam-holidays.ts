// Vietnam's public holidays of a year (Labour Code 2019, art. 112), the days the calendar proposes
// to close: their dates computed (the lunar ones by lunar-calendar.ts), never typed in. Each year's
// exact arrangement is the Government's decision; the proposal follows the law and recent years,
// and the person adding it may change it first (docs/decisions/022-closed-days.md).
import type { VietnamHoliday } from '#common/closed-days.ts';
import { addDays, isoWeekday } from '#server/lib/center-time.ts';
import { solarDateOf } from './lunar-calendar.ts';

export interface PublicHoliday {
  holiday: VietnamHoliday;
  /** Its days, in order. */
  dates: string[];
}

const lunarNewYear = (year: number) =>
  solarDateOf({ day: 1, month: 1, year, leap: false }) as string;

/** Every day from `first`, `count` of them. */
const daysFrom = (first: string, count: number) =>
  Array.from({ length: count }, (_, index) => addDays(first, index));

/**
 * 2/9 and the day next to it the law adds (since 2021): the one that joins the holiday to a
 * weekend, as the Government chose (2021 Thursday → 3/9, 2022 Friday → 1/9, 2023 Saturday → 1/9,
 * 2024 Monday → 3/9, 2025 Tuesday → 1/9); 3/9 for a Wednesday or a Sunday, with no precedent yet.
 */
function nationalDay(year: number): string[] {
  const second = `${year}-09-02`;
  const before = [2, 5, 6].includes(isoWeekday(second));
  return before ? [`${year}-09-01`, second] : [second, `${year}-09-03`];
}

/** The public holidays of a calendar year, in date order. */
export function vietnamHolidays(year: number): PublicHoliday[] {
  const tet = lunarNewYear(year);
  const hungKings = solarDateOf({ day: 10, month: 3, year, leap: false }) as string;
  const holidays: PublicHoliday[] = [
    { holiday: 'new_year', dates: [`${year}-01-01`] },
    // The law's five days as recent years placed them: the old year's last day and the new one's
    // first four.
    { holiday: 'lunar_new_year', dates: daysFrom(addDays(tet, -1), 5) },
    { holiday: 'hung_kings', dates: [hungKings] },
    { holiday: 'reunification_day', dates: [`${year}-04-30`] },
    { holiday: 'labour_day', dates: [`${year}-05-01`] },
    { holiday: 'national_day', dates: nationalDay(year) },
  ];
  return holidays.sort((a, b) => (a.dates[0] as string).localeCompare(b.dates[0] as string));
}
