// Deleting a teacher who still has classes (product.md, Deviations): staff see the teacher's active
// classes, hand them all to another teacher under the clash rules of lessons, then delete.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../helpers/clock.ts';
import { type Account, createAccount, snapshot } from '../helpers/factories.ts';
import { createClass, createLesson } from '../helpers/school.ts';
import { startTestServer, type TestClient, type TestServer } from '../helpers/test-server.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let server: TestServer;
let admin: TestClient;
let staff: Account;
let student: Account;

beforeAll(async () => {
  server = await startTestServer({ clock });
  admin = await server.admin();
  staff = await createAccount(server, admin, 'staff');
  student = await createAccount(server, admin, 'student');
});
afterAll(() => server.close());

const teacher = (name: string) => createAccount(server, admin, 'teacher', { full_name: name });
const classesOf = async (who: Account) =>
  (await staff.client.get(`/api/users/${who.user.user_id}/active-classes`)).body.items as {
    class_id: string;
    class_name: string;
    pending_lesson_count: number;
  }[];
const handOver = (from: Account, to: string, client = staff.client) =>
  client.post(`/api/users/${from.user.user_id}/hand-over-classes`, { teacher_id: to });

describe('handing a teacher’s classes over before deleting them', () => {
  test('staff see the teacher’s active classes by name, with their pending lessons; a deleted class is not among them', async () => {
    const leaving = await teacher('Cô Hạnh');
    const b = await createClass(admin, leaving.user.user_id, { class_name: 'B class' });
    const a = await createClass(admin, leaving.user.user_id, { class_name: 'A class' });
    const gone = await createClass(admin, leaving.user.user_id, { class_name: 'Gone' });
    await admin.delete(`/api/classes/${gone.class_id}`);
    await createLesson(admin, b.class_id, '2030-03-20T02:00:00.000Z');
    await createLesson(admin, b.class_id, '2030-03-21T02:00:00.000Z');
    expect(await classesOf(leaving)).toMatchObject([
      { class_id: a.class_id, class_name: 'A class', pending_lesson_count: 0 },
      { class_id: b.class_id, class_name: 'B class', pending_lesson_count: 2 },
    ]);
  });

  test('staff hand every class to another teacher, then deleting the teacher deactivates no class', async () => {
    const leaving = await teacher('Thầy Đức');
    const taking = await teacher('Cô Lan');
    const one = await createClass(admin, leaving.user.user_id, { class_name: 'One' });
    const two = await createClass(admin, leaving.user.user_id, { class_name: 'Two' });
    await createLesson(admin, one.class_id, '2030-03-20T02:00:00.000Z');
    // A lesson of the taking teacher at another time: no clash.
    const theirs = await createClass(admin, taking.user.user_id, { class_name: 'Theirs' });
    await createLesson(admin, theirs.class_id, '2030-03-20T04:00:00.000Z');

    const moved = await handOver(leaving, taking.user.user_id);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toEqual({
      code: 'CLASSES_HANDED_OVER',
      params: { count: '2', teacher: 'Cô Lan' },
    });
    expect(await classesOf(leaving)).toEqual([]);
    expect((await classesOf(taking)).map((k) => k.class_name)).toEqual(['One', 'Theirs', 'Two']);
    const detail = await admin.get(`/api/classes/${one.class_id}`);
    expect(detail.body).toMatchObject({
      teacher_id: taking.user.user_id,
      teacher: { full_name: 'Cô Lan' },
    });
    const mine = await taking.client.get('/api/classes');
    expect(mine.body.items.map((k: { class_id: string }) => k.class_id)).toEqual(
      expect.arrayContaining([one.class_id, two.class_id]),
    );

    expect((await staff.client.delete(`/api/users/${leaving.user.user_id}`)).status).toBe(200);
    expect((await admin.get(`/api/classes/${two.class_id}`)).body.is_active).toBe(true);
  });

  test('a pending lesson that clashes with the new teacher’s lessons refuses the whole hand-over, naming the lessons', async () => {
    const leaving = await teacher('Thầy Tùng');
    const taking = await teacher('Cô Mai');
    const free = await createClass(admin, leaving.user.user_id, { class_name: 'Free' });
    const busy = await createClass(admin, leaving.user.user_id, { class_name: 'Busy' });
    await createLesson(admin, busy.class_id, '2030-03-22T02:00:00.000Z', 90);
    const theirs = await createClass(admin, taking.user.user_id, { class_name: 'Theirs' });
    await createLesson(admin, theirs.class_id, '2030-03-22T03:00:00.000Z');

    const before = await snapshot(server, ['classes']);
    const refused = await handOver(leaving, taking.user.user_id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'HANDOVER_CLASHES',
      field: 'teacher_id',
      params: { count: '1', lessons: 'Busy 09:00 22/03/2030 / Theirs 10:00 22/03/2030' },
    });
    expect(await snapshot(server, ['classes'])).toEqual(before);
    expect((await classesOf(leaving)).map((k) => k.class_id).sort()).toEqual(
      [free.class_id, busy.class_id].sort(),
    );
  });

  test('a lesson already held does not clash: only pending lessons move under the rules', async () => {
    const leaving = await teacher('Thầy Khoa');
    const taking = await teacher('Cô Thu');
    const klass = await createClass(admin, leaving.user.user_id, { class_name: 'Held' });
    const held = await createLesson(admin, klass.class_id, '2030-03-23T02:00:00.000Z');
    const theirs = await createClass(admin, taking.user.user_id, { class_name: 'Theirs' });
    await createLesson(admin, theirs.class_id, '2030-03-23T02:30:00.000Z');
    await server.server.ctx.database.db
      .updateTable('schedules')
      .set({ status: 'completed' })
      .where('schedule_id', '=', held.schedule_id)
      .execute();
    const moved = await handOver(leaving, taking.user.user_id);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.params.count).toBe('1');
  });
});

