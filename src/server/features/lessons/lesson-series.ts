// Recurring lessons: a term of lessons planned in one step (weekdays at one local time, numbered
// topics such as 'Unit {n}'), previewed with their clashes before anything is written, created in
// one transaction under one key (change-following-lessons.ts changes or deletes "this and
// following lessons"). Once created they are ordinary lessons: every other rule (starting,
// ending, deleting one, the dashboard) treats them as any other.
import { randomUUID } from 'node:crypto';
import { SERIES_MAX_LESSONS } from '#common/constants.ts';
import type {
  CreateLessonSeriesInput,
  LessonSeriesInput,
  SeriesPreviewDto,
} from '#common/lesson-series.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { findVisibleClass } from '#server/features/classes/index.ts';
import { addDays, instantOfLocalTime, isoWeekday, localDate } from '#server/lib/center-time.ts';
import { idempotent } from '#server/lib/operations/idempotent.ts';
import { announceLessons } from './announce-lessons.ts';
import { pendingLessonRow } from './create-lesson.ts';
import { type Clash, findOverlaps, lockBooking, type PlannedLesson } from './lesson-clashes.ts';
import { lessonVenue } from './lesson-venue.ts';

interface ClassDates {
  start_date: string;
  end_date: string;
}

/** Every lesson the series describes, in time order, inside the class's dates. */
export function planSeries(input: LessonSeriesInput, klass: ClassDates, timeZone: string) {
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
  const lessons: PlannedLesson[] = [];
  for (let date = input.first_date; date <= lastDate && lessons.length < wanted; ) {
    if (weekdays.has(isoWeekday(date))) {
      const start = instantOfLocalTime(date, input.start_time, timeZone);
      const end = new Date(start.getTime() + input.duration_minutes * 60_000);
      // A late lesson that would run past the class's last day is not part of the class.
      if (localDate(new Date(end.getTime() - 1), timeZone) > lastAllowed) break;
      lessons.push({ start, end });
      if (lessons.length > SERIES_MAX_LESSONS) {
        throw new AppError('SERIES_TOO_MANY', { field: 'end_date' });
      }
    }
    date = addDays(date, 1);
  }
  if (lessons.length === 0) throw new AppError('SERIES_EMPTY', { field: 'weekdays' });
  const stoppedAtClassEnd =
    input.count != null &&
    lessons.length < input.count &&
    (input.end_date == null || input.end_date >= lastAllowed);
  return { lessons, stoppedAtClassEnd };
}

/** 'Unit {n}' → 'Unit 3'. */
export const topicOf = (pattern: string, n: number) => pattern.replaceAll('{n}', String(n));

/** What the series would create, with each lesson's clash; nothing is written. */
export async function previewSeries(
  ctx: AppContext,
  actor: SessionUser,
  classId: string,
  input: LessonSeriesInput,
): Promise<SeriesPreviewDto> {
  const { db } = ctx.database;
  const klass = await findVisibleClass(db, actor, classId);
  const planned = planSeries(input, klass, ctx.config.centerTimezone);
  const { roomId } = await lessonVenue(db, klass, input);
  const lessons = planned.lessons.map((lesson) => ({ ...lesson, roomId }));
  const stoppedAtClassEnd = planned.stoppedAtClassEnd;
  const clashes = await findOverlaps(db, {
    classId,
    teacherId: klass.teacher_id,
    lessons,
    now: ctx.clock.now(),
  });
  let n = 0;
  return {
    lessons: lessons.map((lesson, index) => {
      const { clash, clash_with, clash_start, clash_end } = clashes[index] as Clash;
      return {
        position: index + 1,
        topic: clash ? null : topicOf(input.topic_pattern, ++n),
        start_time: lesson.start.toISOString(),
        end_time: lesson.end.toISOString(),
        clash,
        clash_with,
        ...(clash_start ? { clash_start, clash_end } : {}),
      };
    }),
    stopped_at_class_end: stoppedAtClassEnd,
  };
}

export interface SeriesCreated {
  series_id: string;
  created: number;
  skipped: number;
}

/**
 * Creates the series in one transaction. With on_clash 'refuse' any clash refuses the whole
 * series; with 'skip' the clashing lessons are left out and the rest numbered in order. A retry
 * with the same key is answered with the first reply's numbers.
 */
export async function createSeries(
  ctx: AppContext,
  actor: SessionUser,
  input: { classId: string; series: CreateLessonSeriesInput; idempotencyKey?: string },
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
        const planned = planSeries(series, klass, ctx.config.centerTimezone).lessons;
        const where = await lessonVenue(db, klass, series);
        return { where, lessons: planned.map((lesson) => ({ ...lesson, roomId: where.roomId })) };
      },
      write: async (trx, { where, lessons }): Promise<SeriesCreated> => {
        created.length = 0;
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
        created.push(...rows.map((row) => row.schedule_id));
        return { series_id: seriesId, created: kept.length, skipped: clashCount };
      },
      announce: async () => {
        await announceLessons(ctx, classId);
        const event = { classId, lessonIds: created, actorId: actor.user_id };
        await ctx.domainEvents.publish({ type: 'lessons.created', ...event });
      },
    },
  );
}
