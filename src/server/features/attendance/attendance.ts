// Who came to a lesson, from the provider's joins and leaves (recorded by
// meetings/provider-events.ts): each student's stays are merged (a reconnection's overlap counts
// once) and clipped to the time the lesson ran (its start to its end time, or to when it really
// ended if that was earlier); the status follows the center's rule (present from 50 % of that
// time, late after 10 minutes, both configurable), and a mark by hand, kept apart, wins
// (docs/decisions/021). Only the students of the class at the time of a lesson count for it
// (membership.ts).
import type { Kysely } from 'kysely';
import type {
  AttendanceEntryDto,
  AttendanceStatusDto,
  REPORTED_STATUSES,
} from '#common/attendance.ts';
import type { Database } from '#server/db/schema.ts';
import { enrolmentPeriods, leftAt, periodCovers } from './membership.ts';

export interface AttendanceRules {
  presentPercent: number;
  lateMs: number;
}

export interface LessonTimes {
  schedule_id: string;
  start_time: string;
  end_time: string;
  status: string;
  /** A completed lesson's last change (its end, when its meeting's end is not known). */
  updated_at: string;
  /** When its meeting was ended (by the teacher, the provider or the expiry job), if it was. */
  ended_at: string | null;
  /**
   * Whether it was held on a provider that reports who joins and leaves: a lesson never started,
   * or held in a room, reports nothing (no one is absent by default), only its marks by hand count.
   */
  reports: boolean;
}

type ReportedStatus = (typeof REPORTED_STATUSES)[number];

interface Stay {
  joined_at: string;
  left_at: string | null;
}

const time = (value: string | Date) => new Date(value).getTime();
const begun = (lesson: LessonTimes) => lesson.status === 'active' || lesson.status === 'completed';
const reported = (lesson: LessonTimes) => lesson.reports && begun(lesson);
/** When a completed lesson really ended. */
const endedAt = (lesson: LessonTimes) => time(lesson.ended_at ?? lesson.updated_at);

/**
 * The end of the time a lesson is judged on: its end time, or when it was ended if that was
 * earlier (a teacher who ends 25 minutes early does not make the class absent).
 */
export function lessonEnd(lesson: LessonTimes): number {
  const end = time(lesson.end_time);
  return lesson.status === 'completed' ? Math.min(end, endedAt(lesson)) : end;
}

/** First join, last leave, minutes inside the lesson's time, and the status the provider's data gives. */
export function summarizeStays(
  stays: readonly Stay[],
  lesson: LessonTimes,
  now: Date,
  rules: AttendanceRules,
) {
  const start = time(lesson.start_time);
  const end = lessonEnd(lesson);
  // A stay still open ends now while the lesson runs, or when the lesson was completed.
  const openUntil = lesson.status === 'active' ? now.getTime() : endedAt(lesson);
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

  let report: ReportedStatus | null = null;
  if (reported(lesson)) {
    // A running lesson is judged on the part that has passed.
    const judgedMs = Math.max(
      0,
      Math.min(lesson.status === 'active' ? now.getTime() : end, end) - start,
    );
    if (firstJoin === null || total * 100 < rules.presentPercent * judgedMs) report = 'absent';
    else if (firstJoin > start + rules.lateMs) report = 'late';
    else report = 'present';
  }
  return {
    first_join: firstJoin === null ? null : new Date(firstJoin).toISOString(),
    last_leave: lastLeave === null ? null : new Date(lastLeave).toISOString(),
    minutes,
    reported_status: report,
  };
}

export interface AttendanceRow {
  student_id: string;
  full_name: string;
  /** When the student left the class; null while they are in it. */
  left_at: string | null;
  /** One per lesson, in the lessons' order: null when the student was not in the class for it. */
  entries: (AttendanceEntryDto | null)[];
}

/**
 * The class's students in each of the lessons: the provider's data summarised and the marks by
 * hand applied, for the lessons each was in the class for. The students in the class now come first,
 * then those who left and were in it for one of the lessons, each group in name order. `studentId`
 * keeps one student only.
 */
