// The Schedules page's filters (product.md, Deviations): by class, teacher, room and dates, beside the
// status tabs and the search. One set of parameters for the list (GET /api/schedules) and the
// week grid (GET /api/schedules/week), so both show the same lessons and the same counts.
// Another filter is one more field here and one more line in filteredLessons.
import { z } from 'zod';
import { LESSON_STATUSES } from './constants.ts';
import { isRealDate } from './fields.ts';
import { lessonCountsSchema, lessonSchema } from './lessons.ts';
import { codes } from './messages.ts';
import { searchQuery } from './search.ts';

export { WEEK_LESSON_LIMIT } from './lesson-rules.ts';

/** A calendar date in the center's zone, YYYY-MM-DD, that exists. */
export const dateQuery = z.string().refine(isRealDate, codes.VALIDATION).optional();

/** An id chosen in a picker (a UUID); anything else is refused before it reaches SQL. */
const idQuery = z.uuid({ error: codes.VALIDATION }).optional();

/** What narrows the lessons, whatever the view: each absent one narrows nothing. */
export const lessonFilterShape = {
  status: z.enum(LESSON_STATUSES).optional(),
  class_id: idQuery,
  teacher_id: idQuery,
  /** Lessons held in this room (docs/decisions/019). */
  room_id: idQuery,
  /** The first day, inclusive: lessons starting on or after its midnight in the center's zone. */
  from: dateQuery,
  /** The last day, inclusive: lessons starting before the next day's midnight. */
  to: dateQuery,
  q: searchQuery,
};

const filterObject = z.object(lessonFilterShape);
export type LessonFilters = Partial<Omit<z.output<typeof filterObject>, 'status'>>;

/** A range whose end comes before its start is a mistake, not an empty list. */
export function checkDateRange(value: { from?: string | undefined; to?: string | undefined }) {
  return !(value.from && value.to && value.to < value.from);
}
export const dateRangeRefinement = {
  message: codes.DATE_TO_BEFORE_FROM,
  path: ['to'],
};

/** The week grid: Monday to Sunday around `date`, every lesson of it in time order. */
export const lessonWeekSchema = z.object({
  /** Monday, YYYY-MM-DD in the center's zone. */
  from: z.string(),
  /** Sunday. */
  to: z.string(),
  items: z.array(lessonSchema),
  /** Lessons past WEEK_LESSON_LIMIT were left out (a filter narrows them). */
  more: z.boolean(),
  counts: lessonCountsSchema,
});
export type LessonWeekDto = z.infer<typeof lessonWeekSchema>;
