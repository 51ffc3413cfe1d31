// Reading accounts: the active users of one role, a page at a time; one account for a viewer.
import { type Kysely, sql } from 'kysely';
import { PAGE_SIZE, type Role } from '#common/constants.ts';
import { canManageRole } from '#common/permissions.ts';
import { sortParts, type UserSort } from '#common/search.ts';
import { type Page, paginate } from '#server/db/paginate.ts';
import type { Database } from '#server/db/schema.ts';
import { userContainsFolded } from '#server/db/search.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { toUserDto, USER_COLUMNS, type UserDto } from './user-dto.ts';

export type UserListFilter = { page: number; q?: string | undefined; sort: UserSort };

/**
 * Active users of one role whose name or email contains `q` (folded: 'tran' finds 'Trần'),
 * newest first or by name (the caller checks the viewer may manage the role).
 */
export async function listUsers(
  db: Kysely<Database>,
  role: Role,
  filter: UserListFilter,
): Promise<Page<UserDto>> {
  let query = db.selectFrom('users').where('role', '=', role).where('is_active', '=', true);
  const { q } = filter;
  const { key, direction } = sortParts(filter.sort);
  const orderColumn = key === 'name' ? 'search_name' : 'created_at';
  if (!q) {
    const ordered = query.select(USER_COLUMNS).orderBy(orderColumn, direction).orderBy('user_id');
    const listed = await paginate(ordered, filter.page);
    return { ...listed, items: listed.items.map(toUserDto) };
  }
  // Name or e-mail contains q: looked up in the trigram index (migration 046), not by reading
  // every user (issue 31: the search grew with the number of students).
  query = query.where(userContainsFolded(db, 'users', q));
  // The matches are read once: the page's ids and the count of all matches come from the same
  // read (a window count), and only the page's rows are then read from the table. The matches are
  // a materialized CTE, sorted and cut to the page outside it: PostgreSQL 15 costs a window count
  // as if a LIMIT could stop it early, and otherwise walks the created_at index filtering every
  // user instead of taking the trigram indexes (30 ms instead of 2 at 50,000 students).
  const matches = await db
    .with(
      (cte) => cte('matched').materialized(),
      () =>
        query.select([
          'user_id',
          'search_name',
          'created_at',
          sql<number | string>`count(*) over ()`.as('total'),
        ]),
    )
    .selectFrom('matched')
    .select(['user_id', 'total'])
    .orderBy(orderColumn, direction)
    .orderBy('user_id')
    .limit(PAGE_SIZE)
    .offset((filter.page - 1) * PAGE_SIZE)
    .execute();
  const ids = matches.map((match) => match.user_id);
  const [total, rows] = await Promise.all([
    matches[0]
      ? Number(matches[0].total)
      : filter.page === 1
        ? 0
        : // Past the last page no row carries the count.
          query
            .select(sql<number | string>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
            .then((row) => Number(row.n)),
    ids.length === 0
      ? []
      : db.selectFrom('users').select(USER_COLUMNS).where('user_id', 'in', ids).execute(),
  ]);
  const byId = new Map(rows.map((row) => [row.user_id, row]));
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toUserDto(row)] : [];
  });
  return { items, total, page: filter.page, pageSize: PAGE_SIZE };
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