describe('what is refused', () => {
  const teacherRequired = { code: 'CLASS_TEACHER_REQUIRED', field: 'teacher_id' };
  test.each([
    [
      'a teacher id that is no id',
      () => 'not-an-id',
      { code: 'VALIDATION', field: 'teacher_id', reason: 'CLASS_TEACHER_REQUIRED' },
    ],
    ['a student as the new teacher', () => student.user.user_id, teacherRequired],
    ['an unknown new teacher', () => randomUUID(), teacherRequired],
  ])('%s is refused with a code and nothing moves', async (_, to, body) => {
    const leaving = await teacher('Thầy Bảo');
    await createClass(admin, leaving.user.user_id, { class_name: 'Stays' });
    const before = await snapshot(server, ['classes']);
    const refused = await handOver(leaving, to());
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(body);
    expect(await snapshot(server, ['classes'])).toEqual(before);
  });

  test('handing classes to the same teacher is refused', async () => {
    const leaving = await teacher('Thầy Vinh');
    const refused = await handOver(leaving, leaving.user.user_id);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'HANDOVER_SAME_TEACHER', field: 'teacher_id' });
  });

  test('only a teacher has classes to hand over: a student, a deleted teacher or no one is not found', async () => {
    const taking = await teacher('Cô Nga');
    const gone = await teacher('Thầy Cũ');
    await admin.delete(`/api/users/${gone.user.user_id}`);
    for (const id of [student.user.user_id, gone.user.user_id, randomUUID()]) {
      expect((await staff.client.get(`/api/users/${id}/active-classes`)).status).toBe(404);
      const refused = await staff.client.post(`/api/users/${id}/hand-over-classes`, {
        teacher_id: taking.user.user_id,
      });
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('NOT_FOUND');
    }
  });

  test('a teacher may neither see another teacher’s classes here nor hand them over', async () => {
    const leaving = await teacher('Thầy Hải');
    const other = await teacher('Cô Yến');
    await createClass(admin, leaving.user.user_id, { class_name: 'Kept' });
    expect(
      (await other.client.get(`/api/users/${leaving.user.user_id}/active-classes`)).status,
    ).toBe(403);
    const refused = await handOver(leaving, other.user.user_id, other.client);
    expect(refused.status).toBe(403);
    expect(await classesOf(leaving)).toHaveLength(1);
  });

  test('a hand-over racing a lesson booked for one of the classes never leaves the new teacher in two lessons at once', async () => {
    for (let round = 0; round < 6; round += 1) {
      const leaving = await teacher(`Thầy Vội ${round}`);
      const taking = await teacher(`Cô Nhận ${round}`);
      const moving = await createClass(admin, leaving.user.user_id, {
        class_name: `Moving ${round}`,
      });
      const theirs = await createClass(admin, taking.user.user_id, {
        class_name: `Theirs ${round}`,
      });
      const start = new Date(Date.parse('2030-04-01T02:00:00Z') + round * 86_400_000).toISOString();
      await createLesson(admin, theirs.class_id, start);
      const [handed, booked] = await Promise.all([
        handOver(leaving, taking.user.user_id),
        admin.post(`/api/classes/${moving.class_id}/schedules`, {
          topic: 'Booked in the race',
          start_time: start,
          end_time: new Date(Date.parse(start) + 3_600_000).toISOString(),
        }),
      ]);
      // Exactly one of them wins: the lesson was booked first and the hand-over sees it, or the
      // class moved first and the booking sees the new teacher's lesson.
      const outcome = `${handed.status}/${booked.status}`;
      expect(['200/409', '409/201'], `${handed.text} ${booked.text}`).toContain(outcome);
      if (booked.status === 409) expect(booked.body.code).toBe('SCHEDULE_OVERLAP_TEACHER');
      else expect(handed.body.code).toBe('HANDOVER_CLASHES');
    }
  });
});
