// The center's calendar of closed days: admin and staff keep it, everyone signed in reads it; a day
// is closed once; bad input is refused with a code and changes nothing; adding a day lists the
// lessons already planned on it (in the center's zone), as the page does until they are dealt with.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { snapshot } from '../../helpers/factories.ts';
import { refusal } from '../../helpers/replies.ts';
import {
  createClass,
  createLesson,
  type School,
  startSchool,
  vnTime,
} from '../../helpers/school.ts';

// 09:00 in Ho Chi Minh City on Sunday 10 March 2030; the school's class runs March – June 2030.
const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: School;
beforeAll(async () => {
  school = await startSchool({
    clock,
    names: { teacher: 'Cô Lan', className: 'IELTS 7.0' },
  });
});
afterAll(() => school.server.close());

const list = async (query = 'year=2030') =>
  (await school.student.client.get(`/api/closed-days?${query}`)).body.items;
const unchanged = async (act: () => Promise<unknown>) => {
  const before = await snapshot(school.server, ['closed_days']);
  await act();
  expect(await snapshot(school.server, ['closed_days'])).toEqual(before);
};

describe('the calendar', () => {
  test('staff add a day and a run of days; everyone signed in reads them, by year or span', async () => {
    const staff = school.staff.client;
    const one = await staff.post('/api/closed-days', {
      name: 'Ngày nhà giáo',
      from_date: '2030-11-20',
    });
    expect(one.status, one.text).toBe(201);
    expect(one.body).toMatchObject({
      days: [{ date: '2030-11-20', name: 'Ngày nhà giáo' }],
      lessons: [],
      code: 'CLOSED_DAYS_ADDED',
      params: { count: '1' },
    });
    const run = await school.admin.post('/api/closed-days', {
      name: '  Nghỉ hè  ',
      from_date: '2030-07-30',
      to_date: '2030-08-02',
    });
    expect(run.status, run.text).toBe(201);
    expect(run.body.params).toEqual({ count: '4' });

    const expected = [
      { date: '2030-07-30', name: 'Nghỉ hè' },
      { date: '2030-07-31', name: 'Nghỉ hè' },
      { date: '2030-08-01', name: 'Nghỉ hè' },
      { date: '2030-08-02', name: 'Nghỉ hè' },
      { date: '2030-11-20', name: 'Ngày nhà giáo' },
    ];
    for (const client of [school.student.client, school.teacher.client, staff, school.admin]) {
      const read = await client.get('/api/closed-days?year=2030');
      expect(read.status, read.text).toBe(200);
      expect(read.body.items).toEqual(expected);
    }
    // Without a year: the center's this year (2030 on the test clock).
    expect(await list('')).toEqual(expected);
    expect(await list('from=2030-08-01&to=2030-12-31')).toEqual(expected.slice(2));
    expect(await list('year=2031')).toEqual([]);
    expect((await school.server.client().get('/api/closed-days')).status).toBe(401);
  });

  test('a day is closed once: a duplicate, alone or inside a run, is refused naming it', async () => {
    await unchanged(async () => {
      for (const body of [
        { name: 'Again', from_date: '2030-11-20' },
        { name: 'Overlap', from_date: '2030-11-18', to_date: '2030-11-22' },
      ]) {
        const response = await school.staff.client.post('/api/closed-days', body);
        expect(response.status, response.text).toBe(409);
        expect(response.body).toEqual({
          code: 'CLOSED_DAY_EXISTS',
          field: 'from_date',
          params: { date: '20/11/2030', name: 'Ngày nhà giáo' },
        });
      }
    });
  });

  test('a closed day is renamed and removed; a date that is none is not found', async () => {
    const staff = school.staff.client;
    const renamed = await staff.patch('/api/closed-days/2030-11-20', { name: 'Ngày Nhà giáo VN' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toEqual({
      date: '2030-11-20',
      name: 'Ngày Nhà giáo VN',
      code: 'CLOSED_DAY_RENAMED',
    });
    const removed = await staff.delete('/api/closed-days/2030-08-02');
    expect(removed.body).toEqual({ ok: true, code: 'CLOSED_DAY_REMOVED' });
    expect((await list()).map((day: { date: string }) => day.date)).toEqual([
      '2030-07-30',
      '2030-07-31',
      '2030-08-01',
      '2030-11-20',
    ]);
    await unchanged(async () => {
      for (const response of [
        await staff.patch('/api/closed-days/2030-08-02', { name: 'X' }),
        await staff.delete('/api/closed-days/2030-08-02'),
      ]) {
        expect(response.status, response.text).toBe(404);
        expect(response.body).toEqual({
          code: 'CLOSED_DAY_NOT_FOUND',
          params: { date: '02/08/2030' },
        });
      }
    });
  });

  test('teachers, students and the signed-out cannot change it', async () => {
    await unchanged(async () => {
      for (const client of [school.teacher.client, school.student.client]) {
        const calls = [
          client.post('/api/closed-days', { name: 'X', from_date: '2030-12-24' }),
          client.patch('/api/closed-days/2030-11-20', { name: 'X' }),
          client.delete('/api/closed-days/2030-11-20'),
          client.get('/api/closed-days/proposals'),
          client.get('/api/closed-days/lessons?year=2030'),
        ];
        for (const response of await Promise.all(calls)) {
          expect(response.status, response.text).toBe(403);
          expect(response.body.code).toBe('FORBIDDEN');
        }
      }
      const signedOut = school.server.client();
      const response = await signedOut.post('/api/closed-days', {
        name: 'X',
        from_date: '2030-12-24',
      });
      expect(response.status).toBe(401);
    });
  });

  test.each([
    [{ name: ' ', from_date: '2030-12-24' }, { code: 'CLOSED_DAY_NAME_REQUIRED' }],
    [{ name: 'x'.repeat(101), from_date: '2030-12-24' }, { code: 'CLOSED_DAY_NAME_TOO_LONG' }],
    [{ name: 'X' }, { code: 'CLOSED_DAY_DATE_REQUIRED' }],
    [{ name: 'X', from_date: '2030-02-30' }, { code: 'CLOSED_DAY_DATE_REQUIRED' }],
    [{ name: 'X', from_date: '24/12/2030' }, { code: 'CLOSED_DAY_DATE_REQUIRED' }],
    [
      { name: 'X', from_date: '2030-12-24', to_date: '2030-12-23' },
      { code: 'CLOSED_DAYS_RANGE_ORDER' },
    ],
    [
      { name: 'X', from_date: '2030-12-01', to_date: '2031-01-01' },
      { code: 'CLOSED_DAYS_RANGE_TOO_LONG' },
    ],
    [{ name: 7, from_date: '2030-12-24' }, { code: 'CLOSED_DAY_NAME_REQUIRED' }],
    [
      { name: 'X', from_date: '2030-12-24', created_by: 'x' },
      { code: 'JSON_UNKNOWN_FIELD', params: { field: 'created_by' } },
    ],
  ])('adding %j is refused with %j', async (body, expected) => {
    await unchanged(async () => {
      const response = await school.staff.client.post('/api/closed-days', body);
      expect(response.status, response.text).toBe(400);
      expect(refusal(response.body)).toEqual(expected);
    });
  });

  test('a list, a rename or a removal with a bad date or span is refused', async () => {
    const staff = school.staff.client;
    for (const query of [
      'year=abc',
      'year=1999',
      'from=2030-01-01',
      'to=2030-01-01',
      'from=2030-02-01&to=2030-01-01',
      'from=2030-01-01&to=2034-01-01',
      'year=2030&from=2030-01-01&to=2030-02-01',
      'from=2030-02-30&to=2030-03-01',
    ]) {
      for (const path of ['/api/closed-days', '/api/closed-days/lessons']) {
        const response = await staff.get(`${path}?${query}`);
        expect(response.status, `${path}?${query}: ${response.text}`).toBe(400);
        expect(response.body.code).toBe('VALIDATION');
      }
    }
    await unchanged(async () => {
      for (const response of [
        await staff.patch('/api/closed-days/not-a-date', { name: 'X' }),
        await staff.delete('/api/closed-days/2030-02-30'),
        await staff.patch('/api/closed-days/2030-11-20', { name: '' }),
      ]) {
        expect(response.status, response.text).toBe(400);
      }
    });
  });
});

describe('lessons on a closed day', () => {
  test('adding a day lists the pending lessons on it in the center’s zone, as the lessons list does', async () => {
    const { admin, classId } = school;
    const other = await createClass(admin, school.otherTeacher.user.user_id, {
      class_name: 'TOEIC Tối',
    });
    const morning = await createLesson(admin, classId, vnTime('2030-04-30', '09:00'), 90, 'Unit 5');
    const late = await createLesson(
      admin,
      other.class_id,
      vnTime('2030-04-30', '23:00'),
      60,
      'Late',
    );
    // The evening before and the night after, though their UTC dates are 29/4 and 30/4.
    await createLesson(admin, classId, vnTime('2030-04-29', '23:30'), 30);
    await createLesson(admin, classId, vnTime('2030-05-01', '00:30'), 60);
    // A lesson already held that day is past changing: not listed.
    const held = await createLesson(admin, other.class_id, vnTime('2030-04-30', '14:00'), 60);
    await school.server.server.ctx.database.db
      .updateTable('schedules')
      .set({ status: 'completed' })
      .where('schedule_id', '=', held.schedule_id)
      .execute();

    const added = await school.staff.client.post('/api/closed-days', {
      name: 'Ngày Giải phóng miền Nam',
      from_date: '2030-04-30',
    });
    expect(added.status, added.text).toBe(201);
    const shown = (lessons: Array<Record<string, any>>) =>
      lessons.map((lesson) => ({
        schedule_id: lesson.schedule_id,
        class: lesson.class.class_name,
        teacher: lesson.class.teacher?.full_name ?? null,
        topic: lesson.topic,
        start_time: lesson.start_time,
        end_time: lesson.end_time,
        status: lesson.status,
      }));
    const expected = [
      {
        schedule_id: morning.schedule_id,
        class: 'IELTS 7.0',
        teacher: 'Cô Lan',
        topic: 'Unit 5',
        start_time: '2030-04-30T02:00:00.000Z',
        end_time: '2030-04-30T03:30:00.000Z',
        status: 'pending',
      },
      {
        schedule_id: late.schedule_id,
        class: 'TOEIC Tối',
        teacher: 'Test teacher',
        topic: 'Late',
        start_time: '2030-04-30T16:00:00.000Z',
        end_time: '2030-04-30T17:00:00.000Z',
        status: 'pending',
      },
    ];
    expect(shown(added.body.lessons)).toEqual(expected);

    // The page's list: every pending lesson on the year's closed days, until it is dealt with.
    const listed = await school.staff.client.get('/api/closed-days/lessons?year=2030');
    expect(listed.status, listed.text).toBe(200);
    expect(shown(listed.body.items)).toEqual(expected);
    await admin.delete(`/api/schedules/${morning.schedule_id}`);
    const after = await school.admin.get('/api/closed-days/lessons?from=2030-04-01&to=2030-05-31');
    expect(shown(after.body.items)).toEqual(expected.slice(1));
    // Removing the day opens it again: its lessons are no longer on a closed day.
    await school.staff.client.delete('/api/closed-days/2030-04-30');
    expect((await school.admin.get('/api/closed-days/lessons')).body.items).toEqual([]);
  });
});
