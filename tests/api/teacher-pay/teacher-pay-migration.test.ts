// Migration 031 (docs/decisions/033-teachers-pay.md) adds teachers' rates, adjustments and approved
// statements on either database: a rate is positive, its month is YYYY-MM, one teacher has one
// own rate per month (a class's rate beside it); and takes them away again.
import { afterAll, expect, test } from 'vitest';
import { EARLY_AT, earlyDatabase } from '../../helpers/early-database.ts';

const early = await earlyDatabase('029-lesson-substitutes', {
  teacher: 'Cô Lan',
  className: 'IELTS 7.0',
});
afterAll(() => early.close());

const rate = (id: string, overrides: Record<string, unknown> = {}) =>
  early.db
    .insertInto('teacher_pay_rates')
    .values({
      rate_id: id,
      teacher_id: 'u1',
      class_id: null,
      kind: 'per_lesson',
      amount: 200_000,
      effective_from: '2030-03',
      created_by: null,
      created_at: EARLY_AT,
      ...overrides,
    })
    .execute();

test('up: rates keep their rules; down: the tables are gone; up again', async () => {
  const { migrator } = early;
  expect((await migrator.migrateTo('031-teacher-pay')).error).toBeUndefined();
  await rate('r1');
  // The class's own rate for the same month sits beside the teacher's.
  await rate('r2', { class_id: 'c1', amount: 250_000 });
  await expect(rate('r3')).rejects.toThrow();
  await expect(rate('r4', { effective_from: '2030-4' })).rejects.toThrow();
  await expect(rate('r5', { effective_from: '2030-04', amount: 0 })).rejects.toThrow();
  await expect(rate('r6', { effective_from: '2030-04', kind: 'per_day' })).rejects.toThrow();
  const kept = await early.db.selectFrom('teacher_pay_rates').select('rate_id').execute();
  expect(kept.map((row: { rate_id: string }) => row.rate_id).sort()).toEqual(['r1', 'r2']);

  expect((await migrator.migrateTo('029-lesson-substitutes')).error).toBeUndefined();
  await expect(early.db.selectFrom('teacher_pay_rates').selectAll().execute()).rejects.toThrow();
  expect((await migrator.migrateTo('031-teacher-pay')).error).toBeUndefined();
  expect(await early.db.selectFrom('teacher_pay_statements').selectAll().execute()).toEqual([]);
});
