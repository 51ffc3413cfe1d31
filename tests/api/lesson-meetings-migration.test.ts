// Migration 011 moves a lesson's Zoom columns into lesson_meetings: a running lesson, a completed
// one and a pending one whose start died half-way keep their meeting, account and secrets.
import { sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { EARLY_AT, earlyDatabase } from '../helpers/early-database.ts';

const early = await earlyDatabase('010-user-language', {
  teacher: 'T',
  className: 'C',
});
afterAll(() => early.close());

test('the Zoom columns of existing lessons become their lesson_meetings rows', async () => {
  const { handle, migrator, db, yes } = early;
  const at = EARLY_AT;
  await db
    .insertInto('zoom_accounts')
    .values({
      zoom_account_id: 'z1',
      zoom_user_id: 'zu1',
      email: 'pool@x.vn',
      is_busy: yes,
      is_active: yes,
      created_at: at,
    })
    .execute();
  const lesson = (id: string, status: string, zoom: Record<string, string | null>) => ({
    schedule_id: id,
    class_id: 'c1',
    topic: id,
    start_time: at,
    end_time: '2030-03-10T03:00:00.000Z',
    status,
    created_at: at,
    updated_at: at,
    zoom_account_id: null,
    zoom_meeting_id: null,
    zoom_password: null,
    zoom_join_url: null,
    zoom_start_url: null,
    ...zoom,
  });
  await db
    .insertInto('schedules')
    .values([
      lesson('running', 'active', {
        zoom_account_id: 'z1',
        zoom_meeting_id: '123',
        zoom_password: 'pw',
        zoom_join_url: 'https://zoom.example/j/123',
        zoom_start_url: 'https://zoom.example/s/123',
      }),
      lesson('done', 'completed', { zoom_account_id: 'z1', zoom_meeting_id: '122' }),
      lesson('half-started', 'pending', { zoom_account_id: 'z1' }),
      lesson('plain', 'pending', {}),
    ])
    .execute();

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const rows = await handle.db
    .selectFrom('lesson_meetings')
    .selectAll()
    .orderBy('schedule_id')
    .execute();
  expect(
    rows.map((row) => ({
      ...row,
      join_data: JSON.parse(row.join_data),
      secret_data: JSON.parse(row.secret_data),
    })),
  ).toEqual([
    {
      schedule_id: 'done',
      provider: 'zoom',
      external_id: '122',
      host_account_id: 'z1',
      join_data: {},
      secret_data: {},
      created_at: at,
      ended_at: at,
    },
    {
      schedule_id: 'half-started',
      provider: 'zoom',
      external_id: null,
      host_account_id: 'z1',
      join_data: {},
      secret_data: {},
      created_at: at,
      ended_at: null,
    },
    {
      schedule_id: 'running',
      provider: 'zoom',
      external_id: '123',
      host_account_id: 'z1',
      join_data: { join_url: 'https://zoom.example/j/123' },
      secret_data: { password: 'pw', start_url: 'https://zoom.example/s/123' },
      created_at: at,
      ended_at: null,
    },
  ]);
  // The columns are gone from the lessons.
  const columns = await sql<Record<string, unknown>>`select * from schedules`.execute(handle.db);
  expect(Object.keys(columns.rows[0]!).filter((name) => name.startsWith('zoom'))).toEqual([]);
  // A pool account still named by a lesson's meeting cannot be deleted.
  await expect(
    handle.db.deleteFrom('zoom_accounts').where('zoom_account_id', '=', 'z1').execute(),
  ).rejects.toThrow();

  // Going down (past the later migrations too) puts the columns and their values back.
  expect((await migrator.migrateTo('010-user-language')).error).toBeUndefined();
  const back = await db
    .selectFrom('schedules')
    .select(['schedule_id', 'zoom_meeting_id', 'zoom_password', 'zoom_account_id'])
    .where('schedule_id', '=', 'running')
    .executeTakeFirstOrThrow();
  expect(back).toEqual({
    schedule_id: 'running',
    zoom_meeting_id: '123',
    zoom_password: 'pw',
    zoom_account_id: 'z1',
  });
});
