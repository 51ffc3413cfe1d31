// One page of a list and the size of the whole list, for every paged list of the API. The query
// comes selected and ordered; the count drops both and reads the same rows.
import { type SelectQueryBuilder, sql } from 'kysely';
import { PAGE_SIZE } from '#common/constants.ts';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * `countFrom`, when given, is counted instead of the query: the same rows without the joins that
 * only add columns (counting a thousand classes should not look up a thousand teachers).
 */
export async function paginate<DB, TB extends keyof DB, O, CDB, CTB extends keyof CDB, CO>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: number,
  countFrom?: SelectQueryBuilder<CDB, CTB, CO>,
): Promise<Page<O>> {
  const counted = (countFrom ?? query) as unknown as SelectQueryBuilder<DB, TB, O>;
  const [items, count] = await Promise.all([
    query
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE)
      .execute(),
    counted
      .clearSelect()
      .clearOrderBy()
      .select(sql<number | string>`count(*)`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: items as O[],
    total: Number((count as { total: number | string }).total),
    page,
    pageSize: PAGE_SIZE,
  };
}
