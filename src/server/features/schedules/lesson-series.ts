// Recurring lessons: a term of lessons planned in one step (weekdays at one local time, numbered
// topics such as 'Unit {n}'), previewed with their clashes before anything is written, created in
// one transaction under one idempotency key; and "this and following lessons" of a series changed
// or deleted together (pending ones only). Once created they are ordinary lessons: every other
// rule (starting, ending, deleting one, the dashboard) treats them as any other.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { SERIES_MAX_LESSONS } from '#common/constants.ts';
import type {
  ChangeFollowingLessonsInput,
  CreateLessonSeriesInput,
  LessonSeriesInput,
  SeriesClash,
  SeriesPreviewDto,
} from '#common/lesson-series.ts';
import type { AppContext } from '#server/context.ts';
import { forUpdate } from '#server/db/locking.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { findVisibleClass } from '#server/features/classes/queries.ts';
import { findKeyedResource, rememberKey } from '#server/http/idempotency.ts';
import { addDays, instantOfLocalTime, isoWeekday, localDate } from '#server/lib/center-time.ts';
import { pendingLessonRow } from './create-schedule.ts';
import { findVisibleSchedule } from './queries.ts';

interface PlannedLesson {
  start: Date;
  end: Date;
}

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

interface Clash {
  clash: SeriesClash | null;
  clash_with: string | null;
}

const time = (value: string | Date) => new Date(value).getTime();

/**
 * What each planned lesson runs into: a time already past, another lesson of the class, or a
 * lesson of the teacher's other (active) classes. One read covers the whole series' span.
 */
async function findClashes(
  db: Kysely<Database>,
  classId: string,
  teacherId: string,
  lessons: readonly PlannedLesson[],
  now: Date,
  ignoredLessonIds: readonly string[] = [],
): Promise<Clash[]> {
  const first = lessons[0];
  const last = lessons.at(-1);
  if (!first || !last) return [];
  let query = db
    .selectFrom('schedules as s')
    .innerJoin('classes as c', 'c.class_id', 's.class_id')
    .select(['s.class_id', 's.start_time', 's.end_time', 'c.class_name'])
    .where('s.start_time', '<', last.end.toISOString())
    .where('s.end_time', '>', first.start.toISOString())
    .where((eb) =>
      eb.or([
        eb('s.class_id', '=', classId),
        eb.and([eb('c.teacher_id', '=', teacherId), eb('c.is_active', '=', true)]),
      ]),
    );
  if (ignoredLessonIds.length > 0) query = query.where('s.schedule_id', 'not in', ignoredLessonIds);
  const existing = (await query.execute()).map((row) => ({
    ownClass: row.class_id === classId,
    start: time(row.start_time),
    end: time(row.end_time),
    className: row.class_name,
  }));
  return lessons.map((lesson) => {
    if (lesson.start.getTime() < now.getTime()) return { clash: 'past', clash_with: null };
    const overlapping = existing.filter(
      (other) => other.start < lesson.end.getTime() && other.end > lesson.start.getTime(),
    );
    const own = overlapping.find((other) => other.ownClass);
    if (own) return { clash: 'class', clash_with: own.className };
    const teachers = overlapping[0];
    if (teachers) return { clash: 'teacher', clash_with: teachers.className };
    return { clash: null, clash_with: null };
  });
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
  const { lessons, stoppedAtClassEnd } = planSeries(input, klass, ctx.config.centerTimezone);
  const clashes = await findClashes(db, classId, klass.teacher_id, lessons, ctx.clock.now());
  let n = 0;
  return {
    lessons: lessons.map((lesson, index) => {
      const { clash, clash_with } = clashes[index] as Clash;
      return {
        position: index + 1,
        topic: clash ? null : topicOf(input.topic_pattern, ++n),
        start_time: lesson.start.toISOString(),
        end_time: lesson.end.toISOString(),
        clash,
        clash_with,
      };
    }),
    stopped_at_class_end: stoppedAtClassEnd,
  };
}

