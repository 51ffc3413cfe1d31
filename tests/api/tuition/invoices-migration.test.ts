// Migration 024 adds invoices on either database and takes them away again: a student, class and
// month hold one invoice that is not void (a voided one leaves room for its replacement), numbers
// are unique, ledger entries gain the invoice they belong to, and down leaves no table behind.
import { afterAll, expect, test } from 'vitest';
import { EARLY_AT, earlyDatabase } from '../../helpers/early-database.ts';

const early = await earlyDatabase('023-tuition-ledger', {
  teacher: 'Cô Lan',
  className: 'IELTS 7.0',
});
afterAll(() => early.close());

const invoice = (id: string, status: string, number: string | null = null) =>
  early.db
    .insertInto('invoices')
    .values({
      invoice_id: id,
      number,
      student_id: 'u1',
      class_id: 'c1',
      class_name: 'IELTS 7.0',
      period: '2030-03',
      status,
      due_date: '2030-03-10',
      created_at: EARLY_AT,
      updated_at: EARLY_AT,
    })
    .execute();

test('up: one live invoice per student, class and month, unique numbers; down: gone; up again', async () => {
  const { migrator, db } = early;
  expect((await migrator.migrateTo('024-invoices')).error).toBeUndefined();

  await invoice('i1', 'void', 'HP-2030-000001');
  await invoice('i2', 'issued', 'HP-2030-000002');
  await expect(invoice('i3', 'draft')).rejects.toThrow();
  await expect(invoice('i4', 'paid')).rejects.toThrow();
  await db
    .updateTable('invoices')
    .set({ period: '2030-04' })
    .where('invoice_id', '=', 'i2')
    .execute();
  await expect(invoice('i5', 'draft', 'HP-2030-000001')).rejects.toThrow();
  await db
    .insertInto('ledger_entries')
    .values({
      entry_id: 'e1',
      student_id: 'u1',
      kind: 'charge',
      amount: 1_000_000,
      occurred_on: '2030-03-10',
      invoice_id: 'i2',
      created_at: EARLY_AT,
    })
    .execute();
  await expect(
    db
      .insertInto('invoice_allocations')
      .values({ invoice_id: 'i2', student_id: 'u1', amount: 0, created_at: EARLY_AT })
      .execute(),
  ).rejects.toThrow();

  await db.deleteFrom('ledger_entries').execute();
  const down = await migrator.migrateDown();
  expect(down.error).toBeUndefined();
  expect(down.results?.map((r) => r.migrationName)).toEqual(['024-invoices']);
  for (const table of ['invoices', 'invoice_lines', 'invoice_allocations', 'invoice_counters']) {
    await expect(db.selectFrom(table).selectAll().execute()).rejects.toThrow();
  }
  expect((await migrator.migrateTo('024-invoices')).error).toBeUndefined();
  expect(await db.selectFrom('invoices').selectAll().execute()).toEqual([]);
});
