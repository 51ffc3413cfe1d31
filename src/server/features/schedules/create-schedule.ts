// Adding a lesson (product.md §5 and the scheduling rules of the classes issue): not in the past,
// end after start, inside the class's dates, no overlap with another lesson of the class, and
// the teacher not booked into an overlapping lesson of another class.
import { randomUUID } from 'node:crypto';
import { MAX_LESSON_MINUTES } from '#common/constants.ts';
import type { CreateScheduleInput } from '#common/lessons.ts';
import type { AppContext } from '#server/context.ts';
import { forUpdate } from '#server/db/locking.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { findVisibleClass } from '#server/features/classes/queries.ts';
import { findKeyedResource, rememberKey } from '#server/http/idempotency.ts';
import { localDate } from '#server/lib/center-time.ts';

/** A new lesson's row: pending, with no meeting yet (one lesson, or one of a series). */
export function pendingLessonRow(lesson: {
  schedule_id: string;
  class_id: string;
  topic: string;
  description: string | null;
  start_time: string;
  end_time: string;
  now: string;
  series?: { id: string; index: number };
}) {
  return {
    schedule_id: lesson.schedule_id,
    class_id: lesson.class_id,
    topic: lesson.topic,
    description: lesson.description,
    start_time: lesson.start_time,
    end_time: lesson.end_time,
    status: 'pending' as const,
    zoom_account_id: null,
    zoom_meeting_id: null,
    zoom_password: null,
    zoom_join_url: null,
    zoom_start_url: null,
    created_at: lesson.now,
    updated_at: lesson.now,
    series_id: lesson.series?.id ?? null,
    series_index: lesson.series?.index ?? null,
  };
}

export async function createSchedule(
  ctx: AppContext,
  actor: SessionUser,
  classId: string,
  input: CreateScheduleInput,
  idempotencyKey?: string,
): Promise<string> {
  const { db, dialect } = ctx.database;
  const zone = ctx.config.centerTimezone;
  const now = ctx.clock.now();
  const klass = await findVisibleClass(db, actor, classId);
  const keyScope = `schedule:${classId}`;
  if (idempotencyKey) {
    // A retry of a create that already happened: the same lesson, not a second one.
    const earlier = await findKeyedResource(db, actor.user_id, idempotencyKey, keyScope);
    if (earlier) return earlier;
  }

  if (Date.parse(input.start_time) < now.getTime()) {
    throw new AppError('SCHEDULE_START_IN_PAST', { field: 'start_time' });
  }
  if (Date.parse(input.end_time) - Date.parse(input.start_time) > MAX_LESSON_MINUTES * 60_000) {
    throw new AppError('SCHEDULE_TOO_LONG', { field: 'end_time' });
  }
  const startDate = localDate(new Date(input.start_time), zone);
  const endDate = localDate(new Date(Date.parse(input.end_time) - 1), zone);
  if (startDate < klass.start_date || endDate > klass.end_date) {
    throw new AppError('SCHEDULE_OUTSIDE_CLASS', {
      field: 'start_time',
      params: { start: klass.start_date, end: klass.end_date },
    });
  }

  let scheduleId: string = randomUUID();
  await db.transaction().execute(async (trx) => {
    // One booking at a time per teacher: the teacher's row is the lock (PostgreSQL); SQLite
    // runs one write transaction at a time anyway.
    await forUpdate(
      trx.selectFrom('users').select('user_id').where('user_id', '=', klass.teacher_id),
      dialect,
    ).execute();
    if (idempotencyKey) {
      // A copy of this request that held the lock first has created the lesson by now.
      const earlier = await findKeyedResource(trx, actor.user_id, idempotencyKey, keyScope);
      if (earlier) {
        scheduleId = earlier;
        return;
      }
    }
    const overlapping = await trx
      .selectFrom('schedules as s')
      .innerJoin('classes as c', 'c.class_id', 's.class_id')
      .select(['s.class_id'])
      .where('s.start_time', '<', input.end_time)
      .where('s.end_time', '>', input.start_time)
      .where((eb) =>
        eb.or([
          eb('s.class_id', '=', classId),
          eb.and([eb('c.teacher_id', '=', klass.teacher_id), eb('c.is_active', '=', true)]),
        ]),
      )
      .execute();
    if (overlapping.some((row) => row.class_id === classId)) {
      throw new AppError('SCHEDULE_OVERLAP_CLASS', { field: 'start_time' });
    }
    if (overlapping.length > 0) {
      throw new AppError('SCHEDULE_OVERLAP_TEACHER', { field: 'start_time' });
    }
    const nowIso = now.toISOString();
    await trx
      .insertInto('schedules')
      .values(
        pendingLessonRow({
          schedule_id: scheduleId,
          class_id: classId,
          topic: input.topic,
          description: input.description ?? null,
          start_time: input.start_time,
          end_time: input.end_time,
          now: nowIso,
        }),
      )
      .execute();
    if (idempotencyKey) {
      await rememberKey(trx, {
        userId: actor.user_id,
        key: idempotencyKey,
        scope: keyScope,
        resourceId: scheduleId,
        now,
      });
    }
  });
  return scheduleId;
}
