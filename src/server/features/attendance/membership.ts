// Who was a student of a class for which lesson. A student counts for a lesson when they were
// enrolled before it ended and had not left before it began: one enrolled after a lesson was held
// is not absent from it, and the lessons after one left count nothing for them (product.md,
// Deviations). Periods come from the current enrolments and the ended ones kept
// in class_enrolment_history (migration 014).
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/schema.ts';

export interface EnrolmentPeriod {
  class_id: string;
  student_id: string;
  enrolled_at: string;
  /** Null while the student is in the class. */
  left_at: string | null;
}

export interface LessonSpan {
  start_time: string;
  /** When the lesson ended: its actual end when it ended early, else its end time. */
  endsAt: number;
}

/** The enrolment periods of a class's active students (or of one student), current and ended. */
export async function enrolmentPeriods(
  db: Kysely<Database>,
  filter: { classId: string } | { studentId: string },
): Promise<(EnrolmentPeriod & { full_name: string })[]> {
  // The current enrolments (left_at null) and the ended ones, in one list.
  const enrolments = db
    .selectFrom('class_students')
    .select(['class_id', 'student_id', 'enrolled_at', sql<string | null>`null`.as('left_at')])
    .unionAll(
      db
        .selectFrom('class_enrolment_history')
        .select(['class_id', 'student_id', 'enrolled_at', 'left_at']),
    );
  return db
    .selectFrom(enrolments.as('e'))
    .innerJoin('users as u', 'u.user_id', 'e.student_id')
    .select(['e.class_id', 'e.student_id', 'e.enrolled_at', 'e.left_at', 'u.full_name'])
    .where(
      'classId' in filter ? 'e.class_id' : 'e.student_id',
      '=',
      'classId' in filter ? filter.classId : filter.studentId,
    )
    .where('u.is_active', '=', true)
    .execute();
}

/** Whether a period covers the lesson: enrolled before it ended, not left before it began. */
export function periodCovers(period: EnrolmentPeriod, lesson: LessonSpan): boolean {
  if (Date.parse(period.enrolled_at) >= lesson.endsAt) return false;
  return period.left_at === null || Date.parse(period.left_at) > Date.parse(lesson.start_time);
}

/** When the student left the class (their last period's end), or null while they are in it. */
export function leftAt(periods: readonly EnrolmentPeriod[]): string | null {
  if (periods.some((period) => period.left_at === null)) return null;
  const ends = periods.map((period) => Date.parse(period.left_at as string));
  return ends.length ? new Date(Math.max(...ends)).toISOString() : null;
}

/** Whether the student was in the lesson's class for it (a lesson not begun: enrolled now). */
export async function wasInClassFor(
  ctx: AppContext,
  lesson: { class_id: string; start_time: string; end_time: string },
  studentId: string,
): Promise<boolean> {
  const periods = await enrolmentPeriods(ctx.database.db, { classId: lesson.class_id });
  // Ended early or not, a lesson that has begun was held before its end time.
  const span = { start_time: lesson.start_time, endsAt: Date.parse(lesson.end_time) };
  return periods.some((period) => period.student_id === studentId && periodCovers(period, span));
}
