// Reading the calendar of closed days: the days of a span, as rows or as a date → name map.
import type { Kysely } from 'kysely';
import type { ClosedDayDto } from '#common/closed-days.ts';
import type { Database } from '#server/db/schema.ts';

/** The closed days from `from` to `to` (both included, YYYY-MM-DD), in date order. */
export async function listClosedDays(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<ClosedDayDto[]> {
  const rows = await db
    .selectFrom('closed_days')
    .select(['closed_date', 'name'])
    .where('closed_date', '>=', from)
    .where('closed_date', '<=', to)
    .orderBy('closed_date')
    .execute();
  return rows.map((row) => ({ date: row.closed_date, name: row.name }));
}

/** The closed days of a span as date → name, for planning lessons around them. */
export async function closedDaysBetween(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<Map<string, string>> {
  const days = await listClosedDays(db, from, to);
  return new Map(days.map((day) => [day.date, day.name]));
}

/** The closed day of one date, if it is one. */
export async function findClosedDay(
  db: Kysely<Database>,
  date: string,
): Promise<ClosedDayDto | undefined> {
  const row = await db
    .selectFrom('closed_days')
    .select(['closed_date', 'name'])
    .where('closed_date', '=', date)
    .executeTakeFirst();
  return row && { date: row.closed_date, name: row.name };
}

/** dd/mm/yyyy: how a refusal names a date for its reader. */
export const shownDate = (date: string) => date.split('-').reverse().join('/');
