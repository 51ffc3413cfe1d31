// Reading the pool of Zoom accounts: one account, the page of the list, and which busy accounts
// are stuck (busy with no lesson using them).
import type { Kysely } from 'kysely';
import { type HostAccountSort, sortParts } from '#common/search.ts';
import { paginate } from '#server/db/paginate.ts';
import { type Database, toBool } from '#server/db/schema.ts';
import { containsFolded } from '#server/db/search.ts';
import { AppError } from '#server/errors.ts';
import './pool-table.ts';

/** How long a start may take between claiming an account and its lesson becoming active. */
const START_IN_PROGRESS_MS = 2 * 60_000;

export async function findAccount(db: Kysely<Database>, accountId: string) {
  const account = await db
    .selectFrom('zoom_accounts')
    .selectAll()
    .where('zoom_account_id', '=', accountId)
    .executeTakeFirst();
  if (!account) throw new AppError('NOT_FOUND');
  return account;
}

/**
 * Of these busy accounts, those no lesson is using: none active on it, and no start under way
 * (a start claims the account a few seconds before its lesson becomes active).
 */
export async function stuckAccounts(
  db: Kysely<Database>,
  busyIds: string[],
  now: Date,
): Promise<Set<string>> {
  if (busyIds.length === 0) return new Set();
  const startingSince = new Date(now.getTime() - START_IN_PROGRESS_MS).toISOString();
  const used = await db
    .selectFrom('lesson_meetings as m')
    .innerJoin('schedules as s', 's.schedule_id', 'm.schedule_id')
    .select('m.host_account_id')
    .where('m.host_account_id', 'in', busyIds)
    .where((eb) =>
      eb.or([
        eb('s.status', '=', 'active'),
        eb.and([eb('s.status', '=', 'pending'), eb('m.created_at', '>', startingSince)]),
      ]),
    )
    .execute();
  const inUse = new Set(used.map((row) => row.host_account_id));
  return new Set(busyIds.filter((id) => !inUse.has(id)));
}

type AccountFilter = { page: number; q?: string | undefined; sort: HostAccountSort };

/** One page of the pool; `q` (folded) searches the email, which Zoom keeps in lower case. */
export async function listAccounts(db: Kysely<Database>, filter: AccountFilter, now: Date) {
  const { q } = filter;
  const { key, direction } = sortParts(filter.sort);
  let query = db.selectFrom('zoom_accounts').selectAll();
  if (q) query = query.where((eb) => containsFolded(eb.fn('lower', [eb.ref('email')]), q));
  // Accounts added together share created_at: then by email, so the order a person sees is the
  // same on every load, on both databases.
  if (key === 'created_at') query = query.orderBy('created_at', direction);
  const listed = await paginate(
    query.orderBy('email', key === 'name' ? direction : 'asc').orderBy('zoom_account_id'),
    filter.page,
  );
  const stuck = await stuckAccounts(
    db,
    listed.items.filter((row) => toBool(row.is_busy)).map((row) => row.zoom_account_id),
    now,
  );
  return {
    ...listed,
    items: listed.items.map((row) => ({
      ...row,
      is_busy: toBool(row.is_busy),
      is_active: toBool(row.is_active),
      stuck: stuck.has(row.zoom_account_id),
    })),
  };
}
