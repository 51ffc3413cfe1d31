// Indexes for debts and the month's summary (issue 27): an invoice's total and what is paid on it
// are read from its lines and allocations for every issued invoice at once; with the amount in the
// index (covering) each sum is read from the index alone, without a visit to the table's rows.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function debtIndexesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('invoice_lines_invoice_amount')
        .on('invoice_lines')
        .columns(['invoice_id', 'amount'])
        .execute();
      await db.schema
        .createIndex('invoice_allocations_invoice_amount')
        .on('invoice_allocations')
        .columns(['invoice_id', 'amount'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('invoice_allocations_invoice_amount').execute();
      await db.schema.dropIndex('invoice_lines_invoice_amount').execute();
    },
  };
}
