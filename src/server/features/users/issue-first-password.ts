// A new first password for an account (the live "I forgot my password" of a center, and the way
// back in after a first password expired): admin for any role, staff for the roles they may
// create. Shown once to whoever issued it; the account must choose its own at the next sign-in,
// within 72 hours, and every open session of it ends now.
import { canCreateRole } from '#common/permissions.ts';
import type { AppContext } from '#server/context.ts';
import { toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { generateAccountPassword, replacePassword } from '#server/features/auth/index.ts';
import { forgetAccountHolder } from './account-rows.ts';

export async function issueFirstPassword(
  ctx: AppContext,
  actor: SessionUser,
  userId: string,
): Promise<{ password: string; email: string }> {
  const { db } = ctx.database;
  const target = await db
    .selectFrom('users')
    .select(['user_id', 'auth_id', 'email', 'role', 'is_active'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!target || !toBool(target.is_active)) throw new AppError('NOT_FOUND');
  if (target.user_id === actor.user_id) throw new AppError('FIRST_PASSWORD_SELF');
  if (!canCreateRole(actor.role, target.role)) throw new AppError('FORBIDDEN');

  const password = generateAccountPassword();
  await replacePassword(ctx, target.auth_id, password, {
    mustChange: true,
    // Its calendar link and unsent e-mails end too (issue 30 finding 4).
    alongside: (trx) => forgetAccountHolder(trx, target.user_id, 'links'),
    auditAction: 'user.first_password',
  });
  return { password, email: target.email };
}
