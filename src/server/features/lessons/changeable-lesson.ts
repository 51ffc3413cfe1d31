// Which lessons may be moved or cancelled: pending ones, whose start is not under way. A pending
// lesson gets its meeting only when it is started (meetings/start-lesson.ts claims it, then makes
// it on the provider, then marks the lesson active): a meeting row on a pending lesson is a start
// in progress, and that start wins. The row is locked (PostgreSQL) for the rest of the
// transaction, so a start, a move or a cancel of the same lesson waits for this one to commit and
// then sees what it did.
import type { Transaction } from 'kysely';
import type { Dialect } from '#server/db/connection.ts';
import { forUpdate } from '#server/db/locking.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';

/** Refuses a lesson that is not pending, with what it is instead. */
export function refuseUnlessPending(status: string) {
  if (status === 'cancelled') throw new AppError('LESSON_ALREADY_CANCELLED');
  if (status !== 'pending') throw new AppError('LESSON_NOT_PENDING');
}

/** The lesson as it is now, locked; refused unless it is pending and not being started. */
export async function lockChangeableLesson(
  trx: Transaction<Database>,
  dialect: Dialect,
  scheduleId: string,
) {
  const lesson = await forUpdate(
    trx
      .selectFrom('schedules')
      .select([
        'schedule_id',
        'status',
        'start_time',
        'end_time',
        'venue',
        'room_id',
        'substitute_teacher_id',
      ])
      .where('schedule_id', '=', scheduleId),
    dialect,
  ).executeTakeFirst();
  // Deleted since it was read: as for any lesson that is not there.
  if (!lesson) throw new AppError('NOT_FOUND');
  refuseUnlessPending(lesson.status);
  const starting = await trx
    .selectFrom('lesson_meetings')
    .select('schedule_id')
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirst();
  if (starting) throw new AppError('LESSON_NOT_PENDING');
  return lesson;
}
