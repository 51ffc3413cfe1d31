// Attendance marked by hand (docs/decisions/021): the class's teacher (the substitute for a covered
// lesson: docs/decisions/031), admin and staff mark a
// student of a lesson present, late, absent or excused, from the lesson's start time on (or once
// it was started early), whether or not a video provider reported anything; a mark wins over the
// report. null takes a mark back, and what the provider reported counts again. "All present" marks,
// in one transaction, every student who was in the class for the lesson and has no status yet; a
// mark made meanwhile by someone else is never overwritten.

import { type AttendanceStatusDto, isMarkableStatus, lessonHasBegun } from '#common/attendance.ts';
import { EVENT } from '#common/events.ts';
import { hasPermission } from '#common/permissions.ts';
import type { AppContext } from '#server/context.ts';
import { unseenRecordError } from '#server/db/visibility.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { lessonsWithClass, refuseUnlessTeachesLesson } from '#server/features/lessons/index.ts';
import { followMark, isMakeupVisitor } from '#server/features/makeups/index.ts';
import { recordAudit, recordAudits } from '#server/lib/audit.ts';
import { localDateTimeText } from '#server/lib/center-time.ts';
import { tellParentsOfAbsence } from './absences.ts';
import { wasInClassFor } from './membership.ts';
import { lessonRows } from './read-attendance.ts';

/** The lesson, when the actor may mark it now; the reason otherwise. */
async function lessonToMark(ctx: AppContext, actor: SessionUser, scheduleId: string) {
  const { db } = ctx.database;
  const refusal = new AppError('ATTENDANCE_MARK_FORBIDDEN');
  if (!hasPermission(actor.role, 'mark_attendance')) throw refusal;
  const lesson = await lessonsWithClass(db, actor)
    .where('s.schedule_id', '=', scheduleId)
    .executeTakeFirst();
  if (!lesson) throw await unseenRecordError(db, 'schedule', scheduleId, refusal);
  refuseUnlessTeachesLesson(actor, lesson);
  if (!isMarkableStatus(lesson.status)) {
    throw new AppError('ATTENDANCE_LESSON_NOT_MARKABLE', { params: { status: lesson.status } });
  }
  const startTime = new Date(lesson.start_time).toISOString();
  if (
    !lessonHasBegun({ status: lesson.status, start_time: startTime }, ctx.clock.now().getTime())
  ) {
    throw new AppError('ATTENDANCE_BEFORE_START', {
      params: { time: localDateTimeText(new Date(startTime), ctx.config.centerTimezone) },
    });
  }
  return lesson;
}

const announce = (ctx: AppContext, lesson: { class_id: string; schedule_id: string }) =>
  ctx.events.publish({
    type: EVENT.schedules,
    data: { class_id: lesson.class_id, schedule_id: lesson.schedule_id },
  });

export async function markAttendance(
  ctx: AppContext,
  actor: SessionUser,
  input: { scheduleId: string; studentId: string; status: AttendanceStatusDto | null },
): Promise<void> {
  const { db } = ctx.database;
  const { studentId, status } = input;
  const lesson = await lessonToMark(ctx, actor, input.scheduleId);
  // A make-up visitor (docs/decisions/032) is marked like the class's students, and earns no
  // credit: their own is already spent on this lesson.
  const member = await wasInClassFor(ctx, lesson, studentId);
  if (!member && !(await isMakeupVisitor(db, lesson.schedule_id, studentId))) {
    throw new AppError('ATTENDANCE_NOT_ENROLLED');
  }
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('attendance_marks')
      .select('status')
      .where('schedule_id', '=', lesson.schedule_id)
      .where('student_id', '=', studentId)
      .executeTakeFirst();
    if ((previous?.status ?? null) !== status) {
      // The lesson's attendance sheet, the student named (docs/decisions/041-audit-log.md).
      await recordAudit(trx, {
        action: previous ? 'attendance.correct' : 'attendance.mark',
        recordType: 'attendance',
        recordId: lesson.schedule_id,
        changes: {
          student_id: { before: studentId, after: studentId },
          status: { before: previous?.status ?? null, after: status },
        },
      });
    }
    if (status === null) {
      await trx
        .deleteFrom('attendance_marks')
        .where('schedule_id', '=', lesson.schedule_id)
        .where('student_id', '=', studentId)
        .execute();
    } else {
      const mark = { status, marked_by: actor.user_id, marked_at: now.toISOString() };
      // Two people marking the same student at once: one row, the later write's status.
      await trx
        .insertInto('attendance_marks')
        .values({ schedule_id: lesson.schedule_id, student_id: studentId, ...mark })
        .onConflict((oc) => oc.columns(['schedule_id', 'student_id']).doUpdateSet(mark))
        .execute();
    }
    // An excused absence earns a make-up credit; any other mark withdraws one not yet booked.
    if (member) {
      const start_time = new Date(lesson.start_time).toISOString();
      await followMark(trx, {
        lesson: { schedule_id: lesson.schedule_id, class_id: lesson.class_id, start_time },
        studentId,
        status,
        now,
      });
    }
  });
  await announce(ctx, lesson);
  // While the lesson runs a mark is a roll call that may still change: parents are told when it
  // ends (tellParentsOfEndedLessons); a mark made after it ended is told now.
  const over = new Date(lesson.end_time).getTime() <= now.getTime();
  if (status === 'absent' && over) {
    await tellParentsOfAbsence(ctx, lesson.schedule_id, [studentId]);
  }
}

/** Marks present every student of the lesson with no status yet; how many it marked. */
export async function markAllPresent(
  ctx: AppContext,
  actor: SessionUser,
  scheduleId: string,
): Promise<number> {
  const lesson = await lessonToMark(ctx, actor, scheduleId);
  const marked_at = ctx.clock.now().toISOString();
  const marked = await ctx.database.db.transaction().execute(async (trx) => {
    const { students } = await lessonRows(ctx, trx, lesson.schedule_id);
    const unmarked = students.filter((student) => student.status === null);
    if (unmarked.length === 0) return [];
    // A mark written since the read above (or at the same moment) stays: nothing is overwritten.
    const rows = await trx
      .insertInto('attendance_marks')
      .values(
        unmarked.map((student) => ({
          schedule_id: lesson.schedule_id,
          student_id: student.student_id,
          status: 'present' as const,
          marked_by: actor.user_id,
          marked_at,
        })),
      )
      .onConflict((oc) => oc.columns(['schedule_id', 'student_id']).doNothing())
      .returning('student_id')
      .execute();
    await recordAudits(
      trx,
      rows.map((row) => ({
        action: 'attendance.mark',
        recordType: 'attendance',
        recordId: lesson.schedule_id,
        changes: {
          student_id: { before: row.student_id, after: row.student_id },
          status: { before: null, after: 'present' },
        },
      })),
    );
    return rows;
  });
  if (marked.length > 0) await announce(ctx, lesson);
  return marked.length;
}
