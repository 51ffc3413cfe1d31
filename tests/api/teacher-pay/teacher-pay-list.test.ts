// The month's pay list (issue 31 point 2): its rows are computed for every teacher at once (lessons
// counted in the database by teacher, class and length), so each must equal the teacher's own
// statement computed line by line — through substitutes, cancelled and not yet held lessons, a
// class's rate over the teacher's own, a rate set again from the month on, per-hour amounts of
// provider times in seconds, a teacher without a rate, one only adjusted, an approved statement
// and a lesson paid on it given afterwards to someone else. Its pages, by name, add up to the list,
// and every page carries the whole month's count and totals.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount } from '../../helpers/factories.ts';
import {
  createClass,
  createLesson,
  type School,
  startSchool,
  vnTime,
} from '../../helpers/school.ts';
import type { TestClient } from '../../helpers/test-server.ts';

const clock = new TestClock(Date.parse('2030-03-01T00:00:00Z'));
let school: School;
let admin: TestClient;
const people = {} as Record<
  'own' | 'cover' | 'hourly' | 'unpaid' | 'adjusted' | 'approved',
  Account
>;
const MONTH = '2030-03';

const expectOk = (response: { status: number; text: string }, status = 200) =>
  expect(response.status, response.text).toBe(status);

async function setRate(body: Record<string, unknown>) {
  expectOk(await admin.put('/api/teacher-pay/rates', body));
}

/** Starts and ends a lesson on its link at these instants (the provider's times). */
async function runLesson(teacher: Account, scheduleId: string, start: number, end: number) {
  clock.set(start);
  expectOk(await teacher.client.post(`/api/schedules/${scheduleId}/start`));
  clock.set(end);
  expectOk(await teacher.client.post(`/api/schedules/${scheduleId}/end`));
}

const linkClass = (teacher: Account, name: string) =>
  createClass(admin, teacher.user.user_id, {
    class_name: name,
    default_venue: 'link',
    meeting_link: `https://meet.example.com/${encodeURIComponent(name)}`,
  }).then((c) => c.class_id as string);

