// Handing a teacher's active classes to another teacher (product.md, Deviations), so that deleting the
// teacher does not silently take their classes with them. One operation moves every class (its
// `teacher_id`) under the clash rules of lessons: a pending lesson of a moved class that overlaps
// a lesson of the new teacher's active classes refuses the whole hand-over, naming the lessons.

import type { Kysely } from 'kysely';
import type { HandOverClassesInput } from '#common/classes.ts';
import { EVENT } from '#common/events.ts';
import { canManageRole } from '#common/permissions.ts';
import type { AppContext } from '#server/context.ts';
import { forUpdate } from '#server/db/locking.ts';
import { type Database, toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { recordAudits } from '#server/lib/audit.ts';
import { localDateTimeText } from '#server/lib/center-time.ts';
import { endCoverOfOwnLessons } from './covering-own-class.ts';
import { assertActiveTeacher } from './queries.ts';

/** The active teacher whose classes are asked about; admin and staff only, as for deleting one. */
export async function teacherOfClasses(db: Kysely<Database>, actor: SessionUser, userId: string) {
  if (!canManageRole(actor.role, 'teacher')) throw new AppError('FORBIDDEN');
  const teacher = await db
    .selectFrom('users')
    .select(['user_id', 'full_name', 'role', 'is_active'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (teacher?.role !== 'teacher' || !toBool(teacher.is_active)) {
    throw new AppError('NOT_FOUND');
  }
  return teacher;
}

/** A teacher's active classes by name, each with its count of lessons not yet started. */
export async function activeClassesOf(db: Kysely<Database>, teacherId: string) {
  const rows = await db
    .selectFrom('classes as c')
    .select(['c.class_id', 'c.class_name', 'c.start_date', 'c.end_date'])
    .select((eb) =>
      eb
        .selectFrom('schedules as s')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('s.class_id', '=', 'c.class_id')
        .where('s.status', '=', 'pending')
        .as('pending_lesson_count'),
    )
    .where('c.teacher_id', '=', teacherId)
    .where('c.is_active', '=', true)
    .orderBy('c.class_name')
    .orderBy('c.class_id')
    .execute();
  return rows.map((row) => ({
    ...row,
    pending_lesson_count: Number(row.pending_lesson_count ?? 0),
  }));
}

/** Pending lessons of `from`'s active classes overlapping lessons of `to`'s active classes. */
function clashingLessons(db: Kysely<Database>, from: string, to: string) {
  return (
    db
      .selectFrom('schedules as moved')
      .innerJoin('classes as mc', 'mc.class_id', 'moved.class_id')
      .innerJoin('schedules as theirs', (join) =>
        join
          .onRef('theirs.start_time', '<', 'moved.end_time')
          .onRef('theirs.end_time', '>', 'moved.start_time'),
      )
      .innerJoin('classes as tc', 'tc.class_id', 'theirs.class_id')
      .select([
        'mc.class_name as moved_class',
        'moved.start_time as moved_start',
        'tc.class_name as their_class',
        'theirs.start_time as their_start',
      ])
      .where('mc.teacher_id', '=', from)
      .where('mc.is_active', '=', true)
      .where('moved.status', '=', 'pending')
      // A moved lesson someone covers is not the new teacher's to fit in (covered by another, it
      // stays theirs; covered by the new teacher, it already holds their time): only uncovered
      // ones are checked, against what the new teacher teaches (docs/decisions/031).
      .where('moved.substitute_teacher_id', 'is', null)
      .where((eb) =>
        eb.or([
          eb.and([eb('tc.teacher_id', '=', to), eb('theirs.substitute_teacher_id', 'is', null)]),
          eb('theirs.substitute_teacher_id', '=', to),
        ]),
      )
      .where('tc.is_active', '=', true)
      // A cancelled lesson holds no time.
      .where('theirs.status', '!=', 'cancelled')
      .orderBy('moved.start_time')
      .execute()
  );
}

export async function handOverClasses(
  ctx: AppContext,
  actor: SessionUser,
  userId: string,
  input: HandOverClassesInput,
) {
  const { db, dialect } = ctx.database;
  const from = await teacherOfClasses(db, actor, userId);
  if (input.teacher_id === from.user_id) {
    throw new AppError('HANDOVER_SAME_TEACHER', { field: 'teacher_id' });
  }
  await assertActiveTeacher(db, input.teacher_id);
  const zone = ctx.config.centerTimezone;
  const moved = await db.transaction().execute(async (trx) => {
    // The classes' row locks first, then both teachers' in one order: a lesson being booked
    // for one of these classes (which locks its class, then its teacher) either commits before
    // the clash check below reads, or waits and then books under the new teacher.
    await forUpdate(
      trx
        .selectFrom('classes')
        .select('class_id')
        .where('teacher_id', '=', from.user_id)
        .where('is_active', '=', true),
      dialect,
    ).execute();
    const teachers = await forUpdate(
      trx
        .selectFrom('users')
        .select(['user_id', 'full_name', 'role', 'is_active'])
        .where('user_id', 'in', [from.user_id, input.teacher_id])
        .orderBy('user_id'),
      dialect,
    ).execute();
    // Read again under the lock: the receiving teacher may have been deleted meanwhile.
    const to = teachers.find((teacher) => teacher.user_id === input.teacher_id);
    if (to?.role !== 'teacher' || !toBool(to.is_active)) {
      throw new AppError('CLASS_TEACHER_REQUIRED', { field: 'teacher_id' });
    }
    const clashes = await clashingLessons(trx, from.user_id, to.user_id);
    if (clashes.length > 0) {
      const at = (start: string) => localDateTimeText(new Date(start), zone);
      const lessons = clashes.map(
        (c) => `${c.moved_class} ${at(c.moved_start)} / ${c.their_class} ${at(c.their_start)}`,
      );
      throw new AppError('HANDOVER_CLASHES', {
        field: 'teacher_id',
        params: { count: String(clashes.length), lessons: lessons.join('; ') },
      });
    }
    const updated = await trx
      .updateTable('classes')
      .set({ teacher_id: to.user_id, updated_at: ctx.clock.now().toISOString() })
      .where('teacher_id', '=', from.user_id)
      .where('is_active', '=', true)
      .returning('class_id')
      .execute();
    await recordAudits(
      trx,
      updated.map((row) => ({
        action: 'class.hand_over',
        recordType: 'class',
        recordId: row.class_id,
        changes: { teacher_id: { before: from.user_id, after: to.user_id } },
      })),
    );
    await endCoverOfOwnLessons(trx, to.user_id);
    return { count: updated.length, teacher: to.full_name };
  });
  if (moved.count > 0) {
    await ctx.events.publish({ type: EVENT.classes });
    await ctx.events.publish({ type: EVENT.schedules });
  }
  return moved;
}
