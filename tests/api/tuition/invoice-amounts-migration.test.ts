// Migration 028 keeps an invoice's total and what is paid on it as columns: existing invoices get
// them from their lines and allocations; the open invoices' partial index is made; down takes both
// away again, on either database.
import { afterAll, expect, test } from 'vitest';
import { earlyDatabase } from '../../helpers/early-database.ts';

const early = await earlyDatabase('027-debt-indexes', {
  teacher: 'Cô Lan',
  className: 'IELTS 7.0',
});
afterAll(() => early.close());

const indexNames = async (): Promise<string[]> => {
  const rows =
    early.handle.dialect === 'postgres'
      ? await early.db.selectFrom('pg_indexes').select('indexname as name').execute()
      : await early.db
          .selectFrom('sqlite_master')
          .select('name')
          .where('type', '=', 'index')
          .execute();
  return rows.map((row: { name: string }) => row.name);
};

const at = '2030-03-01T01:00:00.000Z';
const invoice = (id: string, status: string, number: string | null, period: string) => ({
  invoice_id: id,
  number,
  student_id: 'u1',
  class_id: 'c1',
  class_name: 'IELTS 7.0',
  period,
  status,
  due_date: '2030-04-10',
  created_at: at,
  updated_at: at,
});
const line = (id: string, invoiceId: string, position: number, amount: number) => ({
  line_id: id,
  invoice_id: invoiceId,
  position,
  label: 'custom_charge',
  params: '{}',
  description: 'x',
  quantity: 1,
  unit_amount: Math.abs(amount),
  amount,
});

test('up: each invoice gets its lines and allocations summed, and the open index; down: gone', async () => {
  const { db, migrator } = early;
  await db
    .insertInto('invoices')
    .values([
      invoice('i1', 'issued', 'HP-2030-000001', '2030-03'),
      invoice('i2', 'issued', 'HP-2030-000002', '2030-04'),
      invoice('i3', 'draft', null, '2030-05'),
    ])
    .execute();
  await db
    .insertInto('invoice_lines')
    .values([
      line('l1', 'i1', 0, 1_000_000),
      line('l2', 'i1', 1, -100_000),
      line('l3', 'i2', 0, 500_000),
      line('l4', 'i3', 0, 700_000),
    ])
    .execute();
  await db
    .insertInto('invoice_allocations')
    .values([
      { invoice_id: 'i1', student_id: 'u1', amount: 900_000, created_at: at },
      { invoice_id: 'i2', student_id: 'u1', amount: 300_000, created_at: at },
      { invoice_id: 'i2', student_id: 'u1', amount: -100_000, created_at: at },
    ])
    .execute();

  expect((await migrator.migrateTo('028-invoice-amounts')).error).toBeUndefined();
  const rows = await db
    .selectFrom('invoices')
    .select(['invoice_id', 'total', 'paid'])
    .orderBy('invoice_id')
    .execute();
  expect(rows.map((row: any) => [row.invoice_id, Number(row.total), Number(row.paid)])).toEqual([
    ['i1', 900_000, 900_000],
    ['i2', 500_000, 200_000],
    ['i3', 700_000, 0],
  ]);
  expect(await indexNames()).toContain('invoices_open_by_student');

  expect((await migrator.migrateTo('027-debt-indexes')).error).toBeUndefined();
  expect(await indexNames()).not.toContain('invoices_open_by_student');
  const back = await db.selectFrom('invoices').selectAll().where('invoice_id', '=', 'i1').execute();
  expect(back[0]).not.toHaveProperty('total');
  expect((await migrator.migrateTo('028-invoice-amounts')).error).toBeUndefined();
});
