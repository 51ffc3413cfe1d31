// A lesson given to a substitute (issue 28, docs/decisions/031): admin and staff give one pending
// lesson, or it and the following pending lessons of its series, to another active teacher, or
// take them back for the class's teacher (null). The substitute must be free: no lesson of their
// own classes (not covered by someone else) and none they already cover at that time. Through the
// operation layer (an Idempotency-Key makes a retry answer the first result); the lessons' calendar
// SEQUENCE goes up, open tabs hear of it, and the people concerned are told (domain event
// 'lessons.substitute-changed').

import type { Transaction } from 'kysely';
import type { SubstituteInput } from '#common/lessons.ts';
import type { AppContext } from '#server/context.ts';
import { forUpdate } from '#server/db/locking.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { recordAudits } from '#server/lib/audit.ts';
import { localDateTimeText } from '#server/lib/center-time.ts';
import type { SubstituteChange } from '#server/lib/domain-events.ts';
import { type IdempotencyKey, idempotent } from '#server/lib/operations/idempotent.ts';
import { announceLessons } from './announce-lessons.ts';
import { lockClassTeacher } from './lesson-clashes.ts';
import { findVisibleLesson } from './queries.ts';

type Lesson = Awaited<ReturnType<typeof findVisibleLesson>>;

interface Given {
  schedule_id: string;
  change: SubstituteChange | null;
}

/** Whether the lesson may still be given: pending, not started, not over. */
const givable = (lesson: { status: string; end_time: string }, now: Date) =>
  lesson.status === 'pending' && Date.parse(lesson.end_time) > now.getTime();

/** The substitute chosen: an active teacher who is not the class's own. */
async function checkSubstitute(ctx: AppContext, lesson: Lesson, teacherId: string | null) {
  if (teacherId === null) return null;
  const user = await ctx.database.db
    .selectFrom('users')
    .select(['user_id', 'full_name'])
    .where('user_id', '=', teacherId)
    .where('role', '=', 'teacher')
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!user) throw new AppError('SUBSTITUTE_NOT_A_TEACHER', { field: 'teacher_id' });
  if (user.user_id === lesson.teacher_id) {
    throw new AppError('SUBSTITUTE_IS_CLASS_TEACHER', { field: 'teacher_id' });
  }
  return user;
}

/** The lessons the change covers, locked: the lesson, and for 'following' its series after it. */
async function lessonsToGive(
  trx: Transaction<Database>,
  ctx: AppContext,
  lesson: Lesson,
  scope: 'one' | 'following',
  now: Date,
) {
  let query = trx
    .selectFrom('schedules as s')
    .select((eb) => [
      's.schedule_id',
      's.topic',
      's.start_time',
      's.end_time',
      's.status',
      's.substitute_teacher_id',
      eb
        .selectFrom('lesson_meetings as m')
        .select('m.schedule_id')
        .whereRef('m.schedule_id', '=', 's.schedule_id')
        .as('starting'),
    ])
    .orderBy('s.start_time');
  query =
    scope === 'following' && lesson.series_id
      ? query
          .where('s.series_id', '=', lesson.series_id)
          .where('s.start_time', '>=', new Date(lesson.start_time).toISOString())
      : query.where('s.schedule_id', '=', lesson.schedule_id);
  const rows = await forUpdate(query, ctx.database.dialect).execute();
  const self = rows.find((row) => row.schedule_id === lesson.schedule_id);
  // A meeting row on a pending lesson is a start under way: that start wins.
  if (!self || !givable(self, now) || self.starting) {
    throw new AppError('SUBSTITUTE_LESSON_NOT_PENDING');
  }
  return rows.filter((row) => givable(row, now) && !row.starting);
}

/**
 * Refuses a substitute who already teaches at one of these times: a lesson of their own active
 * classes that nobody else covers, or one they cover. Names the first such lesson.
 */
async function refuseSubstituteClash(
  trx: Transaction<Database>,
  ctx: AppContext,
  teacherId: string,
  lessons: readonly { schedule_id: string; start_time: string; end_time: string }[],
) {
  const first = lessons[0];
  const last = lessons.at(-1);
  if (!first || !last) return;
  const busy = await trx
    .selectFrom('schedules as s')
    .innerJoin('classes as c', 'c.class_id', 's.class_id')
    .select(['s.start_time', 's.end_time', 'c.class_name'])
    .where('s.start_time', '<', new Date(last.end_time).toISOString())
    .where('s.end_time', '>', new Date(first.start_time).toISOString())
    .where('s.status', '!=', 'cancelled')
    .where('c.is_active', '=', true)
    .where(
      's.schedule_id',
      'not in',
      lessons.map((lesson) => lesson.schedule_id),
    )
    .where((eb) =>
      eb.or([
        eb('s.substitute_teacher_id', '=', teacherId),
        eb.and([eb('c.teacher_id', '=', teacherId), eb('s.substitute_teacher_id', 'is', null)]),
      ]),
    )
    .orderBy('s.start_time')
    .execute();
  const time = (value: string) => Date.parse(value);
  for (const lesson of lessons) {
    const clash = busy.find(
      (other) =>
        time(other.start_time) < time(lesson.end_time) &&
        time(other.end_time) > time(lesson.start_time),
    );
    if (!clash) continue;
    const zone = ctx.config.centerTimezone;
    throw new AppError('SUBSTITUTE_CLASH', {
      field: 'teacher_id',
      params: {
        class: clash.class_name,
        start: localDateTimeText(new Date(clash.start_time), zone),
        end: localDateTimeText(new Date(clash.end_time), zone),
      },
    });
  }
}

