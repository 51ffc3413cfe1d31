// Migration 016 holds every class and lesson that exists before it on Zoom, as they were, and
// steps back down cleanly (its rooms table and venue columns gone, the rows kept).
import { afterAll, expect, test } from 'vitest';
import { EARLY_AT, earlyDatabase } from '../helpers/early-database.ts';

const early = await earlyDatabase('015-search-names', {
  teacher: 'Trần Văn Đức',
  className: 'IELTS 6.5',
});
afterAll(() => early.close());

test('existing classes and lessons are held on Zoom; down and up again keep them', async () => {
  const { migrator, db } = early;
  await db
    .insertInto('schedules')
    .values({
      schedule_id: 's1',
      class_id: 'c1',
      topic: 'Unit 1',
      start_time: '2030-03-11T02:00:00.000Z',
      end_time: '2030-03-11T03:00:00.000Z',
      status: 'pending',
      created_at: EARLY_AT,
      updated_at: EARLY_AT,
    })
    .execute();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(
    await db
      .selectFrom('classes')
      .select(['default_venue', 'default_room_id', 'meeting_link'])
      .execute(),
  ).toEqual([{ default_venue: 'zoom', default_room_id: null, meeting_link: null }]);
  expect(await db.selectFrom('schedules').select(['venue', 'room_id']).execute()).toEqual([
    { venue: 'zoom', room_id: null },
  ]);
  // A venue outside the three is refused by the database itself.
  await expect(
    db.updateTable('schedules').set({ venue: 'teams' }).where('schedule_id', '=', 's1').execute(),
  ).rejects.toThrow();

  expect((await migrator.migrateTo('015-search-names')).error).toBeUndefined();
  expect(await db.selectFrom('schedules').select('schedule_id').execute()).toEqual([
    { schedule_id: 's1' },
  ]);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
