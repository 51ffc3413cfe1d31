// Migration 030 (docs/decisions/032-make-up-lessons.md) on either database: a class that existed
// takes two make-up visitors per lesson, the center's credits last 60 days and students do not book
// their own; the credits' table keeps one credit per student and missed lesson. Going down takes it
// all away; up again works.
import { afterAll, expect, test } from 'vitest';
import { EARLY_AT, earlyDatabase } from '../../helpers/early-database.ts';

const early = await earlyDatabase('029-lesson-substitutes', {
  teacher: 'Cô Lan',
  className: 'IELTS 7.0',
});
afterAll(() => early.close());

test('up: the defaults for what existed, one credit per missed lesson; down and up again', async () => {
  const { migrator, db } = early;
  expect((await migrator.migrateTo('030-makeup-credits')).error).toBeUndefined();
  expect(await db.selectFrom('classes').select(['class_id', 'makeup_seats']).execute()).toEqual([
    { class_id: 'c1', makeup_seats: 2 },
  ]);
  const settings = await db
    .selectFrom('center_settings')
    .select(['makeup_credit_days', 'students_book_makeups'])
    .executeTakeFirstOrThrow();
  expect({ ...settings, students_book_makeups: Boolean(settings.students_book_makeups) }).toEqual({
    makeup_credit_days: 60,
    students_book_makeups: false,
  });
  const user = await db.selectFrom('users').select('user_id').executeTakeFirstOrThrow();
  await db
    .insertInto('schedules')
    .values({
      schedule_id: 's1',
      class_id: 'c1',
      topic: 'Bài 1',
      description: null,
      start_time: EARLY_AT,
      end_time: new Date(Date.parse(EARLY_AT) + 3_600_000).toISOString(),
      status: 'completed',
      created_at: EARLY_AT,
      updated_at: EARLY_AT,
    })
    .execute();
  const credit = (credit_id: string) => ({
    credit_id,
    student_id: user.user_id,
    class_id: 'c1',
    missed_schedule_id: 's1',
    earned_at: EARLY_AT,
    expires_at: EARLY_AT,
  });
  await db.insertInto('makeup_credits').values(credit('k1')).execute();
  await expect(db.insertInto('makeup_credits').values(credit('k2')).execute()).rejects.toThrow();
  await expect(
    db.updateTable('classes').set({ makeup_seats: 51 }).where('class_id', '=', 'c1').execute(),
  ).rejects.toThrow();

  expect((await migrator.migrateTo('029-lesson-substitutes')).error).toBeUndefined();
  await expect(db.selectFrom('makeup_credits').selectAll().execute()).rejects.toThrow();
  await expect(db.selectFrom('classes').select('makeup_seats').execute()).rejects.toThrow();
  expect((await migrator.migrateTo('030-makeup-credits')).error).toBeUndefined();
});
