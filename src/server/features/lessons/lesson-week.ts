// The Schedules page's week grid (product.md, Deviations): every lesson of one week, Monday to
// Sunday in the center's zone, in time order, with the same filters and counts as the list.
import type { LessonStatus } from '#common/constants.ts';
import {
  type LessonFilters,
  type LessonWeekDto,
  WEEK_LESSON_LIMIT,
} from '#common/lesson-filters.ts';
import type { AppContext } from '#server/context.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { addDays, isoWeekday, localDate } from '#server/lib/center-time.ts';
import { filteredLessons, lessonScopeOf } from './lesson-filters.ts';
import type { createLessonCounts } from './lesson-list.ts';
import { LESSON_WITH_CLASS_COLUMNS, toLessonDto } from './queries.ts';

/** The Monday of a date's week (weeks start on Monday in Vietnam). */
export const mondayOf = (date: string) => addDays(date, 1 - isoWeekday(date));

export function createLessonWeek(
  ctx: AppContext,
  lessonCounts: ReturnType<typeof createLessonCounts>,
) {
  const { db } = ctx.database;
  const zone = ctx.config.centerTimezone;
  return async (
    viewer: SessionUser,
    /** Any day of the week; today (in the center's zone) when absent. */
    date: string | undefined,
    status: LessonStatus | undefined,
    filters: Omit<LessonFilters, 'from' | 'to'>,
  ): Promise<LessonWeekDto> => {
    const from = mondayOf(date ?? localDate(ctx.clock.now(), zone));
    const to = addDays(from, 6);
    const scope = lessonScopeOf({ ...filters, from, to }, zone);
    let lessons = filteredLessons(db, viewer, scope);
    if (status) lessons = lessons.where('s.status', '=', status);
    const [rows, counts] = await Promise.all([
      lessons
        .leftJoin('users as t', 't.user_id', 'c.teacher_id')
        .leftJoin('users as sub', 'sub.user_id', 's.substitute_teacher_id')
        .leftJoin('lesson_meetings as m', 'm.schedule_id', 's.schedule_id')
        .leftJoin('rooms as r', 'r.room_id', 's.room_id')
        .leftJoin('users as cb', 'cb.user_id', 's.cancelled_by')
        .select(LESSON_WITH_CLASS_COLUMNS)
        .orderBy('s.start_time')
        .orderBy('s.schedule_id')
        // One more than shown: whether some were left out, without counting them.
        .limit(WEEK_LESSON_LIMIT + 1)
        .execute(),
      lessonCounts(viewer, scope),
    ]);
    return {
      from,
      to,
      items: rows.slice(0, WEEK_LESSON_LIMIT).map((row) => toLessonDto(row, viewer)),
      more: rows.length > WEEK_LESSON_LIMIT,
      counts,
    };
  };
}