beforeAll(async () => {
  school = await startSchool({
    clock,
    env: { EARLY_START_MINUTES: '600', SESSION_IDLE_HOURS: '8760', SESSION_MAX_DAYS: '365' },
    names: { teacher: 'Đào Giáo Viên' },
  });
  admin = school.admin;
  people.own = school.teacher;
  people.cover = await createAccount(school.server, admin, 'teacher', {
    full_name: 'Bình Dạy Thay',
  });
  people.hourly = await createAccount(school.server, admin, 'teacher', {
    full_name: 'Ánh Theo Giờ',
  });
  people.unpaid = await createAccount(school.server, admin, 'teacher', {
    full_name: 'Chi Chưa Lương',
  });
  people.adjusted = await createAccount(school.server, admin, 'teacher', {
    full_name: 'Em Chỉ Điều Chỉnh',
  });
  people.approved = await createAccount(school.server, admin, 'teacher', {
    full_name: 'Ân Đã Duyệt',
  });

  const classA = school.classId;
  const classA2 = (await createClass(admin, people.own.user.user_id, { class_name: 'Lớp A2' }))
    .class_id;
  const classB = await linkClass(people.cover, 'Lớp B');
  const classH = await linkClass(people.hourly, 'Lớp H');
  const classU = (await createClass(admin, people.unpaid.user.user_id, { class_name: 'Lớp U' }))
    .class_id;
  const classP = (await createClass(admin, people.approved.user.user_id, { class_name: 'Lớp P' }))
    .class_id;

  // Rates: the teacher's own set again from March (March pays the later one), a class's over it,
  // a class's rate from April (not March's); per hour for two teachers; none for one.
  const own = people.own.user.user_id;
  await setRate({
    teacher_id: own,
    kind: 'per_lesson',
    amount: 200_000,
    effective_from: '2030-01',
  });
  await setRate({
    teacher_id: own,
    kind: 'per_lesson',
    amount: 210_000,
    effective_from: '2030-03',
  });
  await setRate({
    teacher_id: own,
    class_id: classA2,
    kind: 'per_lesson',
    amount: 333_333,
    effective_from: '2030-02',
  });
  await setRate({
    teacher_id: own,
    class_id: classA,
    kind: 'per_lesson',
    amount: 999_999,
    effective_from: '2030-04',
  });
  await setRate({
    teacher_id: people.cover.user.user_id,
    kind: 'per_hour',
    amount: 100_001,
    effective_from: '2030-01',
  });
  await setRate({
    teacher_id: people.cover.user.user_id,
    class_id: classA,
    kind: 'per_lesson',
    amount: 150_000,
    effective_from: '2030-03',
  });
  await setRate({
    teacher_id: people.hourly.user.user_id,
    kind: 'per_hour',
    amount: 123_457,
    effective_from: '2030-02',
  });
  await setRate({
    teacher_id: people.approved.user.user_id,
    kind: 'per_lesson',
    amount: 180_000,
    effective_from: '2030-01',
  });

  const lesson = async (classId: string, day: string, time: string, minutes: number) =>
    (await createLesson(admin, classId, vnTime(day, time), minutes)).schedule_id as string;
  // The class's teacher: held lessons of two classes, one cancelled, one covered, one in April.
  await lesson(classA, '2030-03-02', '09:00', 60);
  await lesson(classA, '2030-03-09', '09:00', 90);
  const cancelled = await lesson(classA, '2030-03-03', '09:00', 90);
  expectOk(await admin.post(`/api/schedules/${cancelled}/cancel`, { reason: 'Nghỉ lễ' }));
  const covered = await lesson(classA, '2030-03-04', '09:00', 60);
  expectOk(
    await admin.put(`/api/schedules/${covered}/substitute`, {
      teacher_id: people.cover.user.user_id,
    }),
  );
  const coveredHourly = await lesson(classA2, '2030-03-05', '14:00', 45);
  expectOk(
    await admin.put(`/api/schedules/${coveredHourly}/substitute`, {
      teacher_id: people.hourly.user.user_id,
    }),
  );
  await lesson(classA2, '2030-03-06', '09:00', 60);
  await lesson(classA, '2030-04-01', '09:00', 60);
  // The substitute's own class on its link, run by the provider with seconds: 44.5 minutes (45)
  // and 44 min 29 s (44); one lesson never started (the schedule's 75 minutes).
  const b1 = await lesson(classB, '2030-03-10', '10:00', 60);
  const b2 = await lesson(classB, '2030-03-12', '10:00', 60);
  await lesson(classB, '2030-03-14', '10:00', 75);
  await runLesson(
    people.cover,
    b1,
    Date.parse(vnTime('2030-03-10', '10:05')) + 30_000,
    Date.parse(vnTime('2030-03-10', '10:50')),
  );
  await runLesson(
    people.cover,
    b2,
    Date.parse(vnTime('2030-03-12', '10:05')) + 31_000,
    Date.parse(vnTime('2030-03-12', '10:50')),
  );
  // Per hour: 50, 61 and 37 minutes, one run with seconds (29 min 30 s: 30).
  const h1 = await lesson(classH, '2030-03-15', '18:00', 50);
  await lesson(classH, '2030-03-17', '18:00', 61);
  await lesson(classH, '2030-03-19', '18:00', 37);
  await runLesson(
    people.hourly,
    h1,
    Date.parse(vnTime('2030-03-15', '18:00')),
    Date.parse(vnTime('2030-03-15', '18:29')) + 30_000,
  );
  // No rate: counted, worth 0, flagged.
  await lesson(classU, '2030-03-20', '09:00', 60);
  await lesson(classU, '2030-03-21', '09:00', 60);
  // To be approved, then one of its lessons given to the substitute in the database.
  const p1 = await lesson(classP, '2030-03-22', '09:00', 60);
  await lesson(classP, '2030-03-23', '09:00', 60);

  // April: March is over; adjust, approve one, then rewrite a paid lesson's teacher.
  clock.set(Date.parse(vnTime('2030-04-02', '12:00')));
  const adjust = (teacher: Account, body: Record<string, unknown>) =>
    admin.post(
      `/api/teacher-pay/months/${MONTH}/statements/${teacher.user.user_id}/adjustments`,
      body,
    );
  expectOk(await adjust(people.adjusted, { amount: 500_000, reason: 'Thưởng' }), 201);
  expectOk(await adjust(people.adjusted, { amount: -120_000, reason: 'Trừ' }), 201);
  expectOk(await adjust(people.own, { amount: -10_000, reason: 'Đi muộn' }), 201);
  expectOk(await adjust(people.approved, { amount: 20_000, reason: 'Thêm giờ' }), 201);
  expectOk(
    await admin.post(
      `/api/teacher-pay/months/${MONTH}/statements/${people.approved.user.user_id}/approve`,
    ),
  );
  await school.server.server.ctx.database.db
    .updateTable('schedules')
    .set({ substitute_teacher_id: people.cover.user.user_id })
    .where('schedule_id', '=', p1)
    .execute();
});
afterAll(() => school.server.close());

