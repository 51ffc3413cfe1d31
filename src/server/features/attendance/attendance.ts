// Who came to a lesson, from the provider's joins and leaves (recorded by
// meetings/provider-events.ts): each student's stays are merged (a reconnection's overlap counts
// once) and clipped to the lesson's scheduled time; the status follows the center's rule (present from 50 % of the lesson,
// late after 10 minutes, both configurable), and a teacher's correction, kept apart, wins.
import type { Kysely } from 'kysely';
import type { AttendanceEntryDto, AttendanceStatusDto } from '#common/attendance.ts';
import type { Database } from '#server/db/schema.ts';

export interface AttendanceRules {
  presentPercent: number;
  lateMs: number;
}

export interface LessonTimes {
  schedule_id: string;
  start_time: string;
  end_time: string;
  status: string;
  /** When a completed lesson ended (its last change). */
  updated_at: string;
}

interface Stay {
  joined_at: string;
  left_at: string | null;
}

const time = (value: string | Date) => new Date(value).getTime();
const begun = (lesson: LessonTimes) => lesson.status === 'active' || lesson.status === 'completed';

/** First join, last leave, minutes inside the lesson's time, and the status the provider's data gives. */
export function summarizeStays(
  stays: readonly Stay[],
  lesson: LessonTimes,
  now: Date,
  rules: AttendanceRules,
) {
  const start = time(lesson.start_time);
  const end = time(lesson.end_time);
  // A stay still open ends now while the lesson runs, or when the lesson was completed.
  const openUntil = lesson.status === 'active' ? now.getTime() : time(lesson.updated_at);
  const intervals = stays
    .map((stay) => {
      const joined = time(stay.joined_at);
      const left = stay.left_at ? time(stay.left_at) : Math.max(openUntil, joined);
      return [Math.max(joined, start), Math.min(left, end)] as const;
    })
    .filter(([from, to]) => to > from)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let current: [number, number] | undefined;
  for (const [from, to] of intervals) {
    if (current && from <= current[1]) {
      current[1] = Math.max(current[1], to);
    } else {
      if (current) total += current[1] - current[0];
      current = [from, to];
    }
  }
  if (current) total += current[1] - current[0];
  const minutes = Math.round(total / 60_000);
  const firstJoin = stays.length ? Math.min(...stays.map((s) => time(s.joined_at))) : null;
  const leaves = stays.map((s) => (s.left_at ? time(s.left_at) : null));
  const lastLeave =
    leaves.length && leaves.every((l) => l !== null) ? Math.max(...(leaves as number[])) : null;

  let reported: AttendanceStatusDto | null = null;
  if (begun(lesson)) {
    // A running lesson is judged on the part that has passed.
    const judgedMs = Math.max(
      0,
      Math.min(lesson.status === 'active' ? now.getTime() : end, end) - start,
    );
    if (firstJoin === null || total * 100 < rules.presentPercent * judgedMs) reported = 'absent';
    else if (firstJoin > start + rules.lateMs) reported = 'late';
    else reported = 'present';
  }
  return {
    first_join: firstJoin === null ? null : new Date(firstJoin).toISOString(),
    last_leave: lastLeave === null ? null : new Date(lastLeave).toISOString(),
    minutes,
    reported_status: reported,
  };
}

/**
 * Every enrolled student of the class in each of the lessons: the provider's data summarised and the
 * corrections applied. Keyed by lesson, in the students' name order.
 */
export async function attendanceOf(
  db: Kysely<Database>,
  classId: string,
  lessons: readonly LessonTimes[],
  now: Date,
  rules: AttendanceRules,
): Promise<{
  students: { student_id: string; full_name: string }[];
  byLesson: Map<string, AttendanceEntryDto[]>;
}> {
  const ids = lessons.map((lesson) => lesson.schedule_id);
  const [students, stays, corrections] = await Promise.all([
    db
      .selectFrom('class_students as cs')
      .innerJoin('users as u', 'u.user_id', 'cs.student_id')
      .select(['u.user_id', 'u.full_name'])
      .where('cs.class_id', '=', classId)
      .where('u.is_active', '=', true)
      .orderBy('u.full_name')
      .orderBy('u.user_id')
      .execute(),
    ids.length
      ? db
          .selectFrom('attendance')
          .select(['schedule_id', 'student_id', 'joined_at', 'left_at'])
          .where('schedule_id', 'in', ids)
          .execute()
      : Promise.resolve([]),
    ids.length
      ? db
          .selectFrom('attendance_corrections as ac')
          .leftJoin('users as by', 'by.user_id', 'ac.corrected_by')
          .select(['ac.schedule_id', 'ac.student_id', 'ac.status', 'by.full_name as corrected_by'])
          .where('ac.schedule_id', 'in', ids)
          .execute()
      : Promise.resolve([]),
  ]);
  const staysOf = new Map<string, Stay[]>();
  for (const stay of stays) {
    const key = `${stay.schedule_id}|${stay.student_id}`;
    staysOf.set(key, [...(staysOf.get(key) ?? []), stay]);
  }
  const correctionOf = new Map(corrections.map((c) => [`${c.schedule_id}|${c.student_id}`, c]));
  const result = new Map<string, AttendanceEntryDto[]>();
  for (const lesson of lessons) {
    result.set(
      lesson.schedule_id,
      students.map((student) => {
        const key = `${lesson.schedule_id}|${student.user_id}`;
        const summary = summarizeStays(staysOf.get(key) ?? [], lesson, now, rules);
        const correction = correctionOf.get(key);
        return {
          student_id: student.user_id,
          full_name: student.full_name,
          ...summary,
          status: correction ? correction.status : summary.reported_status,
          corrected: Boolean(correction),
          corrected_by: correction?.corrected_by ?? null,
        };
      }),
    );
  }
  return {
    students: students.map((s) => ({ student_id: s.user_id, full_name: s.full_name })),
    byLesson: result,
  };
}

/** Present or late over the lessons that have begun; null when none has. */
export function attendanceRate(statuses: readonly (AttendanceStatusDto | null)[]): number | null {
  const counted = statuses.filter((s) => s !== null);
  if (counted.length === 0) return null;
  return counted.filter((s) => s !== 'absent').length / counted.length;
}
