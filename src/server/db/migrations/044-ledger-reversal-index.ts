// The index of a reversal's entry (issue 31, bench:school at 10×): most ledger entries reverse
// nothing, so the unique index of migration 023 on reverses_entry_id held one null per entry, and
// SQLite's statistics (ANALYZE) read it as one value shared by every row: a student's account (and
// every read that looks up whether an entry was reversed) then scanned the whole ledger once per
// entry. The same unique index, now of the entries that reverse one only: the same rule (an entry
// is reversed at most once), and a lookup the planner always takes.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export function ledgerReversalIndexMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('ledger_entries_reversed_once').execute();
      await db.schema
        .createIndex('ledger_entries_reversed_once')
        .on('ledger_entries')
        .column('reverses_entry_id')
        .unique()
        .where(sql<boolean>`reverses_entry_id is not null`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('ledger_entries_reversed_once').execute();
      await db.schema
        .createIndex('ledger_entries_reversed_once')
        .on('ledger_entries')
        .column('reverses_entry_id')
        .unique()
        .execute();
    },
  };
}
