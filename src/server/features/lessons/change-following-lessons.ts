// "This and following lessons" of a series (pending ones only): their topic pattern, time of
// day or length changed together, or all of them deleted. Everyone affected is told, through the
// domain events this publishes.

import type { Kysely } from 'kysely';
import type { ChangeFollowingLessonsInput } from '#common/lesson-series.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { recordAudits } from '#server/lib/audit.ts';
import { instantOfLocalTime, localDate } from '#server/lib/center-time.ts';
import type { LessonChange } from '#server/lib/domain-events.ts';
import { announceLessons } from './announce-lessons.ts';
import { findOverlaps, lockClassTeacher, lockRooms, type PlannedLesson } from './lesson-clashes.ts';
import { topicOf } from './lesson-series.ts';
import { findVisibleLesson } from './queries.ts';

const time = (value: string | Date) => new Date(value).getTime();

/** The pending lessons of the lesson's series from it on, in time order (the lesson first). */
async function thisAndFollowing(trx: Kysely<Database>, seriesId: string, fromStart: string | Date) {
  return trx
    .selectFrom('schedules')
    .select([
      'schedule_id',
      'topic',
      'start_time',
      'end_time',
      'series_index',
      'room_id',
      'substitute_teacher_id',
    ])
    .where('series_id', '=', seriesId)
    .where('start_time', '>=', new Date(fromStart).toISOString())
    .where('status', '=', 'pending')
    .orderBy('start_time')
    .execute();
}

async function seriesLessonToChange(ctx: AppContext, actor: SessionUser, scheduleId: string) {
  const row = await findVisibleLesson(ctx.database.db, actor, scheduleId);
  if (!row.series_id) throw new AppError('SERIES_NOT_A_SERIES');
  if (row.status !== 'pending') throw new AppError('SERIES_LESSON_NOT_PENDING');
  return { ...row, series_id: row.series_id };
}

export interface FollowingChanged {
  classId: string;
  className: string;
  lessonIds: string[];
  /** The lessons as they were, with their new start when their time changed. */
  lessons: LessonChange[];
  timesChanged: boolean;
}

/**
 * Tells open tabs, and (when times changed or lessons went) whoever reacts to lessons moved or
 * deleted (lib/domain-events.ts); returns the change as the reply names it.
 */
async function publishChange(
  ctx: AppContext,
  actor: SessionUser,
  change: {
    type: 'lessons.moved' | 'lessons.deleted';
    row: { class_id: string; class_name: string };
    lessons: LessonChange[];
    timesChanged: boolean;
  },
): Promise<FollowingChanged> {
  const { type, row, lessons, timesChanged } = change;
  const classId = row.class_id;
  const className = row.class_name;
  await announceLessons(ctx, classId);
  if (type === 'lessons.deleted' || timesChanged) {
    await ctx.domainEvents.publish({ type, classId, className, lessons, actorId: actor.user_id });
  }
  const lessonIds = lessons.map((lesson) => lesson.scheduleId);
  return { classId, className, lessonIds, lessons, timesChanged };
}

/**
 * Changes the topic pattern, time of day or length of the lesson and the pending lessons after
 * it in its series. Each keeps its date; a new time that would clash (or be past) changes nothing.
 */
