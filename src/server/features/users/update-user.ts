// Correcting a person's details (docs/decisions/026): full name, e-mail and phone by admin and
// staff within the roles they may create, a role by the admin only. The e-mail is the sign-in
// identity (sign-in looks the account up by users.email), so a new one is the new way in; the
// person is told in the app (the two e-mails come with the e-mail issue). The center never loses
// its last active admin, even when two admins demote each other at once.
import type { Transaction } from 'kysely';
import type { Role } from '#common/constants.ts';
import { EVENT } from '#common/events.ts';
import { canChangeRole, canCorrectPerson } from '#common/permissions.ts';
import type { UpdateUserInput } from '#common/users.ts';
import type { AppContext } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { forUpdate } from '#server/db/locking.ts';
import { type Database, toBool } from '#server/db/schema.ts';
import { searchName } from '#server/db/search.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { returnLessonsCoveredBy } from '#server/lib/lessons-covered-by-leaver.ts';
import { assertAnotherAdminStays, lockedActiveAdmins } from './active-admins.ts';
import { toUserDto, USER_COLUMNS, type UserDto } from './user-dto.ts';

type Target = { user_id: string; role: Role; email: string };

/** Who may correct whose details, and change a role (#common/permissions.ts). */
function assertMayEdit(actor: SessionUser, target: Target, input: UpdateUserInput): void {
  if (!canCorrectPerson(actor.role, target.role, actor.user_id === target.user_id)) {
    throw new AppError('USER_UPDATE_FORBIDDEN');
  }
  if (input.role !== undefined && input.role !== target.role && !canChangeRole(actor.role)) {
    throw new AppError('USER_ROLE_ADMIN_ONLY', { field: 'role' });
  }
}

/**
 * What leaving a role takes: an admin leaves only while another active admin stays; a teacher
 * while teaching no active class (they are handed over first: 'Chuyển lớp'); a student while
 * enrolled in no active class (their attendance there would lose its student).
 */
async function assertMayLeaveRole(
  trx: Transaction<Database>,
  target: Target,
  admins: readonly string[],
) {
  if (target.role === 'admin') {
    assertAnotherAdminStays(admins, target.user_id);
  }
  if (target.role === 'teacher') {
    const { n } = await trx
      .selectFrom('classes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('teacher_id', '=', target.user_id)
      .where('is_active', '=', true)
      .executeTakeFirstOrThrow();
    if (Number(n) > 0) {
      throw new AppError('USER_ROLE_TEACHER_HAS_CLASSES', {
        field: 'role',
        params: { count: String(n) },
      });
    }
    // No longer a teacher: the lessons to come they cover go back to their classes' teachers.
    await returnLessonsCoveredBy(trx, target.user_id);
  }
  if (target.role === 'student') {
    const { n } = await trx
      .selectFrom('class_students as cs')
      .innerJoin('classes as c', 'c.class_id', 'cs.class_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('cs.student_id', '=', target.user_id)
      .where('c.is_active', '=', true)
      .executeTakeFirstOrThrow();
    if (Number(n) > 0) {
      throw new AppError('USER_ROLE_STUDENT_ENROLLED', {
        field: 'role',
        params: { count: String(n) },
      });
    }
    // A student's tuition account (docs/decisions/028) belongs to a student: with entries in it,
    // the role stays, or its balance could no longer be read, refunded or reversed.
    const entry = await trx
      .selectFrom('ledger_entries')
      .select('entry_id')
      .where('student_id', '=', target.user_id)
      .limit(1)
      .executeTakeFirst();
    if (entry) throw new AppError('USER_ROLE_STUDENT_HAS_ACCOUNT', { field: 'role' });
  }
}

/** Another account already holds this e-mail: an active one, or a deleted one kept for its return. */
async function assertEmailFree(trx: Transaction<Database>, email: string, userId: string) {
  const holder = await trx
    .selectFrom('users')
    .select(['user_id', 'is_active'])
    .where('email', '=', email)
    .where('user_id', '!=', userId)
    .executeTakeFirst();
  if (!holder) return;
  // A deleted account keeps its e-mail: creating an account with it brings that one back (§4).
  const code = toBool(holder.is_active) ? 'USER_EMAIL_EXISTS' : 'USER_EMAIL_OF_DELETED';
  throw new AppError(code, { field: 'email', params: { email } });
}

export async function updateUser(
  ctx: AppContext,
  actor: SessionUser,
  userId: string,
  input: UpdateUserInput,
): Promise<UserDto> {
  const { db } = ctx.database;
  try {
    const { row, before } = await db.transaction().execute(async (trx) => {
      // A role change locks the active admins before anything else, always in the same order, so
      // two admins demoting each other wait for one another instead of deadlocking (PostgreSQL),
      // and the second sees the first's demotion when it counts who stays.
      const admins = input.role !== undefined ? await lockedActiveAdmins(ctx, trx) : [];
      // The account is locked while it changes: a concurrent correction waits and sees this one.
      const target = await forUpdate(
        trx
          .selectFrom('users')
          .select(['user_id', 'auth_id', 'role', 'email', 'is_active', 'full_name', 'phone'])
          .where('user_id', '=', userId),
        ctx.database.dialect,
      ).executeTakeFirst();
      if (!target || !toBool(target.is_active)) throw new AppError('NOT_FOUND');
      assertMayEdit(actor, target, input);
      const roleChanges = input.role !== undefined && input.role !== target.role;
      if (roleChanges) await assertMayLeaveRole(trx, target, admins);
      const emailChanges = input.email !== undefined && input.email !== target.email;
      if (emailChanges) await assertEmailFree(trx, input.email as string, target.user_id);
      const updated = await trx
        .updateTable('users')
        .set({
          ...(input.full_name !== undefined
            ? { full_name: input.full_name, search_name: searchName(input.full_name) }
            : {}),
          ...(emailChanges ? { email: input.email } : {}),
          ...(input.phone !== undefined ? { phone: input.phone } : {}),
          ...(roleChanges ? { role: input.role } : {}),
          updated_at: ctx.clock.now().toISOString(),
        })
        .where('user_id', '=', target.user_id)
        .returning(USER_COLUMNS)
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        action: 'user.update',
        recordType: 'user',
        recordId: target.user_id,
        before: target,
        after: updated,
        only: ['full_name', 'email', 'phone', 'role'],
      });
      return { row: updated, before: target };
    });
    const user = toUserDto(row);
    // Lists of both roles and every kept session (a role decides access) follow at once.
    await ctx.events.publish({ type: EVENT.users, data: { role: before.role } });
    if (user.role !== before.role) {
      await ctx.events.publish({ type: EVENT.users, data: { role: user.role } });
    }
    if (user.email !== before.email) {
      await ctx.domainEvents.publish({
        type: 'user.email-changed',
        userId: user.user_id,
        oldEmail: before.email,
        newEmail: user.email,
        actorId: actor.user_id,
      });
    }
    return user;
  } catch (error) {
    // Two accounts given the same e-mail at once: the database's unique index decides.
    if (isUniqueViolation(error) && input.email !== undefined) {
      throw new AppError('USER_EMAIL_EXISTS', { field: 'email', params: { email: input.email } });
    }
    throw error;
  }
}
