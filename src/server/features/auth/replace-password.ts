// A new password for an account, and with it the end of its sessions (all, or all but the one
// that asked): the user changing their own, or a new first password issued by admin or staff.

import type { Transaction } from 'kysely';
import { EVENT } from '#common/events.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/schema.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { hashPassword } from './passwords.ts';
import { deleteSessionsOf } from './sessions.ts';

export async function replacePassword(
  ctx: AppContext,
  authId: string,
  password: string,
  options: {
    /** true: a first password, to be changed at the next sign-in (and within 72 hours). */
    mustChange: boolean;
    /** The session that keeps going (the user's own, when they change their password). */
    keepSessionToken?: string;
    /** More to end with the old password, in the same transaction (a new first password's). */
    alongside?: (trx: Transaction<Database>) => Promise<void>;
    /** How the audit log names it (docs/decisions/041): never the password, only that it changed. */
    auditAction: 'user.password_change' | 'user.password_reset' | 'user.first_password';
  },
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('auth_credentials')
      .set({
        password_hash: passwordHash,
        must_change_password: options.mustChange,
        password_changed_at: ctx.clock.now().toISOString(),
      })
      .where('auth_id', '=', authId)
      .execute();
    await deleteSessionsOf(trx, authId, options.keepSessionToken);
    await options.alongside?.(trx);
    const user = await trx
      .selectFrom('users')
      .select('user_id')
      .where('auth_id', '=', authId)
      .executeTakeFirst();
    if (user) {
      await recordAudit(trx, {
        action: options.auditAction,
        recordType: 'user',
        recordId: user.user_id,
        changes: {
          password: { secret: true },
          must_change_password: { before: null, after: options.mustChange },
        },
      });
    }
  });
  // Open event streams of the ended sessions close (realtime/routes.ts).
  await ctx.events.publish({ type: EVENT.sessionsRevoked, data: { authId } });
}
