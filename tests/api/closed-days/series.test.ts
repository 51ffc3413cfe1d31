// Lesson series and closed days: the preview marks the lessons on closed days and leaves them out
// (a count still counts lessons held), creating with the same input leaves them out on the server,
// and a day ticked back in keeps its lesson.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { snapshot } from '../../helpers/factories.ts';
import { createClass, type School, startSchool } from '../../helpers/school.ts';

// 09:00 on Sunday 1 December 2030 in Ho Chi Minh City.
const clock = new TestClock(Date.parse('2030-12-01T02:00:00Z'));
let school: School;
let classId: string;
let otherClassId: string;
beforeAll(async () => {
  school = await startSchool({ clock });
  const term = { start_date: '2030-12-01', end_date: '2031-03-31' };
  classId = (await createClass(school.admin, school.teacher.user.user_id, term)).class_id;
  otherClassId = (await createClass(school.admin, school.otherTeacher.user.user_id, term)).class_id;
  for (const [name, from_date, to_date] of [
    ['Tết Dương lịch', '2031-01-01', null],
    ['Tết Nguyên Đán', '2031-01-22', '2031-01-26'],
  ]) {
    const added = await school.staff.client.post('/api/closed-days', { name, from_date, to_date });
    expect(added.status, added.text).toBe(201);
  }
});
afterAll(() => school.server.close());

/** Every day at 18:00 for an hour, four lessons from Monday 30 December 2030. */
const overNewYear = {
  topic_pattern: 'Unit {n}',
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  start_time: '18:00',
  duration_minutes: 60,
  first_date: '2030-12-30',
  count: 4,
};
const preview = async (klass: string, body: unknown) => {
  const response = await school.staff.client.post(
    `/api/classes/${klass}/schedule-series/preview`,
    body,
  );
  expect(response.status, response.text).toBe(200);
  return response.body.lessons.map(
    (l: { start_time: string; topic: string | null; closed_day: unknown }) => [
      l.start_time.slice(0, 10),
      l.topic,
      l.closed_day,
    ],
  );
};
const lessonsOf = async (klass: string) =>
  (await school.admin.get(`/api/classes/${klass}/schedules`)).body.items.map(
    (l: { start_time: string; topic: string }) => [l.start_time.slice(0, 10), l.topic],
  );

describe('a series over closed days', () => {
  test('the preview marks 01/01 with its name and leaves it out; four lessons are still four', async () => {
    const before = await snapshot(school.server, ['schedules']);
    expect(await preview(classId, overNewYear)).toEqual([
      ['2030-12-30', 'Unit 1', null],
      ['2030-12-31', 'Unit 2', null],
      ['2031-01-01', null, { date: '2031-01-01', name: 'Tết Dương lịch', included: false }],
      ['2031-01-02', 'Unit 3', null],
      ['2031-01-03', 'Unit 4', null],
    ]);
    expect(await snapshot(school.server, ['schedules'])).toEqual(before);
  });

  test('creating it with the same input leaves 01/01 out on the server too', async () => {
    const created = await school.staff.client.post(
      `/api/classes/${classId}/schedule-series`,
      overNewYear,
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      created: 4,
      skipped: 0,
      closed: 1,
      code: 'SERIES_CREATED_CLOSED',
      params: { count: '4', skipped: '0', closed: '1' },
    });
    expect(await lessonsOf(classId)).toEqual([
      ['2030-12-30', 'Unit 1'],
      ['2030-12-31', 'Unit 2'],
      ['2031-01-02', 'Unit 3'],
      ['2031-01-03', 'Unit 4'],
    ]);
  });

  test('a closed day ticked back in keeps its lesson, in the preview and when created', async () => {
    const ticked = { ...overNewYear, include_closed_dates: ['2031-01-01'] };
    expect(await preview(otherClassId, ticked)).toEqual([
      ['2030-12-30', 'Unit 1', null],
      ['2030-12-31', 'Unit 2', null],
      ['2031-01-01', 'Unit 3', { date: '2031-01-01', name: 'Tết Dương lịch', included: true }],
      ['2031-01-02', 'Unit 4', null],
    ]);
    const key = 'tick-back-in-0001';
    const send = () =>
      school.staff.client.request(
        'POST',
        `/api/classes/${otherClassId}/schedule-series`,
        { json: ticked },
        { 'idempotency-key': key },
      );
    const created = await send();
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ created: 4, closed: 0, code: 'SERIES_CREATED' });
    expect(await lessonsOf(otherClassId)).toEqual([
      ['2030-12-30', 'Unit 1'],
      ['2030-12-31', 'Unit 2'],
      ['2031-01-01', 'Unit 3'],
      ['2031-01-02', 'Unit 4'],
    ]);
    // A retry is answered from the first reply, closed count and all.
    const again = await send();
    expect(again.body).toMatchObject({ series_id: created.body.series_id, created: 4, closed: 0 });
  });

  test('Tết over a weekly series: its lessons left out, clashes and closed days both told', async () => {
    // Wednesdays and Fridays from 15 January; Tết closes Wednesday 22 and Friday 24 January, and
    // the class already has a lesson at 18:00 on Friday 17 January.
    await school.admin.post(`/api/classes/${classId}/schedules`, {
      topic: 'Placement',
      start_time: '2031-01-17T11:00:00Z',
      end_time: '2031-01-17T12:00:00Z',
    });
    const weekly = { ...overNewYear, weekdays: [3, 5], first_date: '2031-01-15', count: 4 };
    expect(await preview(classId, weekly)).toEqual([
      ['2031-01-15', 'Unit 1', null],
      ['2031-01-17', null, null],
      ['2031-01-22', null, { date: '2031-01-22', name: 'Tết Nguyên Đán', included: false }],
      ['2031-01-24', null, { date: '2031-01-24', name: 'Tết Nguyên Đán', included: false }],
      ['2031-01-29', 'Unit 2', null],
      ['2031-01-31', 'Unit 3', null],
    ]);
    const created = await school.staff.client.post(`/api/classes/${classId}/schedule-series`, {
      ...weekly,
      on_clash: 'skip',
    });
    expect(created.body).toMatchObject({
      created: 3,
      skipped: 1,
      closed: 2,
      code: 'SERIES_CREATED_SKIPPED_CLOSED',
    });
  });

  test('a series whose every lesson is on a closed day creates nothing', async () => {
    const onlyTet = {
      ...overNewYear,
      first_date: '2031-01-22',
      count: null,
      end_date: '2031-01-26',
    };
    expect((await preview(classId, onlyTet)).map((row: unknown[]) => row[1])).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    const before = await snapshot(school.server, ['schedules']);
    const refused = await school.staff.client.post(
      `/api/classes/${classId}/schedule-series`,
      onlyTet,
    );
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toEqual({ code: 'SERIES_ALL_CLOSED' });
    expect(await snapshot(school.server, ['schedules'])).toEqual(before);
  });

  test('a date to tick back in must be a date', async () => {
    const response = await school.staff.client.post(
      `/api/classes/${classId}/schedule-series/preview`,
      { ...overNewYear, include_closed_dates: ['01/01/2031'] },
    );
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION', field: 'include_closed_dates.0' });
  });
});
