// SQLite cannot alter a column's check constraint: a table whose check changes is made again from
// its own CREATE statement, rewritten, as SQLite's documentation says (a copy, foreign keys off
// meanwhile), which keeps whatever columns and indexes later migrations gave it.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the tables as they were then
type AnyDb = Kysely<any>;

/** Rebuilds `table` from its CREATE statement passed through `rewrite`; `label` names the migration in errors. */
export async function rebuildSqliteTable(
  db: AnyDb,
  table: string,
  label: string,
  rewrite: (createSql: string) => string,
): Promise<void> {
  const schema = await sql<{ type: string; sql: string }>`
    select type, sql from sqlite_master
    where tbl_name = ${table} and sql is not null and type in ('table', 'index', 'trigger')
  `.execute(db);
  const created = schema.rows.find((row) => row.type === 'table');
  if (!created) throw new Error(`${label}: no ${table} table`);
  const copy = `${table}_${label}`;
  const createCopy = rewrite(created.sql).replace(
    new RegExp(`^CREATE TABLE\\s+("${table}"|${table})`, 'i'),
    `CREATE TABLE "${copy}"`,
  );
  // Dropping the old table must not cascade to the rows that point at it; the pragma cannot
  // change inside a transaction, so it is set around it.
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  // Triggers on other tables that name this one (the debts' on invoices read users, migration
  // 048) would fail the rename while the table is gone; the legacy rename leaves them alone, as
  // SQLite's documented procedure for this rebuild says.
  await sql`PRAGMA legacy_alter_table = ON`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(createCopy).execute(trx);
      await sql.raw(`insert into "${copy}" select * from "${table}"`).execute(trx);
      await sql.raw(`drop table "${table}"`).execute(trx);
      await sql.raw(`alter table "${copy}" rename to "${table}"`).execute(trx);
      for (const row of schema.rows.filter((r) => r.type !== 'table')) {
        await sql.raw(row.sql).execute(trx);
      }
      // A full-text index kept beside the table (users_search, migration 046) names its rows by
      // rowid, which the copy renumbers: it is rebuilt from the new rows.
      const search = await sql`
        select name from sqlite_master where type = 'table' and name = ${`${table}_search`}
      `.execute(trx);
      if (search.rows.length > 0) {
        await sql
          .raw(`insert into "${table}_search"("${table}_search") values ('rebuild')`)
          .execute(trx);
      }
      const broken = await sql`PRAGMA foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`${label}: foreign keys broken`);
    });
  } finally {
    await sql`PRAGMA legacy_alter_table = OFF`.execute(db);
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
