// One pending lesson moved (new date, time or length, and another room, its class's link or the
// video provider when asked) or cancelled with a reason, by whoever adds
// lessons (docs/decisions/020). A move passes the checks a new lesson passes (checkLessonTimes,
// then refuseClash after the class's, teacher's and room's locks, in the transaction that writes it); a cancelled lesson stays,
// marked, and counts for nothing. Both go through the operation layer (an Idempotency-Key makes a
// retry answer the first result), raise the lesson's calendar SEQUENCE, and tell the class
// (domain events 'lesson.moved' and 'lesson.cancelled') and open tabs.

import type { MoveLessonInput } from '#common/lessons.ts';
import type { AppContext } from '#server/context.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { findVisibleClass } from '#server/features/classes/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import type { ChangedLesson } from '#server/lib/domain-events.ts';
import { type IdempotencyKey, idempotent } from '#server/lib/operations/idempotent.ts';
import { announceLessons } from './announce-lessons.ts';
import { lockChangeableLesson, refuseUnlessPending } from './changeable-lesson.ts';
import { checkLessonTimes } from './create-lesson.ts';
import { lockClassTeacher, lockRooms, refuseClash } from './lesson-clashes.ts';
import { type LessonVenue, lessonVenue, venueColumns } from './lesson-venue.ts';
import { findVisibleLesson } from './queries.ts';

const iso = (value: string) => new Date(value).toISOString();

/** What a move or a cancel did, as kept for a retry with the same key. */
interface Changed {
  schedule_id: string;
  /** The lesson's times before; null when a move changed nothing (the same times again). */
  before: { start: string; end: string } | null;
}

async function lessonToChange(ctx: AppContext, actor: SessionUser, scheduleId: string) {
  const row = await findVisibleLesson(ctx.database.db, actor, scheduleId);
  const lesson = (before: { start: string; end: string }): ChangedLesson => ({
    scheduleId: row.schedule_id,
    classId: row.class_id,
    className: row.class_name,
    topic: row.topic,
    ...before,
  });
  return { row, lesson };
}

/** Moves the lesson to its new start and end; returns its id. */
export async function moveLesson(
  ctx: AppContext,
  actor: SessionUser,
  input: { scheduleId: string; times: MoveLessonInput; idempotencyKey?: IdempotencyKey },
): Promise<string> {
  const { db, dialect } = ctx.database;
  const now = ctx.clock.now();
  const { times } = input;
  const { row, lesson } = await lessonToChange(ctx, actor, input.scheduleId);
  const klass = await findVisibleClass(db, actor, row.class_id);
  const venueChosen = times.venue !== undefined || times.room_id != null;
  const moved = await idempotent<LessonVenue | null, Changed>(
    ctx,
    { userId: actor.user_id, key: input.idempotencyKey, scope: `schedule-move:${row.schedule_id}` },
    {
      prepare: async () => {
        refuseUnlessPending(row.status);
        checkLessonTimes(ctx, klass, times, now);
        // Another venue asked for: the checks a new lesson's venue passes (a room in use, the
        // class's link when the lesson goes on it).
        return venueChosen ? lessonVenue(db, klass, times) : null;
      },
      write: async (trx, chosen) => {
        const teacherId = await lockClassTeacher(trx, dialect, row.class_id);
        const current = await lockChangeableLesson(trx, dialect, row.schedule_id);
        const before = { start: iso(current.start_time), end: iso(current.end_time) };
        const where: LessonVenue = chosen ?? {
          venue: current.venue,
          roomId: current.room_id,
        };
        const sameVenue = where.venue === current.venue && where.roomId === current.room_id;
        if (sameVenue && before.start === times.start_time && before.end === times.end_time) {
          return { schedule_id: row.schedule_id, before: null };
        }
        // A room kept at the new time may since be archived (its lessons stay); a room newly
        // chosen must be in use. Either is checked for clashes under its lock.
        const planned = {
          start: new Date(times.start_time),
          end: new Date(times.end_time),
          roomId: where.roomId,
        };
        await lockRooms(trx, dialect, [planned], where.roomId === current.room_id ? 'kept' : 'new');
        await refuseClash(trx, {
          classId: row.class_id,
          // A covered lesson moves with its substitute: their time is what it must fit.
          teacherId: current.substitute_teacher_id ?? teacherId,
          lesson: planned,
          now,
          ignoredLessonIds: [row.schedule_id],
          timeZone: ctx.config.centerTimezone,
        });
        await trx
          .updateTable('schedules')
          .set((eb) => ({
            start_time: times.start_time,
            end_time: times.end_time,
            ...venueColumns(where),
            updated_at: now.toISOString(),
            sequence: eb('sequence', '+', 1),
          }))
          .where('schedule_id', '=', row.schedule_id)
          .execute();
        await recordAudit(trx, {
          action: 'lesson.move',
          recordType: 'lesson',
          recordId: row.schedule_id,
          before: {
            start_time: before.start,
            end_time: before.end,
            venue: current.venue,
            room_id: current.room_id,
          },
          after: {
            start_time: new Date(times.start_time).toISOString(),
            end_time: new Date(times.end_time).toISOString(),
            venue: where.venue,
            room_id: where.roomId,
          },
        });
        return { schedule_id: row.schedule_id, before };
      },
      announce: async ({ before }) => {
        if (!before) return;
        await ctx.domainEvents.publish({
          type: 'lesson.moved',
          lesson: lesson(before),
          newStart: times.start_time,
          newEnd: times.end_time,
          actorId: actor.user_id,
        });
        await announceLessons(ctx, row.class_id, { scheduleId: row.schedule_id });
      },
    },
  );
  return moved.schedule_id;
}

/** Cancels the lesson with its reason (trimmed by the schema); returns its id. */
export async function cancelLesson(
  ctx: AppContext,
  actor: SessionUser,
  input: { scheduleId: string; reason: string; idempotencyKey?: IdempotencyKey },
): Promise<string> {
  const { dialect } = ctx.database;
  const now = ctx.clock.now().toISOString();
  const { reason } = input;
  const { row, lesson } = await lessonToChange(ctx, actor, input.scheduleId);
  const cancelled = await idempotent<void, Changed>(
    ctx,
    {
      userId: actor.user_id,
      key: input.idempotencyKey,
      scope: `schedule-cancel:${row.schedule_id}`,
    },
    {
      prepare: async () => refuseUnlessPending(row.status),
      write: async (trx) => {
        const current = await lockChangeableLesson(trx, dialect, row.schedule_id);
        await trx
          .updateTable('schedules')
          .set((eb) => ({
            status: 'cancelled' as const,
            cancel_reason: reason,
            cancelled_at: now,
            cancelled_by: actor.user_id,
            updated_at: now,
            sequence: eb('sequence', '+', 1),
          }))
          .where('schedule_id', '=', row.schedule_id)
          .execute();
        await recordAudit(trx, {
          action: 'lesson.cancel',
          recordType: 'lesson',
          recordId: row.schedule_id,
          changes: {
            status: { before: current.status, after: 'cancelled' },
            cancel_reason: { before: null, after: reason },
          },
        });
        const before = { start: iso(current.start_time), end: iso(current.end_time) };
        return { schedule_id: row.schedule_id, before };
      },
      announce: async ({ before }) => {
        if (!before) return;
        await ctx.domainEvents.publish({
          type: 'lesson.cancelled',
          lesson: lesson(before),
          reason,
          actorId: actor.user_id,
        });
        await announceLessons(ctx, row.class_id, { scheduleId: row.schedule_id });
      },
    },
  );
  return cancelled.schedule_id;
}
