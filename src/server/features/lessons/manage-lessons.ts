// Changing one lesson: its topic (admin, the class's teacher or the lesson's substitute) and deleting it (canDeleteLesson).

import { canDeleteLesson } from '#common/permissions.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { announceLessons } from './announce-lessons.ts';
import { refuseUnlessTeachesLesson } from './covered-lesson.ts';
import { findVisibleLesson } from './queries.ts';

export async function changeLessonTopic(
  ctx: AppContext,
  actor: SessionUser,
  input: { scheduleId: string; topic: string },
) {
  const { db } = ctx.database;
  const row = await findVisibleLesson(db, actor, input.scheduleId);
  refuseUnlessTeachesLesson(actor, row);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('schedules')
      // The calendar feeds show the topic: their SEQUENCE goes up with it.
      .set((eb) => ({
        topic: input.topic,
        updated_at: ctx.clock.now().toISOString(),
        sequence: eb('sequence', '+', 1),
      }))
      .where('schedule_id', '=', row.schedule_id)
      .execute();
    await recordAudit(trx, {
      action: 'lesson.update',
      recordType: 'lesson',
      recordId: row.schedule_id,
      before: { topic: row.topic },
      after: { topic: input.topic },
    });
  });
  await announceLessons(ctx, row.class_id, { scheduleId: row.schedule_id, topicOnly: true });
  await ctx.domainEvents.publish({
    type: 'lesson.updated',
    classId: row.class_id,
    scheduleId: row.schedule_id,
    actorId: actor.user_id,
  });
  return findVisibleLesson(db, actor, row.schedule_id);
}

/** Returns the deleted lesson (as it was). */
export async function deleteLesson(
  ctx: AppContext,
  actor: SessionUser,
  input: { scheduleId: string },
) {
  const { db } = ctx.database;
  const row = await findVisibleLesson(db, actor, input.scheduleId);
  if (!canDeleteLesson(actor.role, row.status)) {
    // A live lesson holds a pool account: it is ended first ('Kết thúc buổi học').
    throw new AppError(
      row.status === 'active' ? 'SCHEDULE_DELETE_ACTIVE' : 'SCHEDULE_DELETE_COMPLETED_ADMIN_ONLY',
    );
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('schedules').where('schedule_id', '=', row.schedule_id).execute();
    await recordAudit(trx, {
      action: 'lesson.delete',
      recordType: 'lesson',
      recordId: row.schedule_id,
      before: {
        class_id: row.class_id,
        topic: row.topic,
        start_time: row.start_time,
        end_time: row.end_time,
        status: row.status,
      },
      after: null,
    });
  });
  await announceLessons(ctx, row.class_id, { scheduleId: row.schedule_id });
  await ctx.domainEvents.publish({
    type: 'lessons.deleted',
    classId: row.class_id,
    className: row.class_name,
    lessons: [
      { scheduleId: row.schedule_id, topic: row.topic, start: row.start_time, status: row.status },
    ],
    actorId: actor.user_id,
  });
  return row;
}
