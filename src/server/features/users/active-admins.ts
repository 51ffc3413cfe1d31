// The center keeps at least one active admin (docs/decisions/026): whatever takes an admin away (a
// role change, a deletion) first locks the active admins, in one order, and counts who stays.
import type { Transaction } from 'kysely';
import type { AppContext } from '#server/context.ts';
import { forUpdate } from '#server/db/locking.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';

/** The active admins' ids, locked: two demotions at once are decided one after the other. */
export async function lockedActiveAdmins(ctx: AppContext, trx: Transaction<Database>) {
  const rows = await forUpdate(
    trx
      .selectFrom('users')
      .select('user_id')
      .where('role', '=', 'admin')
      .where('is_active', '=', true)
      .orderBy('user_id'),
    ctx.database.dialect,
  ).execute();
  return rows.map((row) => row.user_id);
}

/** Refuses to take `userId` away when no other active admin would stay. */
export function assertAnotherAdminStays(admins: readonly string[], userId: string): void {
  if (admins.some((id) => id !== userId)) return;
  throw new AppError('USER_LAST_ADMIN', { field: 'role' });
}
