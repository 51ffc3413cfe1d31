// Migration 018 moves a teacher's corrections into attendance_marks (docs/decisions/021): they keep
// their status, who made them and when; the database takes only the four statuses; going down
// copies the marks back into the corrections, an excused mark as the absence the old code knows.
import { afterAll, expect, test } from 'vitest';
import { EARLY_AT, earlyDatabase } from '../helpers/early-database.ts';

const early = await earlyDatabase('015-search-names', { teacher: 'Cô Lan', className: 'Lớp A' });
afterAll(() => early.close());

test('corrections become marks, and come back when the migration is undone', async () => {
  const { handle, migrator, db, yes } = early;
  const at = EARLY_AT;
  for (const id of ['2', '3']) {
    await db
      .insertInto('auth_credentials')
      .values({
        auth_id: `a${id}`,
        password_hash: 'x',
        must_change_password: yes,
        password_changed_at: at,
        created_at: at,
      })
      .execute();
    await db
      .insertInto('users')
      .values({
        user_id: `u${id}`,
        auth_id: `a${id}`,
        email: `student${id}@x.vn`,
        full_name: `Student ${id}`,
        role: 'student',
        username: `student${id}`,
        is_active: yes,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  await db
    .insertInto('schedules')
    .values({
      schedule_id: 's1',
      class_id: 'c1',
      topic: 'Unit 1',
      start_time: at,
      end_time: '2030-03-10T03:00:00.000Z',
      status: 'completed',
      created_at: at,
      updated_at: at,
    })
    .execute();
  const correction = (student: string, status: string) => ({
    schedule_id: 's1',
    student_id: student,
    status,
    corrected_by: 'u1',
    corrected_at: at,
  });
  await db
    .insertInto('attendance_corrections')
    .values([correction('u2', 'late'), correction('u3', 'present')])
    .execute();

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const marks = () =>
    handle.db.selectFrom('attendance_marks').selectAll().orderBy('student_id').execute();
  const mark = (student: string, status: string) => ({
    schedule_id: 's1',
    student_id: student,
    status,
    marked_by: 'u1',
    marked_at: at,
  });
  expect(await marks()).toEqual([mark('u2', 'late'), mark('u3', 'present')]);
  // Only the four statuses.
  await expect(
    db
      .updateTable('attendance_marks')
      .set({ status: 'sick' })
      .where('student_id', '=', 'u2')
      .execute(),
  ).rejects.toThrow();
  await handle.db
    .updateTable('attendance_marks')
    .set({ status: 'excused' })
    .where('student_id', '=', 'u3')
    .execute();

  expect((await migrator.migrateTo('015-search-names')).error).toBeUndefined();
  expect(
    await db.selectFrom('attendance_corrections').selectAll().orderBy('student_id').execute(),
  ).toEqual([correction('u2', 'late'), correction('u3', 'absent')]);
  await expect(db.selectFrom('attendance_marks').selectAll().execute()).rejects.toThrow();

  // And up again: the marks are back.
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await marks()).toEqual([mark('u2', 'late'), mark('u3', 'absent')]);
});
