// Recurring lessons created: once under one idempotency key, in one transaction, 200 at a time
// (series-school.ts holds the school).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { snapshot } from '../../helpers/factories.ts';
import { createClass } from '../../helpers/school.ts';
import {
  admin,
  classId,
  closeSeriesSchool,
  lessonsOf,
  series,
  server,
  setUpSeriesSchool,
  teacher,
  tuesdaysAndThursdays,
} from './series-school.ts';

beforeAll(setUpSeriesSchool);
afterAll(closeSeriesSchool);

describe('a series of lessons', () => {
  test('a retried submit creates the series once, also when the copies arrive together', async () => {
    const body = { ...tuesdaysAndThursdays, first_date: '2030-04-01', on_clash: 'refuse' };
    const key = 'series-retry-0001';
    const [first, second] = await Promise.all([series(admin, body, key), series(admin, body, key)]);
    expect(first.status, first.text).toBe(201);
    expect(second.status, second.text).toBe(201);
    expect(second.body).toEqual(first.body);
    const third = await series(admin, body, key);
    expect(third.body).toEqual(first.body);
    const made = (await lessonsOf(classId)).filter((l) => l.series_id === first.body.series_id);
    expect(made).toHaveLength(6);
    // The same lessons again without the key now clash with the first series, lesson by lesson.
    const again = await series(admin, body);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'SERIES_CLASHES', params: { count: '6' } });
    for (const lesson of made) await admin.delete(`/api/schedules/${lesson.schedule_id}`);
  });

  test('one transaction: a lesson the database refuses part-way leaves no lesson of the series', async () => {
    const { db, dialect } = server.server.ctx.database;
    if (dialect === 'postgres') {
      await sql`create function refuse_unit_three() returns trigger as $$ begin raise exception 'refused'; end $$ language plpgsql`.execute(
        db,
      );
      await sql`create trigger refuse_unit_three before insert on schedules for each row when (new.topic = 'Part 3') execute function refuse_unit_three()`.execute(
        db,
      );
    } else {
      await sql`create trigger refuse_unit_three before insert on schedules when new.topic = 'Part 3' begin select raise(abort, 'refused'); end`.execute(
        db,
      );
    }
    const before = await snapshot(server, ['schedules', 'idempotency_keys']);
    const failed = await series(
      admin,
      {
        ...tuesdaysAndThursdays,
        topic_pattern: 'Part {n}',
        first_date: '2030-04-15',
        on_clash: 'refuse',
      },
      'series-atomic-01',
    );
    expect(failed.status).toBe(500);
    expect(await snapshot(server, ['schedules', 'idempotency_keys'])).toEqual(before);
    await sql`drop trigger refuse_unit_three${sql.raw(dialect === 'postgres' ? ' on schedules' : '')}`.execute(
      db,
    );
  });

  test('a series of 200 lessons is created in one request', async () => {
    const klass = await createClass(admin, teacher.user.user_id, {
      class_name: 'Intensive',
      start_date: '2030-07-01',
      end_date: '2031-06-30',
    });
    const created = await series(
      admin,
      {
        topic_pattern: 'Buổi {n}',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        start_time: '07:00',
        first_date: '2030-07-01',
        count: 200,
      },
      undefined,
      klass.class_id,
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ created: 200, skipped: 0 });
    const lessons = await lessonsOf(klass.class_id);
    expect(lessons).toHaveLength(200);
    expect(lessons[199]).toMatchObject({ topic: 'Buổi 200', series_index: 200 });
    // Every day until the class ends would be more than one series may hold.
    const tooMany = await series(
      admin,
      {
        topic_pattern: 'Buổi {n}',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        start_time: '20:00',
        first_date: '2030-07-01',
        end_date: '2031-06-30',
      },
      undefined,
      klass.class_id,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('SERIES_TOO_MANY');
    // 60 minutes by default.
    expect(Date.parse(lessons[0]!.end_time) - Date.parse(lessons[0]!.start_time)).toBe(3_600_000);
    await admin.delete(`/api/classes/${klass.class_id}`);
  });
});
