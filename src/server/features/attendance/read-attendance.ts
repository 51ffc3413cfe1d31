// The attendance views: one lesson's, a class's grid (students × lessons), and a student's own
// across their active classes. Who may see which is checked by the callers' lookups.
import type {
  ClassAttendanceDto,
  LessonAttendanceDto,
  MyAttendanceDto,
} from '#common/attendance.ts';
import type { AppContext } from '#server/context.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { findVisibleLesson } from '#server/features/lessons/queries.ts';
import { attendanceOf, attendanceRate } from './attendance.ts';

const LESSON_COLUMNS = [
  'schedule_id',
  'topic',
  'start_time',
  'end_time',
  'status',
  'updated_at',
] as const;

/** The class's lessons in time order, with what attendance needs. */
const lessonsOfClass = (ctx: AppContext, classId: string) =>
  ctx.database.db
    .selectFrom('schedules')
    .select(LESSON_COLUMNS)
    .where('class_id', '=', classId)
    .orderBy('start_time')
    .orderBy('schedule_id')
    .execute();

export async function lessonAttendance(
  ctx: AppContext,
  viewer: SessionUser,
  scheduleId: string,
): Promise<LessonAttendanceDto> {
  const rules = ctx.config.attendance;
  const lesson = await findVisibleLesson(ctx.database.db, viewer, scheduleId);
  const { byLesson } = await attendanceOf(
    ctx.database.db,
    lesson.class_id,
    [lesson],
    ctx.clock.now(),
    rules,
  );
  return {
    schedule_id: lesson.schedule_id,
    topic: lesson.topic,
    start_time: new Date(lesson.start_time).toISOString(),
    end_time: new Date(lesson.end_time).toISOString(),
    lesson_status: lesson.status,
    present_percent: rules.presentPercent,
    late_minutes: rules.lateMs / 60_000,
    students: byLesson.get(lesson.schedule_id) ?? [],
  };
}

/** A class's students × lessons with each student's rate (the class is checked by the caller). */
export async function classAttendance(
  ctx: AppContext,
  classId: string,
): Promise<ClassAttendanceDto> {
  const lessons = await lessonsOfClass(ctx, classId);
  const { students: enrolled, byLesson } = await attendanceOf(
    ctx.database.db,
    classId,
    lessons,
    ctx.clock.now(),
    ctx.config.attendance,
  );
  const students = enrolled.map((student, index) => {
    const statuses = lessons.map(
      (lesson) => byLesson.get(lesson.schedule_id)?.[index]?.status ?? null,
    );
    return {
      student_id: student.student_id,
      full_name: student.full_name,
      statuses,
      rate: attendanceRate(statuses),
    };
  });
  return {
    lessons: lessons.map((l) => ({
      schedule_id: l.schedule_id,
      topic: l.topic,
      start_time: new Date(l.start_time).toISOString(),
    })),
    students,
  };
}

/** The student's own attendance in each of their active classes. */
export async function myAttendance(ctx: AppContext, viewer: SessionUser): Promise<MyAttendanceDto> {
  const { db } = ctx.database;
  const classes = await db
    .selectFrom('class_students as cs')
    .innerJoin('classes as c', 'c.class_id', 'cs.class_id')
    .select(['c.class_id', 'c.class_name'])
    .where('cs.student_id', '=', viewer.user_id)
    .where('c.is_active', '=', true)
    .orderBy('c.class_name')
    .execute();
  const result = [];
  for (const klass of classes) {
    const lessons = await lessonsOfClass(ctx, klass.class_id);
    const { byLesson } = await attendanceOf(
      db,
      klass.class_id,
      lessons,
      ctx.clock.now(),
      ctx.config.attendance,
    );
    const mine = lessons.map((lesson) => {
      const entry = byLesson.get(lesson.schedule_id)?.find((e) => e.student_id === viewer.user_id);
      return {
        schedule_id: lesson.schedule_id,
        topic: lesson.topic,
        start_time: new Date(lesson.start_time).toISOString(),
        status: entry?.status ?? null,
        minutes: entry?.minutes ?? 0,
      };
    });
    result.push({
      class_id: klass.class_id,
      class_name: klass.class_name,
      lessons: mine,
      rate: attendanceRate(mine.map((l) => l.status)),
    });
  }
  return { classes: result };
}
