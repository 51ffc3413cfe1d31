// Migration 033 adds the table saying where reading each lesson's participants report stands
// (its states limited by a CHECK) and the index the job finds ended lessons by, on either
// database, and takes them away again.
import { afterAll, expect, test } from 'vitest';
import { EARLY_AT, earlyDatabase } from '../helpers/early-database.ts';

const early = await earlyDatabase('029-lesson-substitutes', {
  teacher: 'Cô Lan',
  className: 'IELTS 7.0',
});
afterAll(() => early.close());

const tableNames = async (): Promise<string[]> => {
  const rows =
    early.handle.dialect === 'postgres'
      ? await early.db
          .selectFrom('pg_tables')
          .select('tablename as name')
          .where('schemaname', '=', 'public')
          .execute()
      : await early.db
          .selectFrom('sqlite_master')
          .select('name')
          .where('type', '=', 'table')
          .execute();
  return rows.map((row: { name: string }) => row.name);
};

test('up: attendance_reports with its states; down: gone; up again', async () => {
  const { migrator, db } = early;
  expect((await migrator.migrateTo('033-participants-report')).error).toBeUndefined();
  expect(await tableNames()).toContain('attendance_reports');
  // A lesson of the early class, as the tables had it then.
  const { class_id } = await db.selectFrom('classes').select('class_id').executeTakeFirstOrThrow();
  const scheduleId = 's-report';
  await db
    .insertInto('schedules')
    .values({
      schedule_id: scheduleId,
      class_id,
      topic: 'Unit 1',
      start_time: EARLY_AT,
      end_time: '2030-03-10T03:00:00.000Z',
      status: 'completed',
      created_at: EARLY_AT,
      updated_at: EARLY_AT,
    })
    .execute();
  const row = (state: string) => ({
    schedule_id: scheduleId,
    state,
    due_at: EARLY_AT,
    attempts: 0,
    claimed_until: null,
    reconciled_at: null,
    updated_at: EARLY_AT,
  });
  await expect(
    db.insertInto('attendance_reports').values(row('maybe')).execute(),
  ).rejects.toThrow();
  await db.insertInto('attendance_reports').values(row('pending')).execute();
  expect(await db.selectFrom('attendance_reports').select(['state', 'attempts']).execute()).toEqual(
    [{ state: 'pending', attempts: 0 }],
  );

  expect((await migrator.migrateTo('029-lesson-substitutes')).error).toBeUndefined();
  expect(await tableNames()).not.toContain('attendance_reports');
  expect((await migrator.migrateTo('033-participants-report')).error).toBeUndefined();
  expect(await tableNames()).toContain('attendance_reports');
});