export async function attendanceOf(
  db: Kysely<Database>,
  classId: string,
  lessons: readonly LessonTimes[],
  now: Date,
  rules: AttendanceRules,
  studentId?: string,
): Promise<AttendanceRow[]> {
  const ids = lessons.map((lesson) => lesson.schedule_id);
  const [periods, stays, marks] = await Promise.all([
    enrolmentPeriods(db, { classId }),
    ids.length
      ? db
          .selectFrom('attendance')
          .select(['schedule_id', 'student_id', 'joined_at', 'left_at'])
          .where('schedule_id', 'in', ids)
          .$if(studentId !== undefined, (q) => q.where('student_id', '=', studentId as string))
          .execute()
      : Promise.resolve([]),
    ids.length
      ? db
          .selectFrom('attendance_marks as am')
          .leftJoin('users as by', 'by.user_id', 'am.marked_by')
          .select(['am.schedule_id', 'am.student_id', 'am.status', 'by.full_name as marked_by'])
          .where('am.schedule_id', 'in', ids)
          .$if(studentId !== undefined, (q) => q.where('am.student_id', '=', studentId as string))
          .execute()
      : Promise.resolve([]),
  ]);
  const staysOf = new Map<string, Stay[]>();
  for (const stay of stays) {
    const key = `${stay.schedule_id}|${stay.student_id}`;
    staysOf.set(key, [...(staysOf.get(key) ?? []), stay]);
  }
  const markOf = new Map(marks.map((m) => [`${m.schedule_id}|${m.student_id}`, m]));
  const periodsOf = new Map<string, typeof periods>();
  for (const period of periods) {
    if (studentId && period.student_id !== studentId) continue;
    periodsOf.set(period.student_id, [...(periodsOf.get(period.student_id) ?? []), period]);
  }
  const spans = lessons.map((lesson) => ({
    start_time: lesson.start_time,
    endsAt: lessonEnd(lesson),
  }));
  const rows: AttendanceRow[] = [];
  for (const [id, own] of periodsOf) {
    const left_at = leftAt(own);
    const full_name = own[0]!.full_name;
    const entries = lessons.map((lesson, index) => {
      if (!own.some((period) => periodCovers(period, spans[index]!))) return null;
      const key = `${lesson.schedule_id}|${id}`;
      const summary = summarizeStays(staysOf.get(key) ?? [], lesson, now, rules);
      const mark = markOf.get(key);
      return {
        student_id: id,
        full_name,
        left_at,
        ...summary,
        status: mark ? mark.status : summary.reported_status,
        by_hand: Boolean(mark),
        marked_by: mark?.marked_by ?? null,
      };
    });
    // One who left shows where they were in the class for a lesson.
    if (left_at === null || entries.some((entry) => entry !== null)) {
      rows.push({ student_id: id, full_name, left_at, entries });
    }
  }
  const order = (a: AttendanceRow, b: AttendanceRow) =>
    Number(a.left_at !== null) - Number(b.left_at !== null) ||
    a.full_name.localeCompare(b.full_name, 'vi') ||
    a.student_id.localeCompare(b.student_id);
  return rows.sort(order);
}

/**
 * The make-up visitors of one lesson (students of other classes booked into it), each with what
 * the provider reported and their mark, as the class's students are; after them in name order.
 */
export async function visitorEntries(
  db: Kysely<Database>,
  lesson: LessonTimes,
  visitors: readonly { student_id: string; full_name: string }[],
  now: Date,
  rules: AttendanceRules,
): Promise<AttendanceEntryDto[]> {
  if (visitors.length === 0) return [];
  const ids = visitors.map((visitor) => visitor.student_id);
  const [stays, marks] = await Promise.all([
    db
      .selectFrom('attendance')
      .select(['student_id', 'joined_at', 'left_at'])
      .where('schedule_id', '=', lesson.schedule_id)
      .where('student_id', 'in', ids)
      .execute(),
    db
      .selectFrom('attendance_marks as am')
      .leftJoin('users as by', 'by.user_id', 'am.marked_by')
      .select(['am.student_id', 'am.status', 'by.full_name as marked_by'])
      .where('am.schedule_id', '=', lesson.schedule_id)
      .where('am.student_id', 'in', ids)
      .execute(),
  ]);
  return [...visitors]
    .sort((a, b) => a.full_name.localeCompare(b.full_name, 'vi'))
    .map((visitor) => {
      const own = stays.filter((stay) => stay.student_id === visitor.student_id);
      const summary = summarizeStays(own, lesson, now, rules);
      const mark = marks.find((m) => m.student_id === visitor.student_id);
      return {
        student_id: visitor.student_id,
        full_name: visitor.full_name,
        left_at: null,
        ...summary,
        status: mark ? mark.status : summary.reported_status,
        by_hand: Boolean(mark),
        marked_by: mark?.marked_by ?? null,
        visitor: true,
      };
    });
}

/**
 * Present or late over the lessons with a status; an excused absence counts in neither part (it
 * neither lowers nor raises the rate: product.md, Deviations). Null when nothing counts.
 */
export function attendanceRate(statuses: readonly (AttendanceStatusDto | null)[]): number | null {
  const counted = statuses.filter((s) => s !== null && s !== 'excused');
  if (counted.length === 0) return null;
  return counted.filter((s) => s !== 'absent').length / counted.length;
}
