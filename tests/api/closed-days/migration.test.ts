// Migration 019 adds the calendar of closed days and takes it away again, on either database: a
// date is closed once (its primary key), and the migration's down leaves no table behind.
import { afterAll, expect, test } from 'vitest';
import { EARLY_AT, earlyDatabase } from '../../helpers/early-database.ts';

const early = await earlyDatabase('015-search-names', {
  teacher: 'Cô Lan',
  className: 'IELTS 7.0',
});
afterAll(() => early.close());

const closeDay = (date: string) =>
  early.db
    .insertInto('closed_days')
    .values({
      closed_date: date,
      name: 'Tết',
      created_by: 'u1',
      created_at: EARLY_AT,
      updated_at: EARLY_AT,
    })
    .execute();

test('up: one row per date; down: the table is gone; up again', async () => {
  const { migrator, db } = early;
  expect((await migrator.migrateTo('019-closed-days')).error).toBeUndefined();
  await closeDay('2031-01-23');
  await expect(closeDay('2031-01-23')).rejects.toThrow();
  expect(await db.selectFrom('closed_days').select(['closed_date', 'name']).execute()).toEqual([
    { closed_date: '2031-01-23', name: 'Tết' },
  ]);

  const down = await migrator.migrateDown();
  expect(down.error).toBeUndefined();
  expect(down.results?.map((r) => r.migrationName)).toEqual(['019-closed-days']);
  await expect(db.selectFrom('closed_days').selectAll().execute()).rejects.toThrow();

  expect((await migrator.migrateTo('019-closed-days')).error).toBeUndefined();
  expect(await db.selectFrom('closed_days').selectAll().execute()).toEqual([]);
});
