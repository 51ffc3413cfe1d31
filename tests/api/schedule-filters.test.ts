// The Schedules page's filters and week (product.md, Deviations): class, teacher, status and dates
// (days in the center's zone, Asia/Ho_Chi_Minh, inclusive) combine with the search; the counts
// per status follow every filter but status; a teacher's lessons stay their own whatever they
// pass; the week grid holds Monday to Sunday around a day; bad values are refused with a code.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WEEK_LESSON_LIMIT } from '#common/lesson-filters.ts';
import { TestClock } from '../helpers/clock.ts';
import type { Account } from '../helpers/factories.ts';
import { refusal } from '../helpers/replies.ts';
import { createClass, createLesson, startSchool, vnTime } from '../helpers/school.ts';
import type { TestClient, TestServer } from '../helpers/test-server.ts';

// Lessons are added on Sunday 10 March 2030; the tests then happen on Wednesday 13 March.
const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let server: TestServer;
let admin: TestClient;
let staff: Account;
let teacher: Account;
let otherTeacher: Account;
let student: Account;
/** Thầy Nam's two classes and the other teacher's. */
let ielts: string;
let second: string;
let other: string;
const lesson: Record<string, string> = {};

type Lesson = { schedule_id: string; start_time: string; class_id: string };
const get = async (client: TestClient, url: string) => {
  const response = await client.get(url);
  expect(response.status, response.text).toBe(200);
  return response.body as { items: Lesson[]; total: number; counts: Record<string, number> };
};
/** The lessons' names (keys of `lesson`) in the order the reply gives them. */
const named = (body: { items: Lesson[] }) =>
  body.items.map(
    (item) => Object.entries(lesson).find(([, id]) => id === item.schedule_id)?.[0] ?? '?',
  );

beforeAll(async () => {
  ({
    server,
    admin,
    staff,
    teacher,
    otherTeacher,
    student,
    classId: ielts,
  } = await startSchool({
    clock,
    names: { teacher: 'Thầy Nam', className: 'IELTS 7.0' },
  }));
  second = (await createClass(admin, teacher.user.user_id, { class_name: 'Second class' }))
    .class_id;
  other = (await createClass(admin, otherTeacher.user.user_id, { class_name: 'Giao tiếp' }))
    .class_id;
  const add = async (name: string, classId: string, date: string, time: string) => {
    lesson[name] = (await createLesson(admin, classId, vnTime(date, time), 30, name)).schedule_id;
  };
  // The week's edges in Vietnam: 23:30 on Sunday is still that week; 00:00 on Monday is the next.
  await add('sunBefore', ielts, '2030-03-10', '23:30');
  await add('monday', ielts, '2030-03-11', '00:00');
  await add('tuesdayOther', other, '2030-03-12', '10:00');
  await add('wednesday', ielts, '2030-03-13', '09:00');
  await add('wednesdaySecond', second, '2030-03-13', '14:00');
  await add('sunday', ielts, '2030-03-17', '23:30');
  await add('nextMonday', ielts, '2030-03-18', '00:00');
  await add('farOther', other, '2030-05-16', '09:00');
  const { db } = server.server.ctx.database;
  await db
    .updateTable('schedules')
    .set({ status: 'completed' })
    .where('schedule_id', '=', lesson.wednesday!)
    .execute();
  clock.advance(Date.parse('2030-03-13T02:00:00Z') - clock.now().getTime());
});
afterAll(() => server.close());

const WEEK = 'from=2030-03-11&to=2030-03-17';

describe('dates, in the center’s zone, inclusive', () => {
  test("a week's lessons: 23:30 on Sunday belongs to it, 00:00 on the next Monday does not", async () => {
    const body = await get(admin, `/api/schedules?${WEEK}&sort=start_time`);
    expect(named(body)).toEqual([
      'monday',
      'tuesdayOther',
      'wednesday',
      'wednesdaySecond',
      'sunday',
    ]);
    expect(body.total).toBe(5);
    expect(body.counts).toMatchObject({ all: 5, pending: 4, completed: 1, active: 0 });
  });

  test('one end only, and one day', async () => {
    expect(named(await get(admin, '/api/schedules?from=2030-03-18&sort=start_time'))).toEqual([
      'nextMonday',
      'farOther',
    ]);
    expect(named(await get(staff.client, '/api/schedules?to=2030-03-10'))).toEqual(['sunBefore']);
    const day = await get(admin, '/api/schedules?from=2030-03-13&to=2030-03-13&sort=start_time');
    expect(named(day)).toEqual(['wednesday', 'wednesdaySecond']);
  });
});

