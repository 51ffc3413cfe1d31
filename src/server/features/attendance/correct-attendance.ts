// A correction by hand of a student's status in a lesson that has begun (the class's teacher,
// admin, staff) who was in the class for it (one who left since included); null takes it back,
// and what the video provider reported counts again.
import type { AttendanceStatusDto } from '#common/attendance.ts';
import { EVENT } from '#common/events.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { findVisibleLesson } from '#server/features/lessons/index.ts';
import { wasInClassFor } from './membership.ts';

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
  if (!(await wasInClassFor(ctx, lesson, studentId))) throw new AppError('ATTENDANCE_NOT_ENROLLED');
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
