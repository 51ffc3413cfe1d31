// The attendance views: one lesson's, a class's grid (students × lessons), and a student's across
// their classes. Who may see which is checked by the callers' lookups.
import type { Kysely } from 'kysely';
import {
  type ClassAttendanceDto,
  canMarkLesson,
  type LessonAttendanceDto,
  type StudentAttendanceDto,
} from '#common/attendance.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { actsOnLesson, findVisibleLesson } from '#server/features/lessons/index.ts';
import { makeupVisitors } from '#server/features/makeups/index.ts';
import {
  attendanceOf,
  attendanceRate,
  type LessonTimes,
  lessonEnd,
  visitorEntries,
} from './attendance.ts';
import { reportStateOf } from './report-state.ts';

/**
 * Whether a meeting on this provider reports who joins and leaves. A provider that says it can
 * tell neither (a room, a link) reports nothing; a video provider with webhooks or a participants
 * report does, and so does a meeting whose provider is no longer configured, or a lesson with no
 * meeting row, as attendance always read them.
 */
function providerReports(ctx: AppContext, provider: string | null): boolean {
  const capabilities = provider ? ctx.providers.get(provider)?.capabilities : undefined;
  return !capabilities || capabilities.webhooks || capabilities.participantsReport;
}

/** Lessons in time order with what attendance needs (when its meeting was ended included). */
const lessonTimes = (db: Kysely<Database>) =>
  db
    .selectFrom('schedules as s')
    .leftJoin('lesson_meetings as m', 'm.schedule_id', 's.schedule_id')
    .select([
      's.schedule_id',
      's.class_id',
      's.topic',
      's.start_time',
      's.end_time',
      's.status',
      's.updated_at',
      'm.ended_at',
      'm.provider',
    ])
    .orderBy('s.start_time')
    .orderBy('s.schedule_id');

type LessonRow = Awaited<ReturnType<ReturnType<typeof lessonTimes>['executeTakeFirstOrThrow']>>;
const withReports = (ctx: AppContext, row: LessonRow) => ({
  ...row,
  reports: providerReports(ctx, row.provider),
});

/** A class's lessons that count: a cancelled one is in no grid, rate or export. */
const lessonsOfClass = async (ctx: AppContext, classId: string) =>
  (
    await lessonTimes(ctx.database.db)
      .where('s.class_id', '=', classId)
      .where('s.status', '!=', 'cancelled')
      .execute()
  ).map((row) => withReports(ctx, row));

/**
 * One lesson's students (those in the class for it, then its make-up visitors), read through `db`
 * (a transaction's).
 */
export async function lessonRows(ctx: AppContext, db: Kysely<Database>, scheduleId: string) {
  const lesson = withReports(
    ctx,
    await lessonTimes(db).where('s.schedule_id', '=', scheduleId).executeTakeFirstOrThrow(),
  );
  const rows = await attendanceOf(
    db,
    lesson.class_id,
    [lesson],
    ctx.clock.now(),
    ctx.config.attendance,
  );
  const members = rows.flatMap((row) => (row.entries[0] ? [row.entries[0]] : []));
  const visitors = await visitorEntries(
    db,
    lesson,
    (await makeupVisitors(db, [lesson.schedule_id])).filter(
      (visitor) => !members.some((member) => member.student_id === visitor.student_id),
    ),
    ctx.clock.now(),
    ctx.config.attendance,
  );
  return { lesson, students: [...members, ...visitors] };
}

const iso = (value: string | number) => new Date(value).toISOString();

/** When the lesson was ended, if that was before its end time. */
const endedEarlyAt = (lesson: LessonTimes) => {
  const end = lessonEnd(lesson);
  return end < Date.parse(lesson.end_time) ? iso(end) : null;
};

export async function lessonAttendance(
  ctx: AppContext,
  viewer: SessionUser,
  scheduleId: string,
): Promise<LessonAttendanceDto> {
  const rules = ctx.config.attendance;
  const visible = await findVisibleLesson(ctx.database.db, viewer, scheduleId);
  const { lesson, students } = await lessonRows(ctx, ctx.database.db, visible.schedule_id);
  return {
    schedule_id: lesson.schedule_id,
    topic: lesson.topic,
    start_time: iso(lesson.start_time),
    end_time: iso(lesson.end_time),
    lesson_status: lesson.status,
    // The class's own teacher does not mark a lesson a substitute covers (docs/decisions/031).
    markable:
      actsOnLesson(viewer, visible) &&
      canMarkLesson(
        { status: lesson.status, start_time: iso(lesson.start_time) },
        ctx.clock.now().getTime(),
      ),
    ended_early_at: endedEarlyAt(lesson),
    present_percent: rules.presentPercent,
    late_minutes: rules.lateMs / 60_000,
    students,
    provider_report: await reportStateOf(ctx, lesson),
  };
}

