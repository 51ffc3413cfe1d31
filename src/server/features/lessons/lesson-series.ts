// Recurring lessons: a term of lessons planned in one step (weekdays at one local time, numbered
// topics such as 'Unit {n}'), previewed with their clashes and the closed days they leave out
// before anything is written, created in one transaction under one key
// (change-following-lessons.ts changes or deletes "this and following lessons"). Once created
// they are ordinary lessons: every other rule (starting, ending, deleting one, the dashboard)
// treats them as any other.

import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SERIES_MAX_LESSONS } from '#common/constants.ts';
import type {
  CreateLessonSeriesInput,
  LessonSeriesInput,
  SeriesPreviewDto,
} from '#common/lesson-series.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { findVisibleClass } from '#server/features/classes/index.ts';
import { closedDaysBetween } from '#server/features/closed-days/index.ts';
import { recordAudits } from '#server/lib/audit.ts';
import { addDays, instantOfLocalTime, isoWeekday, localDate } from '#server/lib/center-time.ts';
import { type IdempotencyKey, idempotent } from '#server/lib/operations/idempotent.ts';
import { announceLessons } from './announce-lessons.ts';
import { LESSON_AUDIT_FIELDS, pendingLessonRow } from './create-lesson.ts';
import { type Clash, findOverlaps, lockBooking, type PlannedLesson } from './lesson-clashes.ts';
import { lessonVenue } from './lesson-venue.ts';

interface ClassDates {
  start_date: string;
  end_date: string;
}

/** A planned lesson, and the closed day it falls on (left out unless ticked back in). */
export interface SeriesLesson extends PlannedLesson {
  closedDay: { date: string; name: string; included: boolean } | null;
}

/** Whether the series leaves the lesson out for its closed day. */
const onClosedDay = (lesson: SeriesLesson) => lesson.closedDay?.included === false;

/**
 * Every lesson the series describes, in time order, inside the class's dates. A lesson on a
 * closed day (`closedDays`: date → name) is listed but left out, unless its date is in
 * include_closed_dates, and does not count towards `count`: twelve lessons over Tết are twelve
 * lessons held.
 */
export function planSeries(
  input: LessonSeriesInput,
  klass: ClassDates,
  timeZone: string,
  closedDays: ReadonlyMap<string, string> = new Map(),
) {
  const lastAllowed = klass.end_date;
  if (input.first_date < klass.start_date || (input.end_date ?? '') > lastAllowed) {
    throw new AppError('SERIES_OUTSIDE_CLASS', {
      field: input.first_date < klass.start_date ? 'first_date' : 'end_date',
      params: { start: klass.start_date, end: klass.end_date },
    });
  }
  const lastDate =
    input.end_date && input.end_date < lastAllowed ? input.end_date : (lastAllowed as string);
  const wanted = input.count ?? Number.POSITIVE_INFINITY;
  const weekdays = new Set(input.weekdays);
  const included = new Set(input.include_closed_dates ?? []);
  const lessons: SeriesLesson[] = [];
  let held = 0;
  for (let date = input.first_date; date <= lastDate && held < wanted; ) {
    if (weekdays.has(isoWeekday(date))) {
      const start = instantOfLocalTime(date, input.start_time, timeZone);
      const end = new Date(start.getTime() + input.duration_minutes * 60_000);
      // A late lesson that would run past the class's last day is not part of the class.
      if (localDate(new Date(end.getTime() - 1), timeZone) > lastAllowed) break;
      const closedName = closedDays.get(date);
      const closedDay =
        closedName === undefined ? null : { date, name: closedName, included: included.has(date) };
      lessons.push({ start, end, closedDay });
      if (closedDay?.included !== false) held += 1;
      if (held > SERIES_MAX_LESSONS) {
        throw new AppError('SERIES_TOO_MANY', { field: 'end_date' });
      }
    }
    date = addDays(date, 1);
  }
  if (lessons.length === 0) throw new AppError('SERIES_EMPTY', { field: 'weekdays' });
  const stoppedAtClassEnd =
    input.count != null &&
    held < input.count &&
    (input.end_date == null || input.end_date >= lastAllowed);
  return { lessons, stoppedAtClassEnd };
}

/** 'Unit {n}' → 'Unit 3'. */
export const topicOf = (pattern: string, n: number) => pattern.replaceAll('{n}', String(n));

/** The closed days a series starting on `firstDate` could meet inside the class. */
const closedDaysOfSeries = (db: Kysely<Database>, firstDate: string, klass: ClassDates) =>
  closedDaysBetween(db, firstDate, klass.end_date);

