// Migration 017 lets a lesson be cancelled and gives every lesson its calendar SEQUENCE. The
// lessons that exist before it keep the SEQUENCE their feeds showed (seconds between creation and
// the last change), and on SQLite, where the status check is changed by rebuilding the table, the
// lessons' meetings survive, their foreign key still cascades, and the indexes are back. Down
// takes it all back.
import { sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { EARLY_AT, earlyDatabase } from '../helpers/early-database.ts';

const early = await earlyDatabase('016-rooms-and-links', {
  teacher: 'Cô Lan',
  className: 'IELTS 7.0',
});
afterAll(() => early.close());

const lesson = (id: string, updatedAt: string) => ({
  schedule_id: id,
  class_id: 'c1',
  topic: `Lesson ${id}`,
  description: null,
  start_time: '2030-03-12T02:00:00.000Z',
  end_time: '2030-03-12T03:00:00.000Z',
  status: 'pending',
  created_at: EARLY_AT,
  updated_at: updatedAt,
});

const indexesOfSchedules = async () => {
  const { db, handle } = early;
  const rows =
    handle.dialect === 'postgres'
      ? await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where tablename = 'schedules'`.execute(db)
      : await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name = 'schedules'`.execute(
          db,
        );
  return rows.rows.map((row) => row.name).sort();
};

test('existing lessons keep their feed SEQUENCE; a lesson may then be cancelled; down undoes it', async () => {
  const { db, migrator } = early;
  await db
    .insertInto('schedules')
    .values([lesson('s1', EARLY_AT), lesson('s2', '2030-03-10T03:00:01.999Z')])
    .execute();
  await db
    .insertInto('lesson_meetings')
    .values({
      schedule_id: 's2',
      provider: 'zoom',
      external_id: 'm2',
      host_account_id: null,
      join_data: '{}',
      secret_data: '{}',
      created_at: EARLY_AT,
      ended_at: null,
    })
    .execute();
  const indexesBefore = await indexesOfSchedules();

  expect((await migrator.migrateTo('017-moved-and-cancelled-lessons')).error).toBeUndefined();
  const rows = await db
    .selectFrom('schedules')
    .select(['schedule_id', 'sequence', 'cancel_reason', 'cancelled_at', 'cancelled_by'])
    .orderBy('schedule_id')
    .execute();
  expect(rows).toEqual([
    { schedule_id: 's1', sequence: 0, cancel_reason: null, cancelled_at: null, cancelled_by: null },
    // 1 hour and 1.999 s after its creation: 3601, as the feed wrote it.
    {
      schedule_id: 's2',
      sequence: 3601,
      cancel_reason: null,
      cancelled_at: null,
      cancelled_by: null,
    },
  ]);
  expect(await indexesOfSchedules()).toEqual(indexesBefore);
  expect(await db.selectFrom('lesson_meetings').select('schedule_id').execute()).toEqual([
    { schedule_id: 's2' },
  ]);

  await db
    .updateTable('schedules')
    .set({ status: 'cancelled', cancel_reason: 'Giáo viên ốm', cancelled_by: 'u1' })
    .where('schedule_id', '=', 's1')
    .execute();
  await expect(
    db
      .updateTable('schedules')
      .set({ status: 'postponed' })
      .where('schedule_id', '=', 's1')
      .execute(),
  ).rejects.toThrow();
  // The meetings' foreign key still points at the lessons: deleting one takes its meeting along.
  await db.deleteFrom('schedules').where('schedule_id', '=', 's2').execute();
  expect(await db.selectFrom('lesson_meetings').selectAll().execute()).toEqual([]);
  // A lesson that was never cancelled stays through down.
  await db.insertInto('schedules').values(lesson('s3', EARLY_AT)).execute();

  const down = await migrator.migrateTo('016-rooms-and-links');
  expect(down.error).toBeUndefined();
  expect(await db.selectFrom('schedules').select('schedule_id').execute()).toEqual([
    { schedule_id: 's3' },
  ]);
  await expect(
    db
      .updateTable('schedules')
      .set({ status: 'cancelled' })
      .where('schedule_id', '=', 's3')
      .execute(),
  ).rejects.toThrow();
  expect(await indexesOfSchedules()).toEqual(indexesBefore);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
