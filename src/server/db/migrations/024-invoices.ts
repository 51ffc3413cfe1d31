// Invoices (issue 27, docs/decisions/029-invoices.md): a student's invoice for one class and one
// month, its lines, the year's counter its number is taken from when issued, and the payments
// allocated to it (reminders are notifications, once each by their dedupe key). A student, class and month hold one invoice
// that is not void (a partial unique index: a retried or concurrent run cannot make a second).
// Ledger entries name the invoice they were issued on or paid against.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function invoicesMigration(dialect: Dialect): Migration {
  const types =
    dialect === 'postgres'
      ? ({ timestamp: 'timestamptz', date: 'date', money: 'bigint', serial: 'bigint' } as const)
      : ({ timestamp: 'text', date: 'text', money: 'integer', serial: 'integer' } as const);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('invoice_counters')
        .addColumn('year', 'integer', (c) => c.primaryKey())
        .addColumn('last_number', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('invoices')
        .addColumn('invoice_id', 'text', (c) => c.primaryKey())
        .addColumn('number', 'text', (c) => c.unique())
        .addColumn('student_id', 'text', (c) => c.notNull().references('users.user_id'))
        // A class removed later leaves its invoices (with the name they were issued under).
        .addColumn('class_id', 'text', (c) => c.references('classes.class_id').onDelete('set null'))
        .addColumn('class_name', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('draft', 'issued', 'void')`),
        )
        .addColumn('due_date', types.date, (c) => c.notNull())
        .addColumn('issued_at', types.timestamp)
        .addColumn('issued_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('void_reason', 'text')
        .addColumn('voided_at', types.timestamp)
        .addColumn('voided_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('created_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .execute();
      await sql`create unique index invoices_one_per_period on invoices (student_id, class_id, period) where status <> 'void'`.execute(
        db,
      );
      await db.schema
        .createIndex('invoices_by_period')
        .on('invoices')
        .columns(['period', 'class_id'])
        .execute();
      await db.schema
        .createIndex('invoices_open_by_due')
        .on('invoices')
        .columns(['status', 'due_date'])
        .execute();

      await db.schema
        .createTable('invoice_lines')
        .addColumn('line_id', 'text', (c) => c.primaryKey())
        .addColumn('invoice_id', 'text', (c) =>
          c.notNull().references('invoices.invoice_id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
        .addColumn('unit_amount', types.money, (c) => c.notNull().check(sql`unit_amount >= 0`))
        .addColumn('amount', types.money, (c) => c.notNull())
        // What the line charges once for a student and class (a course, an instalment): a second
        // invoice never charges it again.
        .addColumn('charge_key', 'text')
        .execute();
      await db.schema
        .createIndex('invoice_lines_invoice')
        .on('invoice_lines')
        .columns(['invoice_id', 'position'])
        .execute();

      await db.schema
        .createTable('invoice_allocations')
        .addColumn('allocation_no', types.serial, (c) =>
          dialect === 'postgres'
            ? c.primaryKey().generatedByDefaultAsIdentity()
            : c.primaryKey().autoIncrement(),
        )
        .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.invoice_id'))
        .addColumn('student_id', 'text', (c) => c.notNull().references('users.user_id'))
        // Signed: a payment put on the invoice, or (negative) taken off it again (a reversed
        // payment, a voided invoice). Never edited, like the ledger.
        .addColumn('amount', types.money, (c) => c.notNull().check(sql`amount <> 0`))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('invoice_allocations_invoice')
        .on('invoice_allocations')
        .column('invoice_id')
        .execute();
      await db.schema
        .createIndex('invoice_allocations_student')
        .on('invoice_allocations')
        .column('student_id')
        .execute();

      await db.schema
        .alterTable('ledger_entries')
        .addColumn('invoice_id', 'text', (c) => c.references('invoices.invoice_id'))
        .execute();
      await db.schema
        .createIndex('ledger_entries_invoice')
        .on('ledger_entries')
        .column('invoice_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('ledger_entries_invoice').execute();
      await db.schema.alterTable('ledger_entries').dropColumn('invoice_id').execute();
      await db.schema.dropTable('invoice_allocations').execute();
      await db.schema.dropTable('invoice_lines').execute();
      await db.schema.dropTable('invoices').execute();
      await db.schema.dropTable('invoice_counters').execute();
    },
  };
}