/** What the series would create, with each lesson's clash and closed day; nothing is written. */
export async function previewSeries(
  ctx: AppContext,
  actor: SessionUser,
  classId: string,
  input: LessonSeriesInput,
): Promise<SeriesPreviewDto> {
  const { db } = ctx.database;
  const klass = await findVisibleClass(db, actor, classId);
  const closedDays = await closedDaysOfSeries(db, input.first_date, klass);
  const timeZone = ctx.config.centerTimezone;
  const planned = planSeries(input, klass, timeZone, closedDays);
  const { roomId } = await lessonVenue(db, klass, input);
  const lessons = planned.lessons.map((lesson) => ({ ...lesson, roomId }));
  const stoppedAtClassEnd = planned.stoppedAtClassEnd;
  // Only the lessons the series keeps can clash: one left out for its closed day is not booked.
  const kept = lessons.filter((lesson) => !onClosedDay(lesson));
  const clashes = await findOverlaps(db, {
    classId,
    teacherId: klass.teacher_id,
    lessons: kept,
    now: ctx.clock.now(),
  });
  const clashOf = new Map(kept.map((lesson, index) => [lesson, clashes[index] as Clash]));
  let n = 0;
  return {
    lessons: lessons.map((lesson, index) => {
      const { clash, clash_with, clash_start, clash_end } = clashOf.get(lesson) ?? {
        clash: null,
        clash_with: null,
      };
      return {
        position: index + 1,
        topic: clash || onClosedDay(lesson) ? null : topicOf(input.topic_pattern, ++n),
        start_time: lesson.start.toISOString(),
        end_time: lesson.end.toISOString(),
        clash,
        clash_with,
        ...(clash_start ? { clash_start, clash_end } : {}),
        closed_day: lesson.closedDay,
      };
    }),
    stopped_at_class_end: stoppedAtClassEnd,
  };
}

export interface SeriesCreated {
  series_id: string;
  created: number;
  skipped: number;
  /** Left out for their closed days. */
  closed: number;
}

/**
 * Creates the series in one transaction. With on_clash 'refuse' any clash refuses the whole
 * series; with 'skip' the clashing lessons are left out and the rest numbered in order. A retry
 * with the same key is answered with the first reply's numbers.
 */
export async function createSeries(
  ctx: AppContext,
  actor: SessionUser,
  input: { classId: string; series: CreateLessonSeriesInput; idempotencyKey?: IdempotencyKey },
): Promise<SeriesCreated> {
  const { db, dialect } = ctx.database;
  const { classId, series } = input;
  const now = ctx.clock.now();
  const klass = await findVisibleClass(db, actor, classId);
  const created: string[] = [];
  return idempotent(
    ctx,
    { userId: actor.user_id, key: input.idempotencyKey, scope: `series:${classId}` },
    {
      prepare: async () => {
        const closedDays = await closedDaysOfSeries(db, series.first_date, klass);
        const planned = planSeries(series, klass, ctx.config.centerTimezone, closedDays).lessons;
        const where = await lessonVenue(db, klass, series);
        return { where, lessons: planned.map((lesson) => ({ ...lesson, roomId: where.roomId })) };
      },
      write: async (trx, { where, lessons: planned }): Promise<SeriesCreated> => {
        created.length = 0;
        const lessons = planned.filter((lesson) => !onClosedDay(lesson));
        const closed = planned.length - lessons.length;
        if (lessons.length === 0) throw new AppError('SERIES_ALL_CLOSED');
        const teacherId = await lockBooking(trx, dialect, { classId, lessons });
        const clashes = await findOverlaps(trx, { classId, teacherId, lessons, now });
        const clashCount = clashes.filter((c) => c.clash).length;
        if (clashCount > 0 && series.on_clash === 'refuse') {
          throw new AppError('SERIES_CLASHES', { params: { count: String(clashCount) } });
        }
        const kept = lessons.filter((_, index) => !clashes[index]?.clash);
        if (kept.length === 0) throw new AppError('SERIES_NOTHING_TO_CREATE');
        const seriesId = randomUUID();
        const rows = kept.map((lesson, index) =>
          pendingLessonRow({
            schedule_id: randomUUID(),
            class_id: classId,
            topic: topicOf(series.topic_pattern, index + 1),
            description: series.description ?? null,
            start_time: lesson.start.toISOString(),
            end_time: lesson.end.toISOString(),
            now: now.toISOString(),
            series: { id: seriesId, index: index + 1 },
            where,
          }),
        );
        await trx.insertInto('schedules').values(rows).execute();
        await recordAudits(trx, [
          {
            action: 'series.create',
            recordType: 'series',
            recordId: seriesId,
            before: null,
            after: { class_id: classId, lessons: rows.length, topic_pattern: series.topic_pattern },
          },
          ...rows.map((row) => ({
            action: 'lesson.create' as const,
            recordType: 'lesson' as const,
            recordId: row.schedule_id,
            before: null,
            after: row,
            only: LESSON_AUDIT_FIELDS,
          })),
        ]);
        created.push(...rows.map((row) => row.schedule_id));
        return { series_id: seriesId, created: kept.length, skipped: clashCount, closed };
      },
      // A key recorded before closed days existed kept no count of them.
      replay: (stored: SeriesCreated) => ({ ...stored, closed: stored.closed ?? 0 }),
      announce: async () => {
        await announceLessons(ctx, classId);
        const event = { classId, lessonIds: created, actorId: actor.user_id };
        await ctx.domainEvents.publish({ type: 'lessons.created', ...event });
      },
    },
  );
}
