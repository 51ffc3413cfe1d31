// Recurring lessons planned: the preview with its clashes and the class's end, the refusals, and
// who may plan (series-school.ts holds the school).
import { describe, expect, test } from 'vitest';
import { snapshot } from '../../helpers/factories.ts';
import { refusal } from '../../helpers/replies.ts';
import { createLesson } from '../../helpers/school.ts';
import { lessonsOf, series, tuesdaysAndThursdays } from './series-requests.ts';
import { admin, classId, otherClassId, server, staff, student, teacher } from './series-school.ts';

describe('a series of lessons', () => {
  test('the preview lists every lesson with past times and clashes marked, and writes nothing', async () => {
    // 18:30 on Tuesday 12 March in this class; 18:00 on Thursday 14 March in the teacher's other one.
    const own = await createLesson(admin, classId, '2030-03-12T11:30:00Z', 60, 'Bài kiểm tra');
    const teachers = await createLesson(admin, otherClassId, '2030-03-14T11:00:00Z');
    const before = await snapshot(server, ['schedules', 'idempotency_keys']);
    const preview = await staff.client.post(
      `/api/classes/${classId}/schedule-series/preview`,
      tuesdaysAndThursdays,
    );
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toEqual({
      stopped_at_class_end: false,
      lessons: [
        ['2030-03-05T11:00:00.000Z', 'past', null, null],
        ['2030-03-07T11:00:00.000Z', 'past', null, null],
        ['2030-03-12T11:00:00.000Z', 'class', 'IELTS 7.0', null],
        ['2030-03-14T11:00:00.000Z', 'teacher', 'TOEIC Sáng', null],
        ['2030-03-19T11:00:00.000Z', null, null, 'Unit 1'],
        ['2030-03-21T11:00:00.000Z', null, null, 'Unit 2'],
      ].map(([start, clash, clashWith, topic], index) => ({
        position: index + 1,
        topic,
        start_time: start,
        end_time: new Date(Date.parse(start as string) + 90 * 60_000).toISOString(),
        clash,
        clash_with: clashWith,
        closed_day: null,
      })),
    });
    expect(await snapshot(server, ['schedules', 'idempotency_keys'])).toEqual(before);

    // Refused as a whole when the user chooses so: nothing is written.
    const refused = await series(staff.client, { ...tuesdaysAndThursdays, on_clash: 'refuse' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'SERIES_CLASHES',
      params: { count: '4' },
    });
    expect(await snapshot(server, ['schedules', 'idempotency_keys'])).toEqual(before);

    // Or created without the clashing ones, numbered in order.
    const created = await series(staff.client, { ...tuesdaysAndThursdays, on_clash: 'skip' });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      created: 2,
      skipped: 4,
      code: 'SERIES_CREATED_SKIPPED',
      params: { count: '2', skipped: '4' },
    });
    const made = (await lessonsOf(classId)).filter((l) => l.series_id === created.body.series_id);
    expect(made.map((l) => [l.topic, l.start_time, l.status, l.series_index])).toEqual([
      ['Unit 1', '2030-03-19T11:00:00.000Z', 'pending', 1],
      ['Unit 2', '2030-03-21T11:00:00.000Z', 'pending', 2],
    ]);
    // They are ordinary lessons: deleting one works as for any lesson.
    await admin.delete(`/api/schedules/${own.schedule_id}`);
    await admin.delete(`/api/schedules/${teachers.schedule_id}`);
    for (const lesson of made) await admin.delete(`/api/schedules/${lesson.schedule_id}`);
  });

  test('a count stops at the class end date, and the preview says so', async () => {
    const preview = await admin.post(`/api/classes/${classId}/schedule-series/preview`, {
      ...tuesdaysAndThursdays,
      first_date: '2030-06-20',
      count: 10,
    });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.stopped_at_class_end).toBe(true);
    // Thursday 20, Tuesday 25, Thursday 27 June: the class ends on the 30th.
    expect(preview.body.lessons.map((l: { start_time: string }) => l.start_time)).toEqual([
      '2030-06-20T11:00:00.000Z',
      '2030-06-25T11:00:00.000Z',
      '2030-06-27T11:00:00.000Z',
    ]);
  });

  test('an end date instead of a count', async () => {
    const preview = await admin.post(`/api/classes/${classId}/schedule-series/preview`, {
      ...tuesdaysAndThursdays,
      count: null,
      first_date: '2030-04-01',
      end_date: '2030-04-14',
    });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.lessons.map((l: { topic: string }) => l.topic)).toEqual([
      'Unit 1',
      'Unit 2',
      'Unit 3',
      'Unit 4',
    ]);
  });

  test.each([
    [{ topic_pattern: ' ' }, { code: 'SERIES_TOPIC_REQUIRED' }],
    [{ weekdays: [] }, { code: 'SERIES_WEEKDAYS_REQUIRED' }],
    [{ weekdays: [0] }, { code: 'VALIDATION' }],
    [{ start_time: '25:00' }, { code: 'SERIES_TIME_INVALID' }],
    [{ duration_minutes: 5 }, { code: 'SERIES_DURATION_INVALID' }],
    [{ count: 0 }, { code: 'SERIES_COUNT_INVALID' }],
    [{ count: 201 }, { code: 'SERIES_COUNT_INVALID' }],
    [{ count: null }, { code: 'SERIES_END_REQUIRED' }],
    [{ first_date: '2030-02-30' }, { code: 'SERIES_FIRST_DATE_REQUIRED' }],
    [{ end_date: '2030-03-01' }, { code: 'SERIES_END_BEFORE_FIRST' }],
    [
      { first_date: '2030-02-25' },
      { code: 'SERIES_OUTSIDE_CLASS', params: { start: '2030-03-01', end: '2030-06-30' } },
    ],
    [
      { count: null, end_date: '2030-07-15' },
      { code: 'SERIES_OUTSIDE_CLASS', params: { start: '2030-03-01', end: '2030-06-30' } },
    ],
    [
      { weekdays: [6], first_date: '2030-03-18', count: null, end_date: '2030-03-20' },
      { code: 'SERIES_EMPTY' },
    ],
    [{ repeat: 'weekly' }, { code: 'JSON_UNKNOWN_FIELD', params: { field: 'repeat' } }],
  ])('%j is refused with %j and nothing is written', async (change, message) => {
    const before = await snapshot(server, ['schedules']);
    for (const url of [
      `/api/classes/${classId}/schedule-series/preview`,
      `/api/classes/${classId}/schedule-series`,
    ]) {
      const body: Record<string, unknown> = { ...tuesdaysAndThursdays, ...change };
      if (url.endsWith('series')) body.on_clash = 'skip';
      const response = await admin.post(url, body);
      expect(response.status, response.text).toBe(400);
      expect(refusal(response.body)).toEqual(message);
    }
    expect(await snapshot(server, ['schedules'])).toEqual(before);
  });

  test('only admin and staff plan series', async () => {
    const body = { ...tuesdaysAndThursdays, first_date: '2030-04-01' };
    for (const client of [teacher.client, student.client]) {
      const preview = await client.post(`/api/classes/${classId}/schedule-series/preview`, body);
      expect(preview.status).toBe(403);
      expect((await series(client, body)).status).toBe(403);
    }
    expect(
      (await server.client().post(`/api/classes/${classId}/schedule-series`, body)).status,
    ).toBe(401);
  });
});
