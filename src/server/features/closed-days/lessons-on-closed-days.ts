// The lessons still planned on closed days: what adding a day tells its author, and what the
// page lists until each is cancelled or moved. Pending lessons only: a running or held lesson is
// past changing, and a cancelled one (once lessons can be cancelled) is no longer 'pending'.
import type { Kysely } from 'kysely';
import type { LessonDto } from '#common/lessons.ts';
import type { Database } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { lessonsWithClass, toLessonDto } from '#server/features/lessons/index.ts';
import { addDays, localDate, startOfLocalDate } from '#server/lib/center-time.ts';

/** Days per query: each is a range of the start-time index, OR-ed together. */
const DAYS_PER_QUERY = 50;

/** The pending lessons starting on any of these dates (center's zone), in time order. */
export async function lessonsOnDates(
  db: Kysely<Database>,
  viewer: SessionUser,
  dates: readonly string[],
  timeZone: string,
): Promise<LessonDto[]> {
  const wanted = new Set(dates);
  const sorted = [...wanted].sort();
  const lessons: LessonDto[] = [];
  for (let index = 0; index < sorted.length; index += DAYS_PER_QUERY) {
    const chunk = sorted.slice(index, index + DAYS_PER_QUERY);
    const rows = await lessonsWithClass(db, viewer)
      .where('s.status', '=', 'pending')
      .where((eb) =>
        eb.or(
          chunk.map((date) =>
            eb.and([
              eb('s.start_time', '>=', startOfLocalDate(date, timeZone).toISOString()),
              eb('s.start_time', '<', startOfLocalDate(addDays(date, 1), timeZone).toISOString()),
            ]),
          ),
        ),
      )
      .orderBy('s.start_time')
      .orderBy('s.schedule_id')
      .execute();
    for (const row of rows) {
      // The ranges are exact; the check keeps a zone change inside a day from adding a neighbour.
      if (wanted.has(localDate(new Date(row.start_time), timeZone))) {
        lessons.push(toLessonDto(row, viewer));
      }
    }
  }
  return lessons;
}
