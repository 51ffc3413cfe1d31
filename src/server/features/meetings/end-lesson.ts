// Ending a running lesson on purpose (the class's teacher, admin; staff too for a lesson in a room
// or on a link): the lesson is completed, its pool account freed and the provider's meeting ended
// (lesson-lifecycle.ts).
import type { FastifyBaseLogger } from 'fastify';
import { canEndLesson, hasPermission } from '#common/permissions.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { refuseUnlessTeachesLesson } from '#server/features/lessons/index.ts';
import { findLesson } from './find-lesson.ts';
import { endLesson } from './lesson-lifecycle.ts';

export async function endLessonNow(
  ctx: AppContext,
  actor: SessionUser,
  input: { scheduleId: string },
  log: FastifyBaseLogger,
): Promise<void> {
  // Admin, and the class's own teacher or the lesson's substitute (a teacher sees only those
  // lessons; a covered one is the substitute's alone); for a
  // lesson with no hosted meeting to close (a room, a link), staff too (canEndLesson).
  const refusal = new AppError('LESSON_END_FORBIDDEN');
  if (!hasPermission(actor.role, 'end_lesson') && !hasPermission(actor.role, 'start_meeting')) {
    throw refusal;
  }
  const lesson = await findLesson(ctx, actor, input.scheduleId, refusal);
  if (!canEndLesson(actor.role, lesson.venue)) throw refusal;
  refuseUnlessTeachesLesson(actor, lesson);
  if (lesson.status !== 'active') throw new AppError('LESSON_NOT_ACTIVE');
  // A race with the webhook or the expiry job: the one that lost is told it is over.
  if (!(await endLesson(ctx, lesson.schedule_id, log))) throw new AppError('LESSON_NOT_ACTIVE');
}
