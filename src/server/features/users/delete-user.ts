// Deleting an account is a soft delete with the cascades of product.md §7, all in one transaction:
// student: enrolments, attendance and links to parents removed; parent: links to children removed
// (docs/decisions/036); teacher: own classes deactivated; then the user is deactivated and every
// session ends at once.

import type { Transaction } from 'kysely';
import { EVENT } from '#common/events.ts';
import type { MessageCode } from '#common/messages.ts';
import { canManageRole } from '#common/permissions.ts';
import type { AppContext } from '#server/context.ts';
import { isDatabaseUnavailable } from '#server/db/errors.ts';
import { type Database, toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { deleteSessionsOf, type SessionUser } from '#server/features/auth/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { returnLessonsCoveredBy } from '#server/lib/lessons-covered-by-leaver.ts';
import { forgetAccountHolder } from './account-rows.ts';
import { assertAnotherAdminStays, lockedActiveAdmins } from './active-admins.ts';

/** Runs one step; a failure reports which step failed (§8). */
async function step<T>(code: MessageCode, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError || isDatabaseUnavailable(error)) throw error;
    throw new AppError(code, { cause: error });
  }
}

export async function deleteUser(ctx: AppContext, actor: SessionUser, userId: string) {
  const { db } = ctx.database;
  const target = await db
    .selectFrom('users')
    .select(['user_id', 'auth_id', 'role', 'is_active'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!target || !toBool(target.is_active)) throw new AppError('NOT_FOUND');
  if (!canManageRole(actor.role, target.role)) throw new AppError('FORBIDDEN');
  if (target.user_id === actor.user_id) throw new AppError('USER_DELETE_SELF');

  const nowIso = ctx.clock.now().toISOString();
  const result = await db.transaction().execute(async (trx: Transaction<Database>) => {
    // Two admins deleting each other at once: the second sees the first's deletion (decision 026).
    if (target.role === 'admin') {
      assertAnotherAdminStays(await lockedActiveAdmins(ctx, trx), target.user_id);
    }
    let classesDeactivated = 0;
    let enrolmentsRemoved = 0;
    if (target.role === 'student') {
      enrolmentsRemoved = await step('USER_DELETE_STEP_ENROLMENTS', async () => {
        const removed = await trx
          .deleteFrom('class_students')
          .where('student_id', '=', target.user_id)
          .executeTakeFirst();
        await trx.deleteFrom('attendance').where('student_id', '=', target.user_id).execute();
        await trx
          .deleteFrom('class_enrolment_history')
          .where('student_id', '=', target.user_id)
          .execute();
        // Their parents stay, no longer linked (docs/decisions/036-parents.md).
        await trx.deleteFrom('student_parents').where('student_id', '=', target.user_id).execute();
        return Number(removed.numDeletedRows);
      });
    }
    if (target.role === 'teacher') {
      classesDeactivated = await step('USER_DELETE_STEP_CLASSES', async () => {
        const updated = await trx
          .updateTable('classes')
          .set({ is_active: false, updated_at: nowIso })
          .where('teacher_id', '=', target.user_id)
          .where('is_active', '=', true)
          .executeTakeFirst();
        await returnLessonsCoveredBy(trx, target.user_id);
        return Number(updated.numUpdatedRows);
      });
    }
    await step('USER_DELETE_STEP_ACCOUNT', async () => {
      // A deleted parent follows no child any more (docs/decisions/036-parents.md).
      if (target.role === 'parent') {
        await trx.deleteFrom('student_parents').where('parent_id', '=', target.user_id).execute();
      }
      await trx
        .updateTable('users')
        .set({ is_active: false, updated_at: nowIso })
        .where('user_id', '=', target.user_id)
        .execute();
      await deleteSessionsOf(trx, target.auth_id);
      // Its calendar link, notifications and unsent e-mails end with it (issue 30 finding 4).
      await forgetAccountHolder(trx, target.user_id, 'everything');
    });
    await recordAudit(trx, {
      action: 'user.delete',
      recordType: 'user',
      recordId: target.user_id,
      changes: {
        is_active: { before: true, after: false },
        ...(enrolmentsRemoved > 0
          ? { enrolments_removed: { before: null, after: enrolmentsRemoved } }
          : {}),
        ...(classesDeactivated > 0
          ? { classes_deactivated: { before: null, after: classesDeactivated } }
          : {}),
      },
    });
    return { classesDeactivated, enrolmentsRemoved };
  });

  await ctx.events.publish({ type: EVENT.sessionsRevoked, data: { authId: target.auth_id } });
  await ctx.events.publish({ type: EVENT.users, data: { role: target.role } });
  if (result.classesDeactivated > 0) await ctx.events.publish({ type: EVENT.classes });
  return result;
}
