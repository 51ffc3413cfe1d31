// Recurring lessons created (once under one idempotency key, in one transaction, 200 at a time),
// then "this and following lessons" changed or deleted, pending ones only (series-school.ts holds
// the school).
import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { snapshot } from '../../helpers/factories.ts';
import { createClass, createLesson } from '../../helpers/school.ts';
import { lessonsOf, series, setStatus, tuesdaysAndThursdays } from './series-requests.ts';
import { admin, classId, otherClassId, server, staff, teacher } from './series-school.ts';

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

describe('this and following lessons', () => {
  let made: Awaited<ReturnType<typeof lessonsOf>>;
  let standalone: string;

  beforeAll(async () => {
    const created = await series(admin, {
      ...tuesdaysAndThursdays,
      first_date: '2030-05-07',
      on_clash: 'refuse',
    });
    expect(created.status, created.text).toBe(201);
    made = (await lessonsOf(classId)).filter((l) => l.series_id === created.body.series_id);
    standalone = (await createLesson(admin, classId, '2030-05-06T02:00:00Z')).schedule_id;
    // The fourth lesson is running: nothing here may touch it.
    await setStatus(made[3]!.schedule_id, 'active');
  });

  test('a new time that would clash changes nothing', async () => {
    // The teacher's other class has a lesson at 19:30 on Tuesday 21 May (the fifth lesson's day,
    // which now ends at 19:30): moved to 19:00 for 90 minutes, the fifth would run into it.
    const blocker = await createLesson(admin, otherClassId, '2030-05-21T12:30:00Z');
    const before = await snapshot(server, ['schedules']);
    const response = await staff.client.patch(`/api/schedules/${made[1]!.schedule_id}/following`, {
      start_time: '19:00',
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'SERIES_CHANGE_CLASHES', params: { count: '1' } });
    expect(await snapshot(server, ['schedules'])).toEqual(before);
    await admin.delete(`/api/schedules/${blocker.schedule_id}`);
  });

  test('topic, time and length change on the pending lessons from this one on', async () => {
    const response = await staff.client.patch(`/api/schedules/${made[1]!.schedule_id}/following`, {
      topic_pattern: 'Bài {n}',
      start_time: '19:00',
      duration_minutes: 60,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      count: 4,
      code: 'SERIES_FOLLOWING_UPDATED',
      params: { count: '4' },
    });
    const now = (await lessonsOf(classId)).filter((l) => l.series_id === made[0]!.series_id);
    expect(now.map((l) => [l.topic, l.start_time, l.end_time, l.status])).toEqual([
      ['Unit 1', '2030-05-07T11:00:00.000Z', '2030-05-07T12:30:00.000Z', 'pending'],
      ['Bài 2', '2030-05-09T12:00:00.000Z', '2030-05-09T13:00:00.000Z', 'pending'],
      ['Bài 3', '2030-05-14T12:00:00.000Z', '2030-05-14T13:00:00.000Z', 'pending'],
      ['Unit 4', '2030-05-16T11:00:00.000Z', '2030-05-16T12:30:00.000Z', 'active'],
      ['Bài 5', '2030-05-21T12:00:00.000Z', '2030-05-21T13:00:00.000Z', 'pending'],
      ['Bài 6', '2030-05-23T12:00:00.000Z', '2030-05-23T13:00:00.000Z', 'pending'],
    ]);
  });

  test('delete removes the pending lessons from this one on, never a running one', async () => {
    const response = await staff.client.delete(`/api/schedules/${made[2]!.schedule_id}/following`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      count: 3,
      code: 'SERIES_FOLLOWING_DELETED',
      params: { count: '3' },
    });
    const left = (await lessonsOf(classId)).filter((l) => l.series_id === made[0]!.series_id);
    expect(left.map((l) => [l.series_index, l.status])).toEqual([
      [1, 'pending'],
      [2, 'pending'],
      [4, 'active'],
    ]);
  });

  test('refusals: a lesson of no series, a lesson not pending, a teacher, an empty change', async () => {
    const before = await snapshot(server, ['schedules']);
    const alone = await admin.delete(`/api/schedules/${standalone}/following`);
    expect(alone.status).toBe(409);
    expect(alone.body.code).toBe('SERIES_NOT_A_SERIES');
    const running = await admin.patch(`/api/schedules/${made[3]!.schedule_id}/following`, {
      topic_pattern: 'X {n}',
    });
    expect(running.status).toBe(409);
    expect(running.body.code).toBe('SERIES_LESSON_NOT_PENDING');
    const byTeacher = await teacher.client.delete(
      `/api/schedules/${made[0]!.schedule_id}/following`,
    );
    expect(byTeacher.status).toBe(403);
    const empty = await admin.patch(`/api/schedules/${made[0]!.schedule_id}/following`, {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'VALIDATION', reason: 'SERIES_CHANGE_EMPTY' });
    expect(await snapshot(server, ['schedules'])).toEqual(before);
  });
});
