// A correction by hand of a student's status in a lesson that has begun (the class's teacher,
// admin, staff); null takes it back, and what Zoom reported counts again.
import type { AttendanceStatusDto } from '#common/attendance.ts';
import { EVENT } from '#common/events.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { findVisibleLesson } from '#server/features/lessons/queries.ts';

export async function correctAttendance(
  ctx: AppContext,
  actor: SessionUser,
  input: { scheduleId: string; studentId: string; status: AttendanceStatusDto | null },
): Promise<void> {
  const { db } = ctx.database;
  const { studentId, status } = input;
  const lesson = await findVisibleLesson(db, actor, input.scheduleId);
  if (lesson.status !== 'active' && lesson.status !== 'completed') {
    throw new AppError('ATTENDANCE_NOT_BEGUN');
  }
  const enrolled = await db
    .selectFrom('class_students')
    .select('student_id')
    .where('class_id', '=', lesson.class_id)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  if (!enrolled) throw new AppError('ATTENDANCE_NOT_ENROLLED');
  if (status === null) {
    await db
      .deleteFrom('attendance_corrections')
      .where('schedule_id', '=', lesson.schedule_id)
      .where('student_id', '=', studentId)
      .execute();
  } else {
    const correction = {
      status,
      corrected_by: actor.user_id,
      corrected_at: ctx.clock.now().toISOString(),
    };
    await db
      .insertInto('attendance_corrections')
      .values({ schedule_id: lesson.schedule_id, student_id: studentId, ...correction })
      .onConflict((oc) => oc.columns(['schedule_id', 'student_id']).doUpdateSet(correction))
      .execute();
  }
  await ctx.events.publish({
    type: EVENT.schedules,
    data: { class_id: lesson.class_id, schedule_id: lesson.schedule_id },
  });
}
