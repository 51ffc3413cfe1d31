// Migration 025 gives the center's settings row its bank account, on either database: three
// columns, empty on the row that was there, that take a BIN of six digits, an account number of 6
// to 19 and a name of 2 to 70 characters; down takes them away and keeps the row.
import { afterAll, expect, test } from 'vitest';
import { earlyDatabase } from '../../helpers/early-database.ts';

const early = await earlyDatabase('023-tuition-ledger', {
  teacher: 'Cô Lan',
  className: 'IELTS 7.0',
});
afterAll(() => early.close());

const bankOf = () =>
  early.db
    .selectFrom('center_settings')
    .select(['center_name', 'bank_bin', 'bank_account_number', 'bank_account_name'])
    .execute();
const setBank = (values: Record<string, string | null>) =>
  early.db.updateTable('center_settings').set(values).execute();

test('up: the row that was there has no account and takes one within the rules; down: gone', async () => {
  const { migrator, db } = early;
  const before = await db
    .selectFrom('center_settings')
    .select('center_name')
    .executeTakeFirstOrThrow();
  expect((await migrator.migrateTo('025-bank-account')).error).toBeUndefined();
  expect(await bankOf()).toEqual([
    {
      center_name: before.center_name,
      bank_bin: null,
      bank_account_number: null,
      bank_account_name: null,
    },
  ]);

  await setBank({
    bank_bin: '970436',
    bank_account_number: '0071000123456',
    bank_account_name: 'TRUNG TAM ANH NGU',
  });
  await expect(setBank({ bank_bin: '97043' })).rejects.toThrow();
  await expect(setBank({ bank_account_number: '12345' })).rejects.toThrow();
  await expect(setBank({ bank_account_number: '1'.repeat(20) })).rejects.toThrow();
  await expect(setBank({ bank_account_name: 'A' })).rejects.toThrow();
  expect((await bankOf())[0]).toMatchObject({
    bank_bin: '970436',
    bank_account_number: '0071000123456',
    bank_account_name: 'TRUNG TAM ANH NGU',
  });

  const down = await migrator.migrateDown();
  expect(down.error).toBeUndefined();
  expect(down.results?.map((r) => r.migrationName)).toEqual(['025-bank-account']);
  await expect(db.selectFrom('center_settings').select('bank_bin').execute()).rejects.toThrow();
  expect(await db.selectFrom('center_settings').select('center_name').execute()).toEqual([
    { center_name: before.center_name },
  ]);
  expect((await migrator.migrateTo('025-bank-account')).error).toBeUndefined();
  expect((await bankOf())[0]!.bank_bin).toBeNull();
});
