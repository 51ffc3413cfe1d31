// The 'Nhận xét buổi học' page's list (docs/decisions/037-lesson-reports.md), newest lesson first,
// held lessons only, each role its own: a student the reports of their lessons (with their own
// note), a parent those of their children's classes (with each child's name and note), a teacher
// the lessons they taught with or without a report, admin and staff the held lessons still
// without one (or all, or the written ones), by class, teacher and dates.
import { type ExpressionBuilder, sql } from 'kysely';
import type { z } from 'zod';
import {
  LESSON_REPORTS_PAGE_SIZE,
  type LessonReportListDto,
  type lessonReportListQuery,
  type ReportStudentDto,
} from '#common/lesson-reports.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { visibleLessons } from '#server/features/lessons/index.ts';
import { addDays, startOfLocalDate } from '#server/lib/center-time.ts';
import { childrenOfParent } from '#server/lib/family.ts';
import { notesOf, reportsOf } from './read-report.ts';

type Query = z.output<typeof lessonReportListQuery>;
type LessonScope = ExpressionBuilder<
  Database & { s: Database['schedules']; c: Database['classes'] },
  's' | 'c'
>;

const iso = (value: string) => new Date(value).toISOString();

export async function listLessonReports(
  ctx: AppContext,
  viewer: SessionUser,
  query: Query,
): Promise<LessonReportListDto> {
  const { db } = ctx.database;
  const now = ctx.clock.now().toISOString();
  const zone = ctx.config.centerTimezone;
  const writes = viewer.role === 'admin' || viewer.role === 'staff' || viewer.role === 'teacher';
  // Students and parents read written reports only; admin and staff chase the missing ones first.
  const state = !writes
    ? 'written'
    : (query.state ?? (viewer.role === 'teacher' ? 'all' : 'missing'));
  const written = (eb: LessonScope) =>
    eb.exists(
      eb
        .selectFrom('lesson_reports as r')
        .select('r.schedule_id')
        .whereRef('r.schedule_id', '=', 's.schedule_id'),
    );

  let lessons = visibleLessons(db, viewer).where((eb) =>
    eb.or([
      eb('s.status', '=', 'completed'),
      eb.and([eb('s.status', '!=', 'cancelled'), eb('s.end_time', '<=', now)]),
    ]),
  );
  if (viewer.role === 'teacher') {
    // The lessons they taught: their classes' ones no one covered, and those they covered.
    const me = viewer.user_id;
    lessons = lessons.where((eb) =>
      eb.or([
        eb.and([eb('c.teacher_id', '=', me), eb('s.substitute_teacher_id', 'is', null)]),
        eb('s.substitute_teacher_id', '=', me),
      ]),
    );
  }
  if (state === 'written') lessons = lessons.where((eb) => written(eb));
  if (state === 'missing') lessons = lessons.where((eb) => eb.not(written(eb)));
  if (query.class_id) lessons = lessons.where('c.class_id', '=', query.class_id);
  if (query.teacher_id && writes) {
    const teacherId = query.teacher_id;
    lessons = lessons.where((eb) =>
      eb.or([
        eb.and([eb('c.teacher_id', '=', teacherId), eb('s.substitute_teacher_id', 'is', null)]),
        eb('s.substitute_teacher_id', '=', teacherId),
      ]),
    );
  }
  if (query.from) {
    lessons = lessons.where('s.start_time', '>=', startOfLocalDate(query.from, zone).toISOString());
  }
  if (query.to) {
    const before = startOfLocalDate(addDays(query.to, 1), zone).toISOString();
    lessons = lessons.where('s.start_time', '<', before);
  }

  const counted = await lessons
    .select(sql<number | string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const page = query.page;
  const rows = await lessons
    .leftJoin('users as t', 't.user_id', 'c.teacher_id')
    .leftJoin('users as sub', 'sub.user_id', 's.substitute_teacher_id')
    .select([
      's.schedule_id',
      's.class_id',
      'c.class_name',
      's.topic',
      's.start_time',
      's.end_time',
      's.status',
      's.substitute_teacher_id',
      't.full_name as teacher_name',
      'sub.full_name as substitute_name',
    ])
    .orderBy('s.start_time', 'desc')
    .orderBy('s.schedule_id', 'desc')
    .limit(LESSON_REPORTS_PAGE_SIZE)
    .offset((page - 1) * LESSON_REPORTS_PAGE_SIZE)
    .execute();

  const ids = rows.map((row) => row.schedule_id);
  const reports = await reportsOf(db, ids);
  const studentsOf = await viewerStudents(ctx, viewer, rows);
  return {
    items: rows.map((row) => ({
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
      report: reports.get(row.schedule_id) ?? null,
      students: studentsOf(row),
    })),
    total,
    page,
    pageSize: LESSON_REPORTS_PAGE_SIZE,
  };
}

/**
 * What each listed lesson shows of its students: a student's own note; a parent's children in
 * the lesson's class, each with their note; nothing for the others (the report's dialog has them).
 */
async function viewerStudents(
  ctx: AppContext,
  viewer: SessionUser,
  rows: readonly { schedule_id: string; class_id: string }[],
): Promise<(row: { schedule_id: string; class_id: string }) => ReportStudentDto[]> {
  const { db } = ctx.database;
  const ids = rows.map((row) => row.schedule_id);
  if (viewer.role === 'student') {
    const notes = new Map(
      (await notesOf(db, ids, [viewer.user_id])).map((note) => [note.schedule_id, note.note]),
    );
    return (row) => {
      const note = notes.get(row.schedule_id);
      return note === undefined
        ? []
        : [{ student_id: viewer.user_id, full_name: viewer.full_name, note }];
    };
  }
  if (viewer.role === 'parent' && rows.length > 0) {
    const children = await childrenOfParent(db, viewer.user_id);
    if (children.length === 0) return () => [];
    const enrolled = await db
      .selectFrom('class_students as e')
      .innerJoin('users as u', 'u.user_id', 'e.student_id')
      .select(['e.class_id', 'e.student_id', 'u.full_name'])
      .where('e.student_id', 'in', children)
      .where('e.class_id', 'in', [...new Set(rows.map((row) => row.class_id))])
      .orderBy('u.full_name')
      .execute();
    const notes = new Map(
      (await notesOf(db, ids, children)).map((note) => [
        `${note.schedule_id}:${note.student_id}`,
        note.note,
      ]),
    );
    return (row) =>
      enrolled
        .filter((child) => child.class_id === row.class_id)
        .map((child) => ({
          student_id: child.student_id,
          full_name: child.full_name,
          note: notes.get(`${row.schedule_id}:${child.student_id}`) ?? null,
        }));
  }
  return () => [];
}