/** A statement without its lines and adjustments: what the list shows of it. */
function summary(statement: Record<string, unknown>) {
  const { lines: _lines, adjustment_items: _items, ...rest } = statement;
  return rest;
}

describe("the month's list", () => {
  test("each row equals the teacher's own statement, and the totals are the rows'", async () => {
    const list = await admin.get(`/api/teacher-pay/months/${MONTH}/statements`);
    expectOk(list);
    const items = list.body.items as Record<string, unknown>[];
    expect(items.map((item) => [item.teacher_name, item.state])).toEqual([
      ['Ánh Theo Giờ', 'draft'],
      ['Ân Đã Duyệt', 'approved'],
      ['Bình Dạy Thay', 'draft'],
      ['Chi Chưa Lương', 'draft'],
      ['Đào Giáo Viên', 'draft'],
      ['Em Chỉ Điều Chỉnh', 'draft'],
    ]);
    for (const item of items) {
      const one = await admin.get(`/api/teacher-pay/months/${MONTH}/statements/${item.teacher_id}`);
      expectOk(one);
      expect(item, String(item.teacher_name)).toEqual(summary(one.body));
    }
    const byName = Object.fromEntries(items.map((item) => [item.teacher_name, item]));
    // Spot checks of the rules themselves (the equality above holds them for both ways).
    expect(byName['Đào Giáo Viên']).toMatchObject({
      lessons: 3,
      minutes: 210,
      lesson_amount: 210_000 * 2 + 333_333,
      adjustments: -10_000,
    });
    expect(byName['Bình Dạy Thay']).toMatchObject({
      lessons: 4,
      // The covered lesson of class A at that class's rate; 45 + 44 provider minutes per hour; 75
      // by the schedule; the lesson paid on the approved statement not again.
      lesson_amount: 150_000 + 75_001 + 73_334 + 125_001,
    });
    expect(byName['Chi Chưa Lương']).toMatchObject({ lessons: 2, missing_rates: 2, total: 0 });
    expect(byName['Em Chỉ Điều Chỉnh']).toMatchObject({ lessons: 0, adjustments: 380_000 });
    expect(byName['Ân Đã Duyệt']).toMatchObject({ lessons: 2, total: 380_000 });
    const sum = (key: string) => items.reduce((total, item) => total + Number(item[key]), 0);
    expect(list.body.totals).toEqual({
      lessons: sum('lessons'),
      minutes: sum('minutes'),
      lesson_amount: sum('lesson_amount'),
      adjustments: sum('adjustments'),
      total: sum('total'),
    });
    expect(list.body).toMatchObject({ total: 6, drafts: 5 });
  });

  test('its pages, by name, make up the list; each has the whole month’s count and totals', async () => {
    const whole = (await admin.get(`/api/teacher-pay/months/${MONTH}/statements`)).body;
    const pages: unknown[] = [];
    for (let page = 1; page <= 3; page++) {
      const response = await admin.get(
        `/api/teacher-pay/months/${MONTH}/statements?page=${page}&page_size=4`,
      );
      expectOk(response);
      expect(response.body).toMatchObject({ total: 6, drafts: 5, totals: whole.totals });
      pages.push(...response.body.items);
    }
    expect(pages).toEqual(whole.items);
    const bad = await admin.get(`/api/teacher-pay/months/${MONTH}/statements?page_size=0`);
    expect(bad.status).toBe(400);
  });
});
