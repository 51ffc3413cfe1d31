// Changing one lesson: its topic (admin, the class's teacher) and deleting it (canDeleteLesson).
import { canDeleteLesson } from '#common/permissions.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { findVisibleSchedule } from './queries.ts';

export async function changeLessonTopic(
  ctx: AppContext,
  actor: SessionUser,
  scheduleId: string,
  topic: string,
) {
  const { db } = ctx.database;
  const row = await findVisibleSchedule(db, actor, scheduleId);
  await db
    .updateTable('schedules')
    .set({ topic, updated_at: ctx.clock.now().toISOString() })
    .where('schedule_id', '=', row.schedule_id)
    .execute();
  return findVisibleSchedule(db, actor, row.schedule_id);
}

/** Returns the deleted lesson (as it was). */
export async function deleteLesson(ctx: AppContext, actor: SessionUser, scheduleId: string) {
  const { db } = ctx.database;
  const row = await findVisibleSchedule(db, actor, scheduleId);
  if (!canDeleteLesson(actor.role, row.status)) {
    // A live lesson holds a pool account: it is ended first ('Kết thúc buổi học').
    throw new AppError(
      row.status === 'active' ? 'SCHEDULE_DELETE_ACTIVE' : 'SCHEDULE_DELETE_COMPLETED_ADMIN_ONLY',
    );
  }
  await db.deleteFrom('schedules').where('schedule_id', '=', row.schedule_id).execute();
  return row;
}
