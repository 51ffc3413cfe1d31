// Migration 027 adds the covering indexes debts read invoices' sums from, on either database, and
// takes them away again.
import { afterAll, expect, test } from 'vitest';
import { earlyDatabase } from '../../helpers/early-database.ts';

const early = await earlyDatabase('024-invoices', { teacher: 'Cô Lan', className: 'IELTS 7.0' });
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

test('up: the two covering indexes; down: gone; up again', async () => {
  const { migrator } = early;
  expect((await migrator.migrateTo('027-debt-indexes')).error).toBeUndefined();
  expect(await indexNames()).toEqual(
    expect.arrayContaining(['invoice_lines_invoice_amount', 'invoice_allocations_invoice_amount']),
  );
  expect((await migrator.migrateTo('024-invoices')).error).toBeUndefined();
  expect(await indexNames()).not.toContain('invoice_lines_invoice_amount');
  expect((await migrator.migrateTo('027-debt-indexes')).error).toBeUndefined();
});
