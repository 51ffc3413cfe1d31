// The pool's side of a lesson's start and end: claim a free account (busy from then on), give it
// back. The caller holds the transaction. Two teachers starting at the same instant never get the
// same account: PostgreSQL skips rows another transaction holds; SQLite runs one write
// transaction at a time.
import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/connection.ts';
import { type Database, toBool } from '#server/db/schema.ts';
import type { HostAccount, HostPool } from '../provider.ts';
import './pool-table.ts';

type AccountRow = Database['zoom_accounts'];

const hostAccount = (
  row: Pick<AccountRow, 'zoom_account_id' | 'zoom_user_id' | 'email'> & {
    is_busy: boolean | number;
    is_active: boolean | number;
  },
): HostAccount => ({
  accountId: row.zoom_account_id,
  externalUserId: row.zoom_user_id,
  email: row.email,
  busy: toBool(row.is_busy),
  active: toBool(row.is_active),
});

export const zoomPool: HostPool = {
  async claim(trx: Kysely<Database>, dialect: Dialect) {
    let query = trx
      .selectFrom('zoom_accounts')
      .select(['zoom_account_id', 'zoom_user_id', 'email', 'is_busy', 'is_active'])
      .where('is_active', '=', true)
      .where('is_busy', '=', false)
      .orderBy('created_at')
      .limit(1);
    if (dialect === 'postgres') query = query.forUpdate().skipLocked();
    const account = await query.executeTakeFirst();
    if (!account) return null;
    await trx
      .updateTable('zoom_accounts')
      .set({ is_busy: true })
      .where('zoom_account_id', '=', account.zoom_account_id)
      .execute();
    return { ...hostAccount(account), busy: true };
  },
  async release(trx: Kysely<Database>, accountId: string) {
    await trx
      .updateTable('zoom_accounts')
      .set({ is_busy: false })
      .where('zoom_account_id', '=', accountId)
      .execute();
  },
  async find(db: Kysely<Database>, accountId: string) {
    const row = await db
      .selectFrom('zoom_accounts')
      .select(['zoom_account_id', 'zoom_user_id', 'email', 'is_busy', 'is_active'])
      .where('zoom_account_id', '=', accountId)
      .executeTakeFirst();
    return row ? hostAccount(row) : undefined;
  },
};
