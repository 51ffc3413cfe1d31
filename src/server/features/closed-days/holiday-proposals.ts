// The public holidays proposed for this year and the next (the center's "today" decides the year):
// the days not yet closed and not yet past, as runs of consecutive dates. What is already on the
// calendar (under any name) is not proposed again, so accepting a proposal never hits a duplicate.
import type { Kysely } from 'kysely';
import type { HolidayProposalDto } from '#common/closed-days.ts';
import type { Database } from '#server/db/schema.ts';
import { addDays, localDate } from '#server/lib/center-time.ts';
import { closedDaysBetween } from './queries.ts';
import { vietnamHolidays } from './vietnam-holidays.ts';

export async function holidayProposals(
  db: Kysely<Database>,
  now: Date,
  timeZone: string,
): Promise<HolidayProposalDto[]> {
  const today = localDate(now, timeZone);
  const year = Number(today.slice(0, 4));
  const closed = await closedDaysBetween(db, `${year}-01-01`, `${year + 1}-12-31`);
  const proposals: HolidayProposalDto[] = [];
  // A date two holidays share (Giỗ Tổ on 30/4) is proposed once.
  const proposed = new Set<string>();
  for (const holidayYear of [year, year + 1]) {
    for (const { holiday, dates } of vietnamHolidays(holidayYear)) {
      const open = dates.filter(
        (date) => date >= today && !closed.has(date) && !proposed.has(date),
      );
      for (const date of open) proposed.add(date);
      for (const run of consecutiveRuns(open)) {
        proposals.push({ holiday, year: holidayYear, from_date: run[0], to_date: run[1] });
      }
    }
  }
  return proposals;
}

/** Sorted dates as [first, last] runs of consecutive days. */
function consecutiveRuns(dates: string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const date of dates) {
    const current = runs.at(-1);
    if (current && addDays(current[1], 1) === date) current[1] = date;
    else runs.push([date, date]);
  }
  return runs;
}