/** A class's students × lessons with each student's rate (the class is checked by the caller). */
export async function classAttendance(
  ctx: AppContext,
  classId: string,
): Promise<ClassAttendanceDto> {
  const lessons = await lessonsOfClass(ctx, classId);
  const rows = await attendanceOf(
    ctx.database.db,
    classId,
    lessons,
    ctx.clock.now(),
    ctx.config.attendance,
  );
  const students = rows.map((row) => {
    const statuses = row.entries.map((entry) => entry?.status ?? null);
    return {
      student_id: row.student_id,
      full_name: row.full_name,
      left_at: row.left_at,
      statuses,
      enrolled: row.entries.map((entry) => entry !== null),
      rate: attendanceRate(statuses),
    };
  });
  return {
    lessons: lessons.map((l) => ({
      schedule_id: l.schedule_id,
      topic: l.topic,
      start_time: iso(l.start_time),
    })),
    students,
  };
}

/**
 * A student's attendance in each active class they are in or have left, over the lessons they
 * were in the class for; the overall rate over all of them.
 */
export async function studentAttendance(
  ctx: AppContext,
  studentId: string,
): Promise<StudentAttendanceDto> {
  const { db } = ctx.database;
  const [current, ended] = await Promise.all([
    db
      .selectFrom('class_students as e')
      .innerJoin('classes as c', 'c.class_id', 'e.class_id')
      .select(['c.class_id', 'c.class_name'])
      .where('e.student_id', '=', studentId)
      .where('c.is_active', '=', true)
      .execute(),
    db
      .selectFrom('class_enrolment_history as e')
      .innerJoin('classes as c', 'c.class_id', 'e.class_id')
      .select(['c.class_id', 'c.class_name'])
      .where('e.student_id', '=', studentId)
      .where('c.is_active', '=', true)
      .execute(),
  ]);
  const classes = new Map([...ended, ...current].map((c) => [c.class_id, c]));
  const result: StudentAttendanceDto['classes'] = [];
  const all: StudentAttendanceDto['classes'][number]['lessons'] = [];
  for (const klass of [...classes.values()].sort((a, b) =>
    a.class_name.localeCompare(b.class_name, 'vi'),
  )) {
    const lessons = await lessonsOfClass(ctx, klass.class_id);
    const [row] = await attendanceOf(
      db,
      klass.class_id,
      lessons,
      ctx.clock.now(),
      ctx.config.attendance,
      studentId,
    );
    if (!row) continue;
    const mine = lessons.flatMap((lesson, index) => {
      const entry = row.entries[index];
      if (!entry) return [];
      return [
        {
          schedule_id: lesson.schedule_id,
          topic: lesson.topic,
          start_time: iso(lesson.start_time),
          status: entry.status,
          minutes: entry.minutes,
          by_hand: entry.by_hand,
        },
      ];
    });
    all.push(...mine);
    result.push({
      class_id: klass.class_id,
      class_name: klass.class_name,
      left_at: row.left_at,
      lessons: mine,
      rate: attendanceRate(mine.map((l) => l.status)),
    });
  }
  return { classes: result, rate: attendanceRate(all.map((l) => l.status)) };
}

/** The signed-in user's own (a student's; nothing for the other roles). */
export const myAttendance = (ctx: AppContext, viewer: SessionUser) =>
  studentAttendance(ctx, viewer.user_id);

/**
 * One lesson's students, by id and name: those in the class for it, then its make-up visitors
 * (lesson reports' notes are for these; docs/decisions/037).
 */
export async function lessonStudents(
  ctx: AppContext,
  scheduleId: string,
): Promise<{ student_id: string; full_name: string }[]> {
  const { students } = await lessonRows(ctx, ctx.database.db, scheduleId);
  return students.map((student) => ({
    student_id: student.student_id,
    full_name: student.full_name,
  }));
}
