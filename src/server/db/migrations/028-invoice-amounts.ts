// An invoice's own amounts kept beside it (issue 27, docs/decisions/029-invoices.md): `total`, the
// sum of its lines (written with a draft's lines and at issue; an issued invoice's lines never
// change), and `paid`, the sum of its allocations (written by allocation.ts in the transaction that
// adds them). Existing rows are filled from those sums. A partial index holds the open invoices
// (issued, not fully paid) by student with what debts read, so the debts page reads that index
// instead of summing every line and allocation ever written.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

export function invoiceAmountsMigration(dialect: Dialect): Migration {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('invoices')
        .addColumn('total', money, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('invoices')
        .addColumn('paid', money, (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`
        update invoices set
          total = coalesce((select sum(l.amount) from invoice_lines l where l.invoice_id = invoices.invoice_id), 0),
          paid = coalesce((select sum(a.amount) from invoice_allocations a where a.invoice_id = invoices.invoice_id), 0)
      `.execute(db);
      await db.schema
        .createIndex('invoices_open_by_student')
        .on('invoices')
        .columns(['student_id', 'class_id', 'due_date', 'total', 'paid'])
        .where(sql<boolean>`status = 'issued' and paid < total`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('invoices_open_by_student').execute();
      await db.schema.alterTable('invoices').dropColumn('paid').execute();
      await db.schema.alterTable('invoices').dropColumn('total').execute();
    },
  };
}