describe('class, teacher and status, combined', () => {
  test('by class, then within the week, then by status: the counts follow all but status', async () => {
    const ofClass = await get(admin, `/api/schedules?class_id=${ielts}&sort=start_time`);
    expect(named(ofClass)).toEqual(['sunBefore', 'monday', 'wednesday', 'sunday', 'nextMonday']);
    expect(ofClass.counts.all).toBe(5);
    const inWeek = await get(admin, `/api/schedules?class_id=${ielts}&${WEEK}&sort=start_time`);
    expect(named(inWeek)).toEqual(['monday', 'wednesday', 'sunday']);
    const done = await get(admin, `/api/schedules?class_id=${ielts}&${WEEK}&status=completed`);
    expect(named(done)).toEqual(['wednesday']);
    expect(done.total).toBe(1);
    expect(done.counts).toMatchObject({ all: 3, pending: 2, completed: 1 });
  });

  test("by teacher: all of that teacher's classes, with their counts", async () => {
    const nam = await get(admin, `/api/schedules?teacher_id=${teacher.user.user_id}&${WEEK}`);
    expect(named(nam).sort()).toEqual(['monday', 'sunday', 'wednesday', 'wednesdaySecond']);
    expect(nam.counts.all).toBe(4);
    const theOther = await get(
      staff.client,
      `/api/schedules?teacher_id=${otherTeacher.user.user_id}`,
    );
    expect(named(theOther).sort()).toEqual(['farOther', 'tuesdayOther']);
    expect(theOther.counts).toMatchObject({ all: 2, pending: 2 });
    // A class of another teacher than the one chosen: nothing.
    const none = await get(
      admin,
      `/api/schedules?teacher_id=${teacher.user.user_id}&class_id=${other}`,
    );
    expect(none).toMatchObject({ items: [], total: 0, counts: { all: 0 } });
  });

  test('filters and the search together; the kept answers are kept per filter', async () => {
    const searched = await get(admin, `/api/schedules?q=second&${WEEK}`);
    expect(named(searched)).toEqual(['wednesdaySecond']);
    expect(searched.counts.all).toBe(1);
    // One after the other: a kept answer for one filter is never the answer to another.
    expect(named(await get(admin, `/api/schedules?class_id=${second}`))).toEqual([
      'wednesdaySecond',
    ]);
    expect(named(await get(admin, `/api/schedules?class_id=${other}`)).sort()).toEqual([
      'farOther',
      'tuesdayOther',
    ]);
    expect((await get(admin, '/api/schedules')).counts.all).toBe(8);
  });
});

describe('teachers', () => {
  test('see their own lessons whatever they pass', async () => {
    const mine = await get(teacher.client, `/api/schedules?${WEEK}&sort=start_time`);
    expect(named(mine)).toEqual(['monday', 'wednesday', 'wednesdaySecond', 'sunday']);
    expect(mine.counts.all).toBe(4);
    for (const url of [
      `/api/schedules?teacher_id=${otherTeacher.user.user_id}`,
      `/api/schedules?class_id=${other}`,
      `/api/schedules/week?date=2030-03-12&teacher_id=${otherTeacher.user.user_id}`,
      `/api/schedules/week?date=2030-03-12&class_id=${other}`,
    ]) {
      const body = await get(teacher.client, url);
      expect(body.items, url).toEqual([]);
      expect(body.counts.all, url).toBe(0);
    }
    const week = await get(otherTeacher.client, '/api/schedules/week?date=2030-03-12');
    expect(named(week)).toEqual(['tuesdayOther']);
  });

  test('students may not read the week either', async () => {
    expect((await student.client.get('/api/schedules/week')).status).toBe(403);
  });
});

