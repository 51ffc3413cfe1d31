// Writing or correcting a held lesson's report (docs/decisions/037-lesson-reports.md). Whoever
// taught the lesson writes it: its substitute when one covered it (the class's own teacher is
// refused, as for the lesson's other actions: docs/decisions/031), else the class's teacher; admin
// and staff write or correct any. Not for a cancelled lesson, nor one not held yet. Notes are only
// about the lesson's students (in the class for it, or its make-up visitors).
//
// The first writing tells each student of the lesson and each of their parents, once per lesson
// per person (a dedupe key); a correction tells nobody again. Of two first writings at once, the
// insert decides which is first: the other becomes a correction.

import type { z } from 'zod';
import { EVENT } from '#common/events.ts';
import {
  isHeldLesson,
  type LessonReportDto,
  type saveLessonReportInput,
} from '#common/lesson-reports.ts';
import { hasPermission } from '#common/permissions.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { lessonStudents } from '#server/features/attendance/index.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { refuseUnlessTeachesLesson } from '#server/features/lessons/index.ts';
import { addNotifications, type NewNotification } from '#server/features/notifications/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { parentsOfStudents } from '#server/lib/family.ts';
import { readLessonReport, reportLesson } from './read-report.ts';

export async function saveLessonReport(
  ctx: AppContext,
  actor: SessionUser,
  scheduleId: string,
  input: z.output<typeof saveLessonReportInput>,
): Promise<LessonReportDto> {
  if (!hasPermission(actor.role, 'write_lesson_reports')) throw new AppError('FORBIDDEN');
  const { row, lesson } = await reportLesson(ctx, actor, scheduleId);
  refuseUnlessTeachesLesson(actor, {
    substitute_teacher_id: row.substitute_teacher_id ?? null,
    substitute_name: row.substitute_name ?? null,
  });
  if (lesson.status === 'cancelled') throw new AppError('LESSON_REPORT_CANCELLED');
  if (!isHeldLesson(lesson, ctx.clock.now().getTime()))
    throw new AppError('LESSON_REPORT_NOT_HELD');

  const students = await lessonStudents(ctx, scheduleId);
  const inLesson = new Set(students.map((student) => student.student_id));
  // One note per student (the last given wins); an empty one removes it.
  const notes = new Map<string, string>();
  for (const { student_id, note } of input.notes) {
    if (!inLesson.has(student_id)) {
      throw new AppError('LESSON_REPORT_NOT_IN_LESSON');
    }
    notes.set(student_id, note);
  }

  const now = ctx.clock.now().toISOString();
  const fields = { covered: input.covered, homework: input.homework || null };
  const first = await ctx.database.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('lesson_reports')
      .select(['covered', 'homework'])
      .where('schedule_id', '=', scheduleId)
      .executeTakeFirst();
    const notesBefore = await trx
      .selectFrom('lesson_report_notes')
      .select(['student_id', 'note'])
      .where('schedule_id', '=', scheduleId)
      .execute();
    const inserted = await trx
      .insertInto('lesson_reports')
      .values({
        schedule_id: scheduleId,
        ...fields,
        created_at: now,
        created_by: actor.user_id,
        updated_at: now,
        updated_by: actor.user_id,
      })
      .onConflict((oc) => oc.column('schedule_id').doNothing())
      .returning('schedule_id')
      .execute();
    if (inserted.length === 0) {
      await trx
        .updateTable('lesson_reports')
        .set({ ...fields, updated_at: now, updated_by: actor.user_id })
        .where('schedule_id', '=', scheduleId)
        .execute();
    }
    await trx.deleteFrom('lesson_report_notes').where('schedule_id', '=', scheduleId).execute();
    const kept = [...notes].filter(([, note]) => note !== '');
    if (kept.length > 0) {
      await trx
        .insertInto('lesson_report_notes')
        .values(
          kept.map(([studentId, note]) => ({
            schedule_id: scheduleId,
            student_id: studentId,
            note,
            updated_at: now,
          })),
        )
        .execute();
    }
    const notesOf = (rows: readonly (readonly [string, string])[]) =>
      Object.fromEntries([...rows].sort(([a], [b]) => a.localeCompare(b)));
    await recordAudit(trx, {
      action: before ? 'lesson-report.correct' : 'lesson-report.write',
      recordType: 'lesson',
      recordId: scheduleId,
      before: before && {
        ...before,
        notes: notesOf(notesBefore.map((row) => [row.student_id, row.note] as const)),
      },
      after: { ...fields, notes: notesOf(kept) },
    });
    return inserted.length > 0;
  });

  if (first) await notifyReportWritten(ctx, lesson, students);
  await ctx.events.publish({ type: EVENT.schedules, data: { schedule_id: scheduleId } });
  return readLessonReport(ctx, actor, scheduleId);
}

/** Each student of the lesson, and each of their parents (naming their children in it), once. */
async function notifyReportWritten(
  ctx: AppContext,
  lesson: {
    schedule_id: string;
    class_id: string;
    class_name: string;
    topic: string;
    start_time: string;
  },
  students: readonly { student_id: string; full_name: string }[],
) {
  const params = {
    class_name: lesson.class_name,
    topic: lesson.topic,
    start_time: lesson.start_time,
  };
  const item = (userId: string, extra: Record<string, string> = {}): NewNotification => ({
    userId,
    type: 'lesson_report',
    params: { ...params, ...extra },
    scheduleId: lesson.schedule_id,
    classId: lesson.class_id,
    dedupeKey: `lesson_report:${lesson.schedule_id}:${userId}`,
  });
  const parents = await parentsOfStudents(
    ctx.database.db,
    students.map((student) => student.student_id),
  );
  // A parent of two children in the lesson is told once, naming both.
  const childrenOf = new Map<string, string[]>();
  for (const student of students) {
    for (const parentId of parents.get(student.student_id) ?? []) {
      childrenOf.set(parentId, [...(childrenOf.get(parentId) ?? []), student.full_name]);
    }
  }
  await addNotifications(ctx, [
    ...students.map((student) => item(student.student_id)),
    ...[...childrenOf].map(([parentId, names]) => item(parentId, { child_name: names.join(', ') })),
  ]);
}
