// Migration 026 adds bank transfers and the webhook's keys on either database and takes them away
// again: a transfer's fingerprint is recorded once, an amount is positive, a status is one of three.
import { afterAll, expect, test } from 'vitest';
import { EARLY_AT, earlyDatabase } from '../../helpers/early-database.ts';

const early = await earlyDatabase('024-invoices', { teacher: 'Cô Lan', className: 'IELTS 7.0' });
afterAll(() => early.close());

const transfer = (id: string, fingerprint: string, fields: Record<string, unknown> = {}) =>
  early.db
    .insertInto('bank_transfers')
    .values({
      transfer_id: id,
      source: 'statement',
      fingerprint,
      transferred_on: '2030-03-10',
      amount: 1_500_000,
      content: 'HP2030000001',
      status: 'unmatched',
      created_at: EARLY_AT,
      ...fields,
    })
    .execute();

test('up: one transfer per fingerprint, positive amounts, known statuses; down: gone; up again', async () => {
  const { migrator, db } = early;
  expect((await migrator.migrateTo('026-bank-transfers')).error).toBeUndefined();
  await transfer('t1', 'ref:FT1');
  await expect(transfer('t2', 'ref:FT1')).rejects.toThrow();
  await expect(transfer('t3', 'ref:FT3', { amount: 0 })).rejects.toThrow();
  await expect(transfer('t4', 'ref:FT4', { status: 'paid' })).rejects.toThrow();
  await expect(transfer('t5', 'ref:FT5', { source: 'email' })).rejects.toThrow();
  await db
    .insertInto('bank_webhook_keys')
    .values({ key_id: 'k1', key_hash: 'ab', hint: 'wxyz', created_at: EARLY_AT })
    .execute();
  expect((await db.selectFrom('bank_transfers').selectAll().execute()).length).toBe(1);

  expect((await migrator.migrateTo('024-invoices')).error).toBeUndefined();
  await expect(db.selectFrom('bank_transfers').selectAll().execute()).rejects.toThrow();
  await expect(db.selectFrom('bank_webhook_keys').selectAll().execute()).rejects.toThrow();
  expect((await migrator.migrateTo('026-bank-transfers')).error).toBeUndefined();
  await transfer('t1', 'ref:FT1');
});
