// Migration 023 adds tuition's tables and takes them away again, on either database: amounts are
// whole đồng and never zero in the ledger, a plan's kind is one of three, an entry is reversed at
// most once, entries keep the order they were written in, and down leaves no table behind.
import { afterAll, expect, test } from 'vitest';
import { EARLY_AT, earlyDatabase } from '../../helpers/early-database.ts';

const early = await earlyDatabase('019-closed-days', {
  teacher: 'Cô Lan',
  className: 'IELTS 7.0',
});
afterAll(() => early.close());

const entry = (id: string, amount: number, reverses: string | null = null) =>
  early.db
    .insertInto('ledger_entries')
    .values({
      entry_id: id,
      student_id: 'u1',
      kind: reverses ? 'reversal' : 'payment',
      amount,
      occurred_on: '2030-03-10',
      reverses_entry_id: reverses,
      created_at: EARLY_AT,
    })
    .execute();

test('up: the rules hold in the tables; down: they are gone; up again', async () => {
  const { migrator, db } = early;
  expect((await migrator.migrateTo('023-tuition-ledger')).error).toBeUndefined();

  await db
    .insertInto('fee_plans')
    .values({
      class_id: 'c1',
      kind: 'per_month',
      amount: 1_500_000,
      created_at: EARLY_AT,
      updated_at: EARLY_AT,
    })
    .execute();
  await expect(
    db
      .insertInto('fee_plans')
      .values({
        class_id: 'c1',
        kind: 'per_week',
        amount: 1,
        created_at: EARLY_AT,
        updated_at: EARLY_AT,
      })
      .execute(),
  ).rejects.toThrow();

  await entry('e1', -1_500_000);
  await entry('e2', 90_000_000_000);
  await expect(entry('e3', 0)).rejects.toThrow();
  await entry('r1', 1_500_000, 'e1');
  await expect(entry('r2', 1_500_000, 'e1')).rejects.toThrow();
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['entry_id', 'amount'])
    .orderBy('entry_no')
    .execute();
  expect(rows).toEqual([
    { entry_id: 'e1', amount: -1_500_000 },
    { entry_id: 'e2', amount: 90_000_000_000 },
    { entry_id: 'r1', amount: 1_500_000 },
  ]);

  const down = await migrator.migrateDown();
  expect(down.error).toBeUndefined();
  expect(down.results?.map((r) => r.migrationName)).toEqual(['023-tuition-ledger']);
  for (const table of [
    'fee_plans',
    'fee_plan_instalments',
    'student_discounts',
    'ledger_entries',
  ]) {
    await expect(db.selectFrom(table).selectAll().execute()).rejects.toThrow();
  }
  expect((await migrator.migrateTo('023-tuition-ledger')).error).toBeUndefined();
  expect(await db.selectFrom('ledger_entries').selectAll().execute()).toEqual([]);
});