/** Gives the lesson (or it and the following ones) to the substitute, or back; returns its id. */
export async function giveLessonToSubstitute(
  ctx: AppContext,
  actor: SessionUser,
  input: { scheduleId: string; substitute: SubstituteInput; idempotencyKey?: IdempotencyKey },
): Promise<string> {
  const { db, dialect } = ctx.database;
  const now = ctx.clock.now();
  const teacherId = input.substitute.teacher_id?.trim() || null;
  const scope = input.substitute.scope ?? 'one';
  const lesson = await findVisibleLesson(db, actor, input.scheduleId);
  const given = await idempotent<Awaited<ReturnType<typeof checkSubstitute>>, Given>(
    ctx,
    {
      userId: actor.user_id,
      key: input.idempotencyKey,
      scope: `schedule-substitute:${lesson.schedule_id}`,
    },
    {
      prepare: async () => {
        if (!givable(lesson, now)) throw new AppError('SUBSTITUTE_LESSON_NOT_PENDING');
        if (scope === 'following' && !lesson.series_id) {
          throw new AppError('SERIES_NOT_A_SERIES', { field: 'scope' });
        }
        return checkSubstitute(ctx, lesson, teacherId);
      },
      write: async (trx, substitute) => {
        // The class's teacher's lock, then the substitute's: one booking of a teacher's time at a
        // time (lesson-clashes.ts), and a class handed over meanwhile is seen here.
        const classTeacher = await lockClassTeacher(trx, dialect, lesson.class_id);
        if (substitute?.user_id === classTeacher) {
          throw new AppError('SUBSTITUTE_IS_CLASS_TEACHER', { field: 'teacher_id' });
        }
        if (substitute) {
          await forUpdate(
            trx.selectFrom('users').select('user_id').where('user_id', '=', substitute.user_id),
            dialect,
          ).execute();
        }
        const lessons = await lessonsToGive(trx, ctx, lesson, scope, now);
        const changed = lessons.filter(
          (row) => (row.substitute_teacher_id ?? null) !== (substitute?.user_id ?? null),
        );
        if (changed.length === 0) return { schedule_id: lesson.schedule_id, change: null };
        if (substitute) await refuseSubstituteClash(trx, ctx, substitute.user_id, changed);
        await trx
          .updateTable('schedules')
          .set((eb) => ({
            substitute_teacher_id: substitute?.user_id ?? null,
            updated_at: now.toISOString(),
            // The calendar feeds name the teacher: every lesson given changed in them.
            sequence: eb('sequence', '+', 1),
          }))
          .where(
            'schedule_id',
            'in',
            changed.map((row) => row.schedule_id),
          )
          .where('status', '=', 'pending')
          .execute();
        await recordAudits(
          trx,
          changed.map((row) => ({
            action: 'lesson.substitute',
            recordType: 'lesson',
            recordId: row.schedule_id,
            changes: {
              substitute_teacher_id: {
                before: row.substitute_teacher_id ?? null,
                after: substitute?.user_id ?? null,
              },
            },
          })),
        );
        return {
          schedule_id: lesson.schedule_id,
          change: {
            classId: lesson.class_id,
            className: lesson.class_name,
            classTeacherId: classTeacher,
            substituteId: substitute?.user_id ?? null,
            substituteName: substitute?.full_name ?? null,
            lessons: changed.map((row) => ({
              scheduleId: row.schedule_id,
              topic: row.topic,
              start: new Date(row.start_time).toISOString(),
              previousSubstituteId: row.substitute_teacher_id ?? null,
            })),
            actorId: actor.user_id,
          },
        };
      },
      announce: async ({ change }) => {
        if (!change) return;
        await announceLessons(ctx, lesson.class_id, { scheduleId: lesson.schedule_id });
        await ctx.domainEvents.publish({ type: 'lessons.substitute-changed', ...change });
      },
    },
  );
  return given.schedule_id;
}
