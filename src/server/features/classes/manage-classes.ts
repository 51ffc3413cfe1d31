// Changing classes (admin, staff; product.md §5, §6): create, update, soft delete. A class's
// lessons must stay inside its dates.

import { randomUUID } from 'node:crypto';
import type { ClassDto, CreateClassInput } from '#common/classes.ts';
import { EVENT } from '#common/events.ts';
import type { AppContext } from '#server/context.ts';
import { searchName } from '#server/db/search.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { localDate } from '#server/lib/center-time.ts';
import { classVenue } from './class-venue.ts';
import { endCoverOfOwnLessons } from './covering-own-class.ts';
import { assertActiveTeacher, findVisibleClass } from './queries.ts';

/** Tells open tabs a class (or its students) changed. */
export const announceClassChange = (ctx: AppContext, classId: string) =>
  ctx.events.publish({ type: EVENT.classes, data: { class_id: classId } });

export async function createClass(
  ctx: AppContext,
  actor: SessionUser,
  input: CreateClassInput,
): Promise<ClassDto> {
  const { db } = ctx.database;
  await assertActiveTeacher(db, input.teacher_id);
  const venue = await classVenue(db, input);
  const now = ctx.clock.now().toISOString();
  const classId = randomUUID();
  const values = {
    class_id: classId,
    class_name: input.class_name,
    search_name: searchName(input.class_name),
    description: input.description ?? null,
    teacher_id: input.teacher_id,
    start_date: input.start_date,
    end_date: input.end_date,
    created_by: actor.user_id,
    is_active: true,
    created_at: now,
    updated_at: now,
    auto_cloud_recording: input.auto_cloud_recording ?? false,
    ...venue,
    ...(input.makeup_seats !== undefined && { makeup_seats: input.makeup_seats }),
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('classes').values(values).execute();
    await recordAudit(trx, {
      action: 'class.create',
      recordType: 'class',
      recordId: classId,
      before: null,
      after: values,
      only: CLASS_AUDIT_FIELDS,
    });
  });
  await announceClassChange(ctx, classId);
  return findVisibleClass(db, actor, classId);
}

/** The class's fields its history shows (docs/decisions/041-audit-log.md). */
const CLASS_AUDIT_FIELDS = [
  'class_name',
  'description',
  'teacher_id',
  'start_date',
  'end_date',
  'auto_cloud_recording',
  'default_venue',
  'default_room_id',
  'meeting_link',
  'makeup_seats',
  'is_active',
] as const;

export async function updateClass(
  ctx: AppContext,
  actor: SessionUser,
  classId: string,
  input: CreateClassInput,
): Promise<ClassDto> {
  const { db } = ctx.database;
  const zone = ctx.config.centerTimezone;
  await findVisibleClass(db, actor, classId);
  await assertActiveTeacher(db, input.teacher_id);
  const before = await db
    .selectFrom('classes')
    .select(['class_id', 'default_venue', 'default_room_id', 'meeting_link'])
    .where('class_id', '=', classId)
    .executeTakeFirstOrThrow();
  const venue = await classVenue(db, input, before);
  await db.transaction().execute(async (trx) => {
    const span = await trx
      .selectFrom('schedules')
      .select((eb) => [eb.fn.min('start_time').as('first'), eb.fn.max('end_time').as('last')])
      .where('class_id', '=', classId)
      // A cancelled lesson holds no day of the class (docs/decisions/020).
      .where('status', '!=', 'cancelled')
      .executeTakeFirst();
    if (
      (span?.first && localDate(new Date(span.first), zone) < input.start_date) ||
      (span?.last && localDate(new Date(span.last), zone) > input.end_date)
    ) {
      throw new AppError('CLASS_LESSONS_OUTSIDE_DATES', { field: 'start_date' });
    }
    const was = await trx
      .selectFrom('classes')
      .selectAll()
      .where('class_id', '=', classId)
      .executeTakeFirstOrThrow();
    const now = await trx
      .updateTable('classes')
      .set({
        class_name: input.class_name,
        search_name: searchName(input.class_name),
        description: input.description ?? null,
        teacher_id: input.teacher_id,
        start_date: input.start_date,
        end_date: input.end_date,
        updated_at: ctx.clock.now().toISOString(),
        ...(input.auto_cloud_recording === undefined
          ? {}
          : { auto_cloud_recording: input.auto_cloud_recording }),
        ...venue,
        ...(input.makeup_seats !== undefined && { makeup_seats: input.makeup_seats }),
      })
      .where('class_id', '=', classId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      action: 'class.update',
      recordType: 'class',
      recordId: classId,
      before: was,
      after: now,
      only: CLASS_AUDIT_FIELDS,
    });
    await endCoverOfOwnLessons(trx, input.teacher_id);
  });
  await announceClassChange(ctx, classId);
  return findVisibleClass(db, actor, classId);
}

/** Soft delete: the class leaves every list, its lessons and history stay. */
export async function deleteClass(ctx: AppContext, actor: SessionUser, classId: string) {
  const { db } = ctx.database;
  await findVisibleClass(db, actor, classId);
  await db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('classes')
      .set({ is_active: false, updated_at: ctx.clock.now().toISOString() })
      .where('class_id', '=', classId)
      .where('is_active', '=', true)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return;
    await recordAudit(trx, {
      action: 'class.deactivate',
      recordType: 'class',
      recordId: classId,
      changes: { is_active: { before: true, after: false } },
    });
  });
  await announceClassChange(ctx, classId);
}
