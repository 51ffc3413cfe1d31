// Adding a lesson (product.md §5, and a teacher cannot be in two lessons at once): not in the past,
// end after start, inside the class's dates, no overlap with another lesson of the class, the
// teacher not booked into an overlapping lesson of another class, and its room (a lesson held in a
// room) not taken by another lesson meanwhile. Moving one
// (change-one-lesson.ts) applies the same checks.

import { randomUUID } from 'node:crypto';
import { MAX_LESSON_MINUTES } from '#common/constants.ts';
import type { CreateLessonInput } from '#common/lessons.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { findVisibleClass } from '#server/features/classes/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { localDate } from '#server/lib/center-time.ts';
import { type IdempotencyKey, idempotent } from '#server/lib/operations/idempotent.ts';
import { announceLessons } from './announce-lessons.ts';
import { lockBooking, refuseClash } from './lesson-clashes.ts';
import { type LessonVenue, lessonVenue, venueColumns } from './lesson-venue.ts';

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
  where: LessonVenue;
}) {
  return {
    schedule_id: lesson.schedule_id,
    class_id: lesson.class_id,
    topic: lesson.topic,
    description: lesson.description,
    start_time: lesson.start_time,
    end_time: lesson.end_time,
    status: 'pending' as const,
    created_at: lesson.now,
    updated_at: lesson.now,
    series_id: lesson.series?.id ?? null,
    series_index: lesson.series?.index ?? null,
    ...venueColumns(lesson.where),
  };
}

/**
 * The times a lesson may have, new or moved: not started in the past, at most MAX_LESSON_MINUTES
 * long, and inside its class's dates (in the center's zone). End after start is the schema's.
 */
export function checkLessonTimes(
  ctx: AppContext,
  klass: { start_date: string; end_date: string },
  lesson: { start_time: string; end_time: string },
  now: Date,
) {
  const zone = ctx.config.centerTimezone;
  if (Date.parse(lesson.start_time) < now.getTime()) {
    throw new AppError('SCHEDULE_START_IN_PAST', { field: 'start_time' });
  }
  if (Date.parse(lesson.end_time) - Date.parse(lesson.start_time) > MAX_LESSON_MINUTES * 60_000) {
    throw new AppError('SCHEDULE_TOO_LONG', { field: 'end_time' });
  }
  const startDate = localDate(new Date(lesson.start_time), zone);
  const endDate = localDate(new Date(Date.parse(lesson.end_time) - 1), zone);
  if (startDate < klass.start_date || endDate > klass.end_date) {
    throw new AppError('SCHEDULE_OUTSIDE_CLASS', {
      field: 'start_time',
      params: { start: klass.start_date, end: klass.end_date },
    });
  }
}

/** Adds one lesson; returns its id (the first one's again for a retry with the same key). */
export async function createLesson(
  ctx: AppContext,
  actor: SessionUser,
  input: { classId: string; lesson: CreateLessonInput; idempotencyKey?: IdempotencyKey },
): Promise<string> {
  const { db, dialect } = ctx.database;
  const { classId, lesson } = input;
  const now = ctx.clock.now();
  const klass = await findVisibleClass(db, actor, classId);
  const created = await idempotent(
    ctx,
    { userId: actor.user_id, key: input.idempotencyKey, scope: `schedule:${classId}` },
    {
      prepare: async () => {
        checkLessonTimes(ctx, klass, lesson, now);
        return lessonVenue(db, klass, lesson);
      },
      write: async (trx, where) => {
        const planned = {
          start: new Date(lesson.start_time),
          end: new Date(lesson.end_time),
          roomId: where.roomId,
        };
        const teacherId = await lockBooking(trx, dialect, { classId, lessons: [planned] });
        const timeZone = ctx.config.centerTimezone;
        await refuseClash(trx, { classId, teacherId, lesson: planned, now, timeZone });
        const scheduleId = randomUUID();
        const newRow = pendingLessonRow({
          schedule_id: scheduleId,
          class_id: classId,
          topic: lesson.topic,
          description: lesson.description ?? null,
          start_time: lesson.start_time,
          end_time: lesson.end_time,
          now: now.toISOString(),
          where,
        });
        await trx.insertInto('schedules').values(newRow).execute();
        await recordAudit(trx, {
          action: 'lesson.create',
          recordType: 'lesson',
          recordId: scheduleId,
          before: null,
          after: newRow,
          only: LESSON_AUDIT_FIELDS,
        });
        return { schedule_id: scheduleId };
      },
      announce: async ({ schedule_id }) => {
        await announceLessons(ctx, classId, { scheduleId: schedule_id });
        const event = { classId, lessonIds: [schedule_id], actorId: actor.user_id };
        await ctx.domainEvents.publish({ type: 'lessons.created', ...event });
      },
    },
  );
  return created.schedule_id;
}

/** A lesson's fields its history shows (docs/decisions/041-audit-log.md). */
export const LESSON_AUDIT_FIELDS = [
  'class_id',
  'topic',
  'description',
  'start_time',
  'end_time',
  'venue',
  'room_id',
  'status',
] as const;
