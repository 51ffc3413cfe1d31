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
import { generateAccountPassword, hashPassword } from '#server/features/auth/passwords.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { toUserDto, USER_COLUMNS, type UserDto } from './user-dto.ts';

/** §3: the email's local part, an underscore and the last 4 digits of the timestamp. */
export function makeUsername(email: string, now: Date): string {
  return `${email.split('@')[0]}_${String(now.getTime()).slice(-4)}`;
}

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
  const nowIso = now.toISOString();
  const authId = randomUUID();
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

      await trx
        .insertInto('auth_credentials')
        .values({
          auth_id: authId,
          password_hash: passwordHash,
          must_change_password: true,
          password_changed_at: nowIso,
          created_at: nowIso,
        })
        .execute();

      if (existing) {
        // Reactivation (§4): role, name and the link to sign-in credentials reset.
        const row = await trx
          .updateTable('users')
          .set({
            auth_id: authId,
            full_name: input.full_name,
            role: input.role,
            is_active: true,
            updated_at: nowIso,
            created_by: actor.user_id,
          })
          .where('user_id', '=', existing.user_id)
          .returning(USER_COLUMNS)
          .executeTakeFirstOrThrow();
        // The old credentials and their sessions go; nothing can sign in with them again.
        await trx.deleteFrom('auth_credentials').where('auth_id', '=', existing.auth_id).execute();
        return { row, reactivated: true };
      }

      const row = await trx
        .insertInto('users')
        .values({
          user_id: randomUUID(),
          auth_id: authId,
          email: input.email,
          full_name: input.full_name,
          role: input.role,
          username: makeUsername(input.email, now),
          is_active: true,
          avatar_url: null,
          phone: null,
          created_at: nowIso,
          updated_at: nowIso,
          created_by: actor.user_id,
        })
        .returning(USER_COLUMNS)
        .executeTakeFirstOrThrow();
      return { row, reactivated: false };
    });
    await ctx.events.publish({ type: EVENT.users, data: { role: input.role } });
    return { user: toUserDto(result.row), password, reactivated: result.reactivated };
  } catch (error) {
    // Two requests for the same email at once: the database's unique index decides.
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
}