describe('the week grid', () => {
  test('Monday to Sunday around any day of it, in time order, with counts', async () => {
    for (const date of ['2030-03-11', '2030-03-14', '2030-03-17']) {
      const body = await get(admin, `/api/schedules/week?date=${date}`);
      expect(body).toMatchObject({ from: '2030-03-11', to: '2030-03-17', more: false });
      expect(named(body)).toEqual([
        'monday',
        'tuesdayOther',
        'wednesday',
        'wednesdaySecond',
        'sunday',
      ]);
      expect(body.counts).toMatchObject({ all: 5, completed: 1 });
    }
    const pending = await get(admin, `/api/schedules/week?date=2030-03-13&status=pending`);
    expect(named(pending)).not.toContain('wednesday');
    expect(pending.counts.all).toBe(5);
    const byTeacher = await get(
      staff.client,
      `/api/schedules/week?date=2030-03-13&teacher_id=${otherTeacher.user.user_id}`,
    );
    expect(named(byTeacher)).toEqual(['tuesdayOther']);
    expect(
      named(await get(admin, `/api/schedules/week?date=2030-03-18&class_id=${ielts}`)),
    ).toEqual(['nextMonday']);
  });

  test("without a date, today's week in the center's zone; the next day's answer is not yesterday's", async () => {
    const thisWeek = await get(teacher.client, '/api/schedules/week');
    expect(thisWeek).toMatchObject({ from: '2030-03-11', to: '2030-03-17' });
    // 17:00 UTC on Sunday 17 March is 00:00 on Monday 18 March in Vietnam: the next week.
    clock.advance(Date.parse('2030-03-17T17:00:00Z') - clock.now().getTime());
    const nextWeek = await get(teacher.client, '/api/schedules/week');
    expect(nextWeek).toMatchObject({ from: '2030-03-18', to: '2030-03-24' });
    expect(named(nextWeek)).toEqual(['nextMonday']);
  });

  test(`at most ${WEEK_LESSON_LIMIT} lessons, and it says more were left out`, async () => {
    const { db } = server.server.ctx.database;
    const now = new Date().toISOString();
    const start = Date.parse('2030-04-01T00:00:00Z');
    await db
      .insertInto('schedules')
      .values(
        Array.from({ length: WEEK_LESSON_LIMIT + 1 }, (_, i) => ({
          schedule_id: randomUUID(),
          class_id: second,
          topic: `Many ${i}`,
          description: null,
          start_time: new Date(start + i * 60_000).toISOString(),
          end_time: new Date(start + i * 60_000 + 30_000).toISOString(),
          status: 'pending' as const,
          created_at: now,
          updated_at: now,
          series_id: null,
          series_index: null,
        })),
      )
      .execute();
    const body = await get(admin, `/api/schedules/week?date=2030-04-01&class_id=${second}`);
    expect(body.items).toHaveLength(WEEK_LESSON_LIMIT);
    expect(body).toMatchObject({ more: true, counts: { all: WEEK_LESSON_LIMIT + 1 } });
  });
});

describe('bad values are refused with a code', () => {
  test.each([
    ['class_id=abc', 'class_id', 'VALIDATION'],
    [`teacher_id=${encodeURIComponent("1' OR '1'='1")}`, 'teacher_id', 'VALIDATION'],
    ['teacher_id=%00', 'teacher_id', 'TEXT_INVALID_CHARACTERS'],
    ['from=2030-02-30', 'from', 'VALIDATION'],
    ['to=2030-13-01', 'to', 'VALIDATION'],
    ['from=13/03/2030', 'from', 'VALIDATION'],
    ['from=2030-03-12&to=2030-03-11', 'to', 'DATE_TO_BEFORE_FROM'],
    ['status=cancelled-ish', 'status', 'VALIDATION'],
  ])('/api/schedules?%s', async (query, field, code) => {
    const response = await admin.get(`/api/schedules?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.field).toBe(field);
    expect(refusal(response.body).code).toBe(code);
  });

  test.each([
    ['date=2030-02-30', 'date'],
    ['date=tomorrow', 'date'],
    ['class_id=1', 'class_id'],
    ['from=2030-03-11', undefined],
  ])('/api/schedules/week?%s', async (query, field) => {
    const response = await teacher.client.get(`/api/schedules/week?${query}`);
    // The week takes a day, not a range: a range's ends are not its parameters (ignored).
    expect(response.status).toBe(field ? 400 : 200);
    if (field) expect(response.body).toMatchObject({ code: 'VALIDATION', field });
  });
});

describe('by room', () => {
  test('the lessons held in one room, in the list and the week, with their counts; a bad id is refused', async () => {
    const room = (await admin.post('/api/rooms', { name: 'Phòng 204' })).body.room_id as string;
    const held = await admin.post(`/api/classes/${second}/schedules`, {
      topic: 'In room 204',
      start_time: vnTime('2030-04-02', '08:00'),
      end_time: vnTime('2030-04-02', '09:00'),
      venue: 'room',
      room_id: room,
    });
    expect(held.status, held.text).toBe(201);
    lesson.inRoom = held.body.schedule_id;
    const list = await get(staff.client, `/api/schedules?room_id=${room}&from=2030-04-01`);
    expect(named(list)).toEqual(['inRoom']);
    expect(list.counts).toMatchObject({ all: 1, pending: 1 });
    const week = await get(staff.client, `/api/schedules/week?date=2030-04-03&room_id=${room}`);
    expect(named(week)).toEqual(['inRoom']);
    const elsewhere = await admin.post('/api/rooms', { name: 'Phòng 305' });
    const empty = await get(staff.client, `/api/schedules?room_id=${elsewhere.body.room_id}`);
    expect(empty.total).toBe(0);
    const bad = await staff.client.get('/api/schedules?room_id=204');
    expect(bad.status).toBe(400);
    expect(refusal(bad.body).code).toBe('VALIDATION');
  });
});