/** Takes the teacher's row lock (PostgreSQL): one booking of the teacher's time at a time. */
async function lockTeacher(trx: Transaction<Database>, ctx: AppContext, teacherId: string) {
  await forUpdate(
    trx.selectFrom('users').select('user_id').where('user_id', '=', teacherId),
    ctx.database.dialect,
  ).execute();
}

export interface SeriesCreated {
  series_id: string;
  created: number;
  skipped: number;
}

// The key's record names the series and how many lessons it left out, so a retry is answered
// with the first reply's numbers: 'series-id|skipped'.
const keyedSeries = (resource: string): SeriesCreated & { resource: string } => {
  const [seriesId = resource, skipped = '0'] = resource.split('|');
  return { resource, series_id: seriesId, created: 0, skipped: Number(skipped) };
};

async function countSeriesLessons(db: Kysely<Database>, seriesId: string) {
  const row = await db
    .selectFrom('schedules')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('series_id', '=', seriesId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Creates the series in one transaction. With on_clash 'refuse' any clash refuses the whole
 * series; with 'skip' the clashing lessons are left out and the rest numbered in order.
 */
export async function createSeries(
  ctx: AppContext,
  actor: SessionUser,
  classId: string,
  input: CreateLessonSeriesInput,
  idempotencyKey?: string,
): Promise<SeriesCreated> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const klass = await findVisibleClass(db, actor, classId);
  const keyScope = `series:${classId}`;
  const answerFor = async (resource: string) => {
    const earlier = keyedSeries(resource);
    return { ...earlier, created: await countSeriesLessons(db, earlier.series_id) };
  };
  if (idempotencyKey) {
    const earlier = await findKeyedResource(db, actor.user_id, idempotencyKey, keyScope);
    if (earlier) return answerFor(earlier);
  }
  const { lessons } = planSeries(input, klass, ctx.config.centerTimezone);

  const seriesId = randomUUID();
  let earlierResource: string | undefined;
  let result: SeriesCreated | undefined;
  await db.transaction().execute(async (trx) => {
    await lockTeacher(trx, ctx, klass.teacher_id);
    if (idempotencyKey) {
      earlierResource = await findKeyedResource(trx, actor.user_id, idempotencyKey, keyScope);
      if (earlierResource) return;
    }
    const clashes = await findClashes(trx, classId, klass.teacher_id, lessons, now);
    const clashCount = clashes.filter((c) => c.clash).length;
    if (clashCount > 0 && input.on_clash === 'refuse') {
      throw new AppError('SERIES_CLASHES', { params: { count: String(clashCount) } });
    }
    const kept = lessons.filter((_, index) => !clashes[index]?.clash);
    if (kept.length === 0) throw new AppError('SERIES_NOTHING_TO_CREATE');
    const nowIso = now.toISOString();
    await trx
      .insertInto('schedules')
      .values(
        kept.map((lesson, index) =>
          pendingLessonRow({
            schedule_id: randomUUID(),
            class_id: classId,
            topic: topicOf(input.topic_pattern, index + 1),
            description: input.description ?? null,
            start_time: lesson.start.toISOString(),
            end_time: lesson.end.toISOString(),
            now: nowIso,
            series: { id: seriesId, index: index + 1 },
          }),
        ),
      )
      .execute();
    if (idempotencyKey) {
      await rememberKey(trx, {
        userId: actor.user_id,
        key: idempotencyKey,
        scope: keyScope,
        resourceId: `${seriesId}|${clashCount}`,
        now,
      });
    }
    result = { series_id: seriesId, created: kept.length, skipped: clashCount };
  });
  if (earlierResource) return answerFor(earlierResource);
  return result as SeriesCreated;
}

/** The pending lessons of the lesson's series from it on, in time order (the lesson first). */
async function thisAndFollowing(trx: Kysely<Database>, seriesId: string, fromStart: string | Date) {
  return trx
    .selectFrom('schedules')
    .select(['schedule_id', 'topic', 'start_time', 'end_time', 'series_index'])
    .where('series_id', '=', seriesId)
    .where('start_time', '>=', new Date(fromStart).toISOString())
    .where('status', '=', 'pending')
    .orderBy('start_time')
    .execute();
}

async function seriesLessonToChange(ctx: AppContext, actor: SessionUser, scheduleId: string) {
  const row = await findVisibleSchedule(ctx.database.db, actor, scheduleId);
  if (!row.series_id) throw new AppError('SERIES_NOT_A_SERIES');
  if (row.status !== 'pending') throw new AppError('SERIES_LESSON_NOT_PENDING');
  return { ...row, series_id: row.series_id };
}

export interface FollowingChanged {
  classId: string;
  className: string;
  scheduleIds: string[];
  /** The lessons as they were, with their new start when their time changed. */
  lessons: { scheduleId: string; topic: string; start: string; newStart?: string }[];
  timesChanged: boolean;
}

/**
 * Changes the topic pattern, time of day or length of the lesson and the pending lessons after
 * it in its series. Each keeps its date; a new time that would clash (or be past) changes nothing.
 */
export async function changeFollowingLessons(
  ctx: AppContext,
  actor: SessionUser,
  scheduleId: string,
  input: ChangeFollowingLessonsInput,
): Promise<FollowingChanged> {
  const { db } = ctx.database;
  const zone = ctx.config.centerTimezone;
  const now = ctx.clock.now();
  const row = await seriesLessonToChange(ctx, actor, scheduleId);
  let changed: FollowingChanged['lessons'] = [];
  const timesChange = input.start_time !== undefined || input.duration_minutes !== undefined;
  await db.transaction().execute(async (trx) => {
    await lockTeacher(trx, ctx, row.teacher_id);
    const lessons = await thisAndFollowing(trx, row.series_id, row.start_time);
    const retimed = lessons.map((lesson) => {
      const start = new Date(lesson.start_time);
      const minutes =
        input.duration_minutes ?? Math.round((time(lesson.end_time) - start.getTime()) / 60_000);
      const newStart = input.start_time
        ? instantOfLocalTime(localDate(start, zone), input.start_time, zone)
        : start;
      return { start: newStart, end: new Date(newStart.getTime() + minutes * 60_000) };
    });
    if (timesChange) {
      const ids = lessons.map((lesson) => lesson.schedule_id);
      const clashes = await findClashes(trx, row.class_id, row.teacher_id, retimed, now, ids);
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
        .set({
          updated_at: nowIso,
          ...(timesChange
            ? { start_time: times.start.toISOString(), end_time: times.end.toISOString() }
            : {}),
          ...(input.topic_pattern !== undefined
            ? { topic: topicOf(input.topic_pattern, Number(lesson.series_index ?? index + 1)) }
            : {}),
        })
        .where('schedule_id', '=', lesson.schedule_id)
        .where('status', '=', 'pending')
        .execute();
    }
    changed = lessons.map((lesson, index) => ({
      scheduleId: lesson.schedule_id,
      topic: lesson.topic,
      start: new Date(lesson.start_time).toISOString(),
      ...(timesChange ? { newStart: (retimed[index] as PlannedLesson).start.toISOString() } : {}),
    }));
  });
  return {
    classId: row.class_id,
    className: row.class_name,
    scheduleIds: changed.map((lesson) => lesson.scheduleId),
    lessons: changed,
    timesChanged: timesChange,
  };
}

/** Deletes the lesson and the pending lessons after it in its series. */
export async function deleteFollowingLessons(
  ctx: AppContext,
  actor: SessionUser,
  scheduleId: string,
): Promise<FollowingChanged> {
  const { db } = ctx.database;
  const row = await seriesLessonToChange(ctx, actor, scheduleId);
  let deleted: FollowingChanged['lessons'] = [];
  await db.transaction().execute(async (trx) => {
    await lockTeacher(trx, ctx, row.teacher_id);
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
  });
  return {
    classId: row.class_id,
    className: row.class_name,
    scheduleIds: deleted.map((lesson) => lesson.scheduleId),
    lessons: deleted,
    timesChanged: false,
  };
}
