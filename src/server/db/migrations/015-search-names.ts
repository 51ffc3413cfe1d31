// Accent-insensitive search (product.md, Deviations): users and classes keep their name folded by
// foldForSearch (src/common/search.ts) in `search_name`, written with the name on every write
// (searchName in db/search.ts), so 'tran' finds 'Trần' on both databases without an unaccent extension,
// and sorting by name reads the same on both (no collation differences). The indexes serve the
// name sort and let a search or its count read the index alone, never the rows (bench:search).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { foldForSearch } from '#common/search.ts';

type Named = { table: 'users' | 'classes'; id: 'user_id' | 'class_id'; name: string };
const NAMED: Named[] = [
  { table: 'users', id: 'user_id', name: 'full_name' },
  { table: 'classes', id: 'class_id', name: 'class_name' },
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the tables as they were then
async function fillExisting(db: Kysely<any>, { table, id, name }: Named) {
  const rows = await db
    .selectFrom(table)
    .select([`${id} as id`, `${name} as name`])
    .execute();
  for (const row of rows) {
    await db
      .updateTable(table)
      .set({ search_name: foldForSearch(String(row.name)) })
      .where(id, '=', row.id)
      .execute();
  }
}

export const searchNamesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const named of NAMED) {
      await db.schema
        .alterTable(named.table)
        .addColumn('search_name', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await fillExisting(db, named);
    }
    await db.schema
      .createIndex('users_role_active_search_idx')
      .on('users')
      .columns(['role', 'is_active', 'search_name', 'email', 'created_at', 'user_id'])
      .execute();
    await db.schema
      .createIndex('classes_active_search_idx')
      .on('classes')
      .columns(['is_active', 'search_name'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('classes_active_search_idx').execute();
    await db.schema.dropIndex('users_role_active_search_idx').execute();
    for (const { table } of NAMED) {
      await db.schema.alterTable(table).dropColumn('search_name').execute();
    }
  },
};
