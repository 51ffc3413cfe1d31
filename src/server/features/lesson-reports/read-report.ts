// Reading lesson reports (docs/decisions/037-lesson-reports.md). Who sees a lesson's report is who
// sees the lesson (lessons/queries.ts visibleLessons: a student their classes' and make-up
// lessons, a parent their children's classes', a teacher their own and covered lessons, admin and
// staff all); whose notes they see is narrowed here: a student their own, a parent their
// children's, whoever writes reports every student's.
import type { Kysely } from 'kysely';
import {
  isHeldLesson,
  type LessonReportBodyDto,
  type LessonReportDto,
  type ReportStudentDto,
} from '#common/lesson-reports.ts';
import { hasPermission } from '#common/permissions.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/schema.ts';
import { lessonStudents } from '#server/features/attendance/index.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { actsOnLesson, findVisibleLesson } from '#server/features/lessons/index.ts';
import { childrenOfParent } from '#server/lib/family.ts';

type Viewer = Pick<SessionUser, 'user_id' | 'role'>;

const iso = (value: string) => new Date(value).toISOString();

/** Whether the viewer reads every note of a lesson they see (who writes reports). */
export const seesAllNotes = (viewer: Viewer) => hasPermission(viewer.role, 'write_lesson_reports');

/** The reports (with who wrote and corrected them) of some lessons, by lesson. */
export async function reportsOf(
  db: Kysely<Database>,
  scheduleIds: readonly string[],
): Promise<Map<string, LessonReportBodyDto>> {
  const reports = new Map<string, LessonReportBodyDto>();
  if (scheduleIds.length === 0) return reports;
  const rows = await db
    .selectFrom('lesson_reports as r')
    .leftJoin('users as w', 'w.user_id', 'r.created_by')
    .leftJoin('users as u', 'u.user_id', 'r.updated_by')
    .select([
      'r.schedule_id',
      'r.covered',
      'r.homework',
      'r.created_at',
      'r.updated_at',
      'w.full_name as written_by_name',
      'u.full_name as updated_by_name',
    ])
    .where('r.schedule_id', 'in', [...scheduleIds])
    .execute();
  for (const row of rows) {
    reports.set(row.schedule_id, {
      covered: row.covered,
      homework: row.homework,
      created_at: iso(row.created_at),
      written_by_name: row.written_by_name ?? null,
      updated_at: iso(row.updated_at),
      updated_by_name: row.updated_by_name ?? null,
    });
  }
  return reports;
}

/** The notes of some lessons about some students (all students when `studentIds` is null). */
export async function notesOf(
  db: Kysely<Database>,
  scheduleIds: readonly string[],
  studentIds: readonly string[] | null,
) {
  if (scheduleIds.length === 0 || studentIds?.length === 0) return [];
  let query = db
    .selectFrom('lesson_report_notes')
    .select(['schedule_id', 'student_id', 'note'])
    .where('schedule_id', 'in', [...scheduleIds]);
  if (studentIds) query = query.where('student_id', 'in', [...studentIds]);
  return query.execute();
}

/** The lesson a report is about, as the viewer sees it (403 / 404 as for the lesson itself). */
export async function reportLesson(ctx: AppContext, viewer: SessionUser, scheduleId: string) {
  const row = await findVisibleLesson(ctx.database.db, viewer, scheduleId);
  return {
    row,
    lesson: {
      schedule_id: row.schedule_id,
      class_id: row.class_id,
      class_name: row.class_name,
      topic: row.topic,
      start_time: iso(row.start_time),
      end_time: iso(row.end_time),
      status: row.status,
      teacher_name: (row.substitute_teacher_id ? row.substitute_name : row.teacher_name) ?? null,
    },
  };
}

/** One lesson's report as the viewer may see it. */
export async function readLessonReport(
  ctx: AppContext,
  viewer: SessionUser,
  scheduleId: string,
): Promise<LessonReportDto> {
  const { db } = ctx.database;
  const { row, lesson } = await reportLesson(ctx, viewer, scheduleId);
  const held = isHeldLesson(lesson, ctx.clock.now().getTime());
  const report = (await reportsOf(db, [scheduleId])).get(scheduleId) ?? null;
  let students: ReportStudentDto[] = [];
  if (seesAllNotes(viewer)) {
    const notes = new Map(
      (await notesOf(db, [scheduleId], null)).map((note) => [note.student_id, note.note]),
    );
    students = (await lessonStudents(ctx, scheduleId)).map((student) => ({
      ...student,
      note: notes.get(student.student_id) ?? null,
    }));
  } else if (viewer.role === 'student') {
    const [own] = await notesOf(db, [scheduleId], [viewer.user_id]);
    if (own) {
      students = [{ student_id: viewer.user_id, full_name: viewer.full_name, note: own.note }];
    }
  } else if (viewer.role === 'parent') {
    const children = new Set(await childrenOfParent(db, viewer.user_id));
    const notes = new Map(
      (await notesOf(db, [scheduleId], [...children])).map((note) => [note.student_id, note.note]),
    );
    students = (await lessonStudents(ctx, scheduleId))
      .filter((student) => children.has(student.student_id))
      .map((student) => ({ ...student, note: notes.get(student.student_id) ?? null }));
  }
  return {
    lesson,
    held,
    writable:
      hasPermission(viewer.role, 'write_lesson_reports') &&
      held &&
      actsOnLesson(viewer, { substitute_teacher_id: row.substitute_teacher_id ?? null }),
    report,
    students,
  };
}