export async function changeFollowingLessons(
  ctx: AppContext,
  actor: SessionUser,
  input: { scheduleId: string; change: ChangeFollowingLessonsInput },
): Promise<FollowingChanged> {
  const { db, dialect } = ctx.database;
  const { change } = input;
  const zone = ctx.config.centerTimezone;
  const now = ctx.clock.now();
  const row = await seriesLessonToChange(ctx, actor, input.scheduleId);
  let changed: FollowingChanged['lessons'] = [];
  const timesChange = change.start_time !== undefined || change.duration_minutes !== undefined;
  await db.transaction().execute(async (trx) => {
    const teacherId = await lockClassTeacher(trx, dialect, row.class_id);
    const lessons = await thisAndFollowing(trx, row.series_id, row.start_time);
    const retimed = lessons.map((lesson) => {
      const start = new Date(lesson.start_time);
      const minutes =
        change.duration_minutes ?? Math.round((time(lesson.end_time) - start.getTime()) / 60_000);
      const newStart = change.start_time
        ? instantOfLocalTime(localDate(start, zone), change.start_time, zone)
        : start;
      const end = new Date(newStart.getTime() + minutes * 60_000);
      // A covered lesson is checked against its substitute's time, not the class teacher's.
      return {
        start: newStart,
        end,
        roomId: lesson.room_id,
        teacherId: lesson.substitute_teacher_id,
      };
    });
    // The lessons keep their rooms at their new times: checked under the rooms' locks.
    if (timesChange) await lockRooms(trx, dialect, retimed, 'kept');
    if (timesChange) {
      const ids = lessons.map((lesson) => lesson.schedule_id);
      const clashes = await findOverlaps(trx, {
        classId: row.class_id,
        teacherId,
        lessons: retimed,
        now,
        ignoredLessonIds: ids,
      });
      const clashCount = clashes.filter((c) => c.clash).length;
      if (clashCount > 0) {
        throw new AppError('SERIES_CHANGE_CLASHES', { params: { count: String(clashCount) } });
      }
    }
    const nowIso = now.toISOString();
    for (const [index, lesson] of lessons.entries()) {
      const times = retimed[index] as PlannedLesson;
      await trx
        .updateTable('schedules')
        .set((eb) => ({
          updated_at: nowIso,
          // The calendar feeds' SEQUENCE: every lesson changed here changed in them.
          sequence: eb('sequence', '+', 1),
          ...(timesChange
            ? { start_time: times.start.toISOString(), end_time: times.end.toISOString() }
            : {}),
          ...(change.topic_pattern !== undefined
            ? { topic: topicOf(change.topic_pattern, Number(lesson.series_index ?? index + 1)) }
            : {}),
        }))
        .where('schedule_id', '=', lesson.schedule_id)
        .where('status', '=', 'pending')
        .execute();
    }
    await recordAudits(
      trx,
      lessons.map((lesson, index) => {
        const times = retimed[index] as PlannedLesson;
        return {
          action: 'series.update',
          recordType: 'lesson',
          recordId: lesson.schedule_id,
          before: {
            start_time: new Date(lesson.start_time).toISOString(),
            end_time: new Date(lesson.end_time).toISOString(),
            topic: lesson.topic,
          },
          after: {
            start_time: timesChange
              ? times.start.toISOString()
              : new Date(lesson.start_time).toISOString(),
            end_time: timesChange
              ? times.end.toISOString()
              : new Date(lesson.end_time).toISOString(),
            topic:
              change.topic_pattern !== undefined
                ? topicOf(change.topic_pattern, Number(lesson.series_index ?? index + 1))
                : lesson.topic,
          },
        };
      }),
    );
    changed = lessons.map((lesson, index) => ({
      scheduleId: lesson.schedule_id,
      topic: lesson.topic,
      start: new Date(lesson.start_time).toISOString(),
      ...(timesChange ? { newStart: (retimed[index] as PlannedLesson).start.toISOString() } : {}),
    }));
  });
  return publishChange(ctx, actor, {
    type: 'lessons.moved',
    row,
    lessons: changed,
    timesChanged: timesChange,
  });
}

/** Deletes the lesson and the pending lessons after it in its series. */
export async function deleteFollowingLessons(
  ctx: AppContext,
  actor: SessionUser,
  input: { scheduleId: string },
): Promise<FollowingChanged> {
  const { db, dialect } = ctx.database;
  const row = await seriesLessonToChange(ctx, actor, input.scheduleId);
  let deleted: FollowingChanged['lessons'] = [];
  await db.transaction().execute(async (trx) => {
    await lockClassTeacher(trx, dialect, row.class_id);
    const lessons = await thisAndFollowing(trx, row.series_id, row.start_time);
    deleted = lessons.map((lesson) => ({
      scheduleId: lesson.schedule_id,
      topic: lesson.topic,
      start: new Date(lesson.start_time).toISOString(),
    }));
    const deletedIds = deleted.map((lesson) => lesson.scheduleId);
    if (deletedIds.length === 0) return;
    await trx
      .deleteFrom('schedules')
      .where('schedule_id', 'in', deletedIds)
      .where('status', '=', 'pending')
      .execute();
    await recordAudits(
      trx,
      lessons.map((lesson) => ({
        action: 'series.delete',
        recordType: 'lesson',
        recordId: lesson.schedule_id,
        before: {
          class_id: row.class_id,
          topic: lesson.topic,
          start_time: new Date(lesson.start_time).toISOString(),
        },
        after: null,
      })),
    );
  });
  return publishChange(ctx, actor, {
    type: 'lessons.deleted',
    row,
    lessons: deleted,
    timesChanged: false,
  });
}
