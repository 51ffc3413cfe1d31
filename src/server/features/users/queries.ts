// Reading accounts: the active users of one role, a page at a time; one account for a viewer.
import type { Kysely } from 'kysely';
import type { Role } from '#common/constants.ts';
import { canManageRole } from '#common/permissions.ts';
import { type UserSort, sortParts } from '#common/search.ts';
import { paginate } from '#server/db/paginate.ts';
import type { Database } from '#server/db/schema.ts';
import { containsFolded } from '#server/db/search.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { toUserDto, USER_COLUMNS } from './user-dto.ts';

export type UserListFilter = { page: number; q?: string | undefined; sort: UserSort };

/**
 * Active users of one role whose name or email contains `q` (folded: 'tran' finds 'Trần'),
 * newest first or by name (the caller checks the viewer may manage the role).
 */
export async function listUsers(db: Kysely<Database>, role: Role, filter: UserListFilter) {
  let query = db.selectFrom('users').where('role', '=', role).where('is_active', '=', true);
  const { q } = filter;
  if (q) {
    query = query.where((eb) =>
      eb.or([containsFolded(eb.ref('search_name'), q), containsFolded(eb.ref('email'), q)]),
    );
  }
  const { key, direction } = sortParts(filter.sort);
  const ordered = query
    .select(USER_COLUMNS)
    .orderBy(key === 'name' ? 'search_name' : 'created_at', direction)
    .orderBy('user_id');
  const listed = await paginate(ordered, filter.page);
  return { ...listed, items: listed.items.map(toUserDto) };
}

/** One account: the viewer's own, or one of a role the viewer manages. */
export async function findUserFor(db: Kysely<Database>, viewer: SessionUser, userId: string) {
  const row = await db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  if (row.user_id !== viewer.user_id && !canManageRole(viewer.role, row.role)) {
    throw new AppError('FORBIDDEN');
  }
  return toUserDto(row);
}

/** Which of these ids are active accounts of `role` (for checks that every one of them is). */
export async function activeUserIdsOfRole(
  db: Kysely<Database>,
  role: Role,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('user_id')
    .where('user_id', 'in', ids)
    .where('role', '=', role)
    .where('is_active', '=', true)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}
