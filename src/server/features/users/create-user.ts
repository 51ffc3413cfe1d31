// Creates an account (product.md §5, §6): a new user, or the reactivation of a soft-deleted one
// with the same email. The new password is returned once so the page can show it.

import { randomUUID } from 'node:crypto';
import type { Role } from '#common/constants.ts';
import { EVENT } from '#common/events.ts';
import { canCreateRole } from '#common/permissions.ts';
import type { CreateUserInput } from '#common/users.ts';
import type { AppContext } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { generateAccountPassword, hashPassword } from '#server/features/auth/index.ts';
import { readCenterSettings } from '#server/features/center-settings/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { addFirstCredentials, newUserRow, reactivateAccount } from './account-rows.ts';
import { toUserDto, USER_COLUMNS, type UserDto } from './user-dto.ts';

export function assertMayCreate(actor: SessionUser, role: Role): void {
  if (canCreateRole(actor.role, role)) return;
  if (actor.role === 'staff') throw new AppError('STAFF_CANNOT_CREATE_ROLE', { params: { role } });
  throw new AppError('USER_CREATE_FORBIDDEN');
}

export async function createUser(
  ctx: AppContext,
  actor: SessionUser,
  input: CreateUserInput,
): Promise<{ user: UserDto; password: string; reactivated: boolean }> {
  assertMayCreate(actor, input.role);
  const password = generateAccountPassword();
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  const authId = randomUUID();
  const { new_user_language } = await readCenterSettings(ctx.database.db);
  const account = { authId, ...input, createdBy: actor.user_id, language: new_user_language };
  const exists = () =>
    new AppError('USER_EMAIL_EXISTS', { params: { email: input.email }, field: 'email' });

  try {
    const result = await ctx.database.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('users')
        .select(['user_id', 'auth_id', 'is_active'])
        .where('email', '=', input.email)
        .executeTakeFirst();
      if (existing && toBool(existing.is_active)) throw exists();
      await addFirstCredentials(trx, [{ authId, hash: passwordHash }], now);
      let userId = existing?.user_id;
      if (existing) await reactivateAccount(trx, existing, account, now);
      else {
        const row = newUserRow(account, now);
        userId = row.user_id;
        await trx.insertInto('users').values(row).execute();
      }
      const row = await trx
        .selectFrom('users')
        .select(USER_COLUMNS)
        .where('user_id', '=', userId as string)
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        action: existing ? 'user.reactivate' : 'user.create',
        recordType: 'user',
        recordId: row.user_id,
        before: null,
        after: row,
        only: ['full_name', 'email', 'phone', 'role'],
      });
      return { row, reactivated: Boolean(existing) };
    });
    await ctx.events.publish({ type: EVENT.users, data: { role: input.role } });
    return { user: toUserDto(result.row), password, reactivated: result.reactivated };
  } catch (error) {
    // Two requests for the same email at once: the database's unique index decides.
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
}
