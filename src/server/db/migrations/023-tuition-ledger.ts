// Tuition's ground (issue 27, docs/decisions/028-money-and-the-ledger.md): a class's fee plan (and
// a course's instalments), a student's discounts, and the ledger of a student's account. Amounts
// are whole đồng: bigint on PostgreSQL (read back as numbers, connection.ts), integer on SQLite
// (64-bit). Ledger entries are never updated or deleted: a mistake is a reversal, and one entry is
// reversed at most once (a unique index on reverses_entry_id, so two admins racing cannot both).
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function tuitionLedgerMigration(dialect: Dialect): Migration {
  const types =
    dialect === 'postgres'
      ? ({ timestamp: 'timestamptz', date: 'date', money: 'bigint' } as const)
      : ({ timestamp: 'text', date: 'text', money: 'integer' } as const);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('fee_plans')
        .addColumn('class_id', 'text', (c) =>
          c.primaryKey().references('classes.class_id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('per_lesson', 'per_month', 'per_course')`),
        )
        .addColumn('amount', types.money, (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('charged_absences', 'text', (c) =>
          c.check(sql`charged_absences is null or charged_absences in ('all', 'unexcused')`),
        )
        .addColumn('updated_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('fee_plan_instalments')
        .addColumn('class_id', 'text', (c) =>
          c.notNull().references('fee_plans.class_id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('amount', types.money, (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('due_date', types.date, (c) => c.notNull())
        .addPrimaryKeyConstraint('fee_plan_instalments_pk', ['class_id', 'position'])
        .execute();

      await db.schema
        .createTable('student_discounts')
        .addColumn('discount_id', 'text', (c) => c.primaryKey())
        .addColumn('student_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'fixed')`))
        .addColumn('value', types.money, (c) => c.notNull().check(sql`value > 0`))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('starts_on', types.date, (c) => c.notNull())
        .addColumn('ends_on', types.date)
        .addColumn('created_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('student_discounts_student')
        .on('student_discounts')
        .columns(['student_id', 'starts_on'])
        .execute();

      await db.schema
        .createTable('ledger_entries')
        // The order entries were written in (timestamps can tie): SQLite's rowid, PostgreSQL's
        // identity. Also the short number people can quote.
        .addColumn('entry_no', dialect === 'postgres' ? 'bigint' : 'integer', (c) =>
          dialect === 'postgres'
            ? c.primaryKey().generatedByDefaultAsIdentity()
            : c.primaryKey().autoIncrement(),
        )
        .addColumn('entry_id', 'text', (c) => c.notNull().unique())
        // A student's account outlives the account's deactivation: restrict, never cascade.
        .addColumn('student_id', 'text', (c) => c.notNull().references('users.user_id'))
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('charge', 'discount', 'payment', 'refund', 'reversal')`),
        )
        .addColumn('amount', types.money, (c) => c.notNull().check(sql`amount <> 0`))
        .addColumn('method', 'text', (c) =>
          c.check(sql`method is null or method in ('cash', 'bank_transfer', 'card')`),
        )
        .addColumn('occurred_on', types.date, (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('reverses_entry_id', 'text', (c) => c.references('ledger_entries.entry_id'))
        .addColumn('created_by', 'text', (c) => c.references('users.user_id'))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ledger_entries_student')
        .on('ledger_entries')
        .columns(['student_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('ledger_entries_reversed_once')
        .on('ledger_entries')
        .column('reverses_entry_id')
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('ledger_entries').execute();
      await db.schema.dropTable('student_discounts').execute();
      await db.schema.dropTable('fee_plan_instalments').execute();
      await db.schema.dropTable('fee_plans').execute();
    },
  };
}
