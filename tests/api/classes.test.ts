import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../helpers/clock.ts';
import { type Account, createAccount, snapshot } from '../helpers/factories.ts';
import { refusal } from '../helpers/replies.ts';
import { createClass, createLesson, enrol } from '../helpers/school.ts';
import { startTestServer, type TestClient, type TestServer } from '../helpers/test-server.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let server: TestServer;
let admin: TestClient;
let staff: Account;
let teacher: Account;
let otherTeacher: Account;
let student: Account;
let otherStudent: Account;

beforeAll(async () => {
  server = await startTestServer({ clock });
  admin = await server.admin();
  staff = await createAccount(server, admin, 'staff');
  teacher = await createAccount(server, admin, 'teacher', { full_name: 'Thầy Nam' });
  otherTeacher = await createAccount(server, admin, 'teacher', { full_name: 'Cô Mai' });
  student = await createAccount(server, admin, 'student', { full_name: 'An' });
  otherStudent = await createAccount(server, admin, 'student', { full_name: 'Bình' });
});
afterAll(() => server.close());

describe('creating classes', () => {
  test('staff creates a class for an active teacher', async () => {
    const response = await staff.client.post('/api/classes', {
      class_name: 'TOEIC 600',
      teacher_id: teacher.user.user_id,
      start_date: '2030-03-01',
      end_date: '2030-05-31',
      description: 'Buổi tối',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      class_name: 'TOEIC 600',
      teacher: { full_name: 'Thầy Nam' },
      student_count: 0,
      schedule_count: 0,
      held_lesson_count: 0,
      is_active: true,
      created_by: staff.user.user_id,
    });
  });

  test.each([
    [{ class_name: '' }, { code: 'CLASS_NAME_REQUIRED' }],
    [{ teacher_id: '' }, { code: 'CLASS_TEACHER_REQUIRED' }],
    [{ start_date: '' }, { code: 'CLASS_DATES_REQUIRED' }],
    [{ end_date: undefined }, { code: 'CLASS_DATES_REQUIRED' }],
    [{ start_date: '2030-02-30' }, { code: 'CLASS_DATES_REQUIRED' }],
    [{ start_date: '2030-06-01', end_date: '2030-05-01' }, { code: 'CLASS_DATES_ORDER' }],
  ])('%j is refused with %j and nothing is written', async (change, message) => {
    const before = await snapshot(server, ['classes']);
    const response = await staff.client.post('/api/classes', {
      class_name: 'X',
      teacher_id: teacher.user.user_id,
      start_date: '2030-03-01',
      end_date: '2030-05-31',
      ...change,
    });
    expect(response.status).toBe(400);
    expect(refusal(response.body)).toEqual(message);
    expect(await snapshot(server, ['classes'])).toEqual(before);
  });

  test('the teacher must be an active teacher', async () => {
    for (const teacherId of [student.user.user_id, randomUUID()]) {
      const response = await admin.post('/api/classes', {
        class_name: 'X',
        teacher_id: teacherId,
        start_date: '2030-03-01',
        end_date: '2030-05-31',
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('CLASS_TEACHER_REQUIRED');
    }
  });

  test('teachers offered are the active teachers, by name (admin and staff only)', async () => {
    const response = await staff.client.get('/api/classes/teacher-options');
    const names = response.body.items.map((t: { full_name: string }) => t.full_name);
    expect(names).toContain('Thầy Nam');
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect((await teacher.client.get('/api/classes/teacher-options')).status).toBe(403);
    expect((await student.client.get('/api/classes/teacher-options')).status).toBe(403);
  });

  test('teachers and students cannot create classes', async () => {
    const body = {
      class_name: 'X',
      teacher_id: teacher.user.user_id,
      start_date: '2030-03-01',
      end_date: '2030-03-02',
    };
    expect((await teacher.client.post('/api/classes', body)).status).toBe(403);
    expect((await student.client.post('/api/classes', body)).status).toBe(403);
  });
});

describe('who sees which classes', () => {
  let mine: string;
  let theirs: string;
  beforeAll(async () => {
    mine = (await createClass(admin, teacher.user.user_id, { class_name: 'Mine' })).class_id;
    theirs = (await createClass(admin, otherTeacher.user.user_id, { class_name: 'Theirs' }))
      .class_id;
    await enrol(admin, mine, [student.user.user_id]);
  });

  test('admin and staff see all active classes; a teacher their own; a student enrolled ones', async () => {
    const ids = async (client: TestClient) => {
      const all: string[] = [];
      for (let page = 1; ; page++) {
        const response = await client.get(`/api/classes?page=${page}`);
        all.push(...response.body.items.map((c: { class_id: string }) => c.class_id));
        if (page * 10 >= response.body.total) return all;
      }
    };
    expect(await ids(admin)).toEqual(expect.arrayContaining([mine, theirs]));
    expect(await ids(staff.client)).toEqual(expect.arrayContaining([mine, theirs]));
    const teacherIds = await ids(teacher.client);
    expect(teacherIds).toContain(mine);
    expect(teacherIds).not.toContain(theirs);
    expect(await ids(student.client)).toEqual([mine]);
    expect(await ids(otherStudent.client)).toEqual([]);
  });

  test('a class detail follows the same rule as the list: 403 for a class not theirs, 404 for none', async () => {
    expect((await teacher.client.get(`/api/classes/${mine}`)).status).toBe(200);
    expect((await teacher.client.get(`/api/classes/${theirs}`)).status).toBe(403);
    expect((await student.client.get(`/api/classes/${mine}`)).status).toBe(200);
    expect((await otherStudent.client.get(`/api/classes/${mine}`)).status).toBe(403);
    expect((await teacher.client.get(`/api/classes/${randomUUID()}`)).status).toBe(404);
  });

  test('the list carries teacher, student count and lesson count', async () => {
    await createLesson(admin, mine, '2030-03-20T02:00:00.000Z');
    const response = await student.client.get('/api/classes');
    expect(response.body.items[0]).toMatchObject({
      class_id: mine,
      teacher: { full_name: 'Thầy Nam' },
      student_count: 1,
      schedule_count: 1,
    });
  });

  test('the date filter keeps classes whose period overlaps the range', async () => {
    const early = await createClass(admin, teacher.user.user_id, {
      class_name: 'Early',
      start_date: '2030-01-01',
      end_date: '2030-01-31',
    });
    const inRange = await admin.get('/api/classes?from=2030-01-10&to=2030-01-20');
    const names = inRange.body.items.map((c: { class_id: string }) => c.class_id);
    expect(names).toContain(early.class_id);
    expect(names).not.toContain(mine);
    const after = await admin.get('/api/classes?from=2030-02-01');
    expect(after.body.items.map((c: { class_id: string }) => c.class_id)).not.toContain(
      early.class_id,
    );
    expect((await admin.get('/api/classes?from=yesterday')).status).toBe(400);
  });

  test('pagination is 10 per page', async () => {
    const local = await startTestServer({ clock });
    try {
      const localAdmin = await local.admin();
      const t = await createAccount(local, localAdmin, 'teacher');
      for (let i = 0; i < 11; i++) {
        clock.advance(1_000);
        await createClass(localAdmin, t.user.user_id, { class_name: `C${i}` });
      }
      const page1 = await localAdmin.get('/api/classes');
      expect(page1.body.items).toHaveLength(10);
      expect(page1.body.total).toBe(11);
      expect(page1.body.items[0].class_name).toBe('C10');
      expect(
        (await localAdmin.get('/api/classes?page=2')).body.items.map(
          (c: { class_name: string }) => c.class_name,
        ),
      ).toEqual(['C0']);
    } finally {
      await local.close();
    }
  });
});

describe('updating and deleting classes', () => {
  test('staff updates a class; teachers and students cannot', async () => {
    const klass = await createClass(admin, teacher.user.user_id, { class_name: 'Before' });
    const body = {
      class_name: 'After',
      teacher_id: otherTeacher.user.user_id,
      start_date: '2030-03-01',
      end_date: '2030-07-31',
      description: null,
    };
    expect((await teacher.client.put(`/api/classes/${klass.class_id}`, body)).status).toBe(403);
    const updated = await staff.client.put(`/api/classes/${klass.class_id}`, body);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ class_name: 'After', teacher: { full_name: 'Cô Mai' } });
  });

  test("a class's dates cannot shrink past its lessons", async () => {
    const klass = await createClass(admin, teacher.user.user_id);
    await createLesson(admin, klass.class_id, '2030-06-20T02:00:00.000Z');
    const response = await admin.put(`/api/classes/${klass.class_id}`, {
      class_name: 'Shorter',
      teacher_id: teacher.user.user_id,
      start_date: '2030-03-01',
      end_date: '2030-06-01',
    });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('CLASS_LESSONS_OUTSIDE_DATES');
  });

  test('deleting is a soft delete by admin or staff; the class disappears for everyone', async () => {
    const klass = await createClass(admin, teacher.user.user_id, { class_name: 'Gone' });
    await enrol(admin, klass.class_id, [student.user.user_id]);
    expect((await teacher.client.delete(`/api/classes/${klass.class_id}`)).status).toBe(403);
    expect((await staff.client.delete(`/api/classes/${klass.class_id}`)).status).toBe(200);
    expect((await student.client.get(`/api/classes/${klass.class_id}`)).status).toBe(404);
    const row = await server.server.ctx.database.db
      .selectFrom('classes')
      .select('is_active')
      .where('class_id', '=', klass.class_id)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.is_active)).toBe(false);
  });
});

describe('enrolment', () => {
  test('only active students not yet enrolled are offered and accepted; twice is refused', async () => {
    const klass = await createClass(admin, teacher.user.user_id, { class_name: 'Enrol' });
    const options = await staff.client.get(`/api/classes/${klass.class_id}/student-options`);
    const offered = options.body.items.map((s: { user_id: string }) => s.user_id);
    expect(offered).toContain(student.user.user_id);
    expect(offered).not.toContain(teacher.user.user_id);

    await enrol(staff.client, klass.class_id, [student.user.user_id]);
    const again = await staff.client.post(`/api/classes/${klass.class_id}/students`, {
      student_ids: [student.user.user_id],
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ENROL_ALREADY');
    const notStudent = await staff.client.post(`/api/classes/${klass.class_id}/students`, {
      student_ids: [teacher.user.user_id],
    });
    expect(notStudent.status).toBe(400);
    expect(
      (await staff.client.post(`/api/classes/${klass.class_id}/students`, { student_ids: [] }))
        .body,
    ).toMatchObject({ code: 'VALIDATION', reason: 'ENROL_EMPTY' });

    const after = await staff.client.get(
      `/api/classes/${klass.class_id}/student-options?q=${encodeURIComponent('Bì')}`,
    );
    expect(after.body.items.map((s: { user_id: string }) => s.user_id)).toEqual([
      otherStudent.user.user_id,
    ]);
    const rows = await server.server.ctx.database.db
      .selectFrom('class_students')
      .selectAll()
      .where('class_id', '=', klass.class_id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  test("a class's students: admin, staff and its teacher see them; students and other teachers do not", async () => {
    const klass = await createClass(admin, teacher.user.user_id, { class_name: 'Roster' });
    await enrol(admin, klass.class_id, [student.user.user_id, otherStudent.user.user_id]);
    const list = await teacher.client.get(`/api/classes/${klass.class_id}/students`);
    expect(list.body.items.map((s: { full_name: string }) => s.full_name)).toEqual(['An', 'Bình']);
    expect((await staff.client.get(`/api/classes/${klass.class_id}/students`)).status).toBe(200);
    expect((await student.client.get(`/api/classes/${klass.class_id}/students`)).status).toBe(403);
    expect((await otherTeacher.client.get(`/api/classes/${klass.class_id}/students`)).status).toBe(
      403,
    );
  });

  test('admin and staff remove a student; teachers and students cannot enrol or remove', async () => {
    const klass = await createClass(admin, teacher.user.user_id, { class_name: 'Remove' });
    await enrol(admin, klass.class_id, [student.user.user_id]);
    const url = `/api/classes/${klass.class_id}/students/${student.user.user_id}`;
    expect((await teacher.client.delete(url)).status).toBe(403);
    expect(
      (
        await teacher.client.post(`/api/classes/${klass.class_id}/students`, {
          student_ids: [otherStudent.user.user_id],
        })
      ).status,
    ).toBe(403);
    expect((await staff.client.delete(url)).status).toBe(200);
    expect((await staff.client.delete(url)).status).toBe(404);
  });
});

describe("a teacher's students", () => {
  test('the students of their own classes, each with those classes, by name; nobody else', async () => {
    const me = await createAccount(server, admin, 'teacher');
    const other = await createAccount(server, admin, 'teacher');
    const [an, binh, outsider] = await Promise.all(
      ['An', 'Bình', 'Ngoài'].map((name) =>
        createAccount(server, admin, 'student', {
          full_name: `Trò ${name} ${me.user.user_id.slice(0, 4)}`,
        }),
      ),
    );
    const mine1 = await createClass(admin, me.user.user_id, { class_name: 'Mine A' });
    const mine2 = await createClass(admin, me.user.user_id, { class_name: 'Mine B' });
    const theirs = await createClass(admin, other.user.user_id, { class_name: 'Theirs' });
    await enrol(admin, mine1.class_id, [an!.user.user_id, binh!.user.user_id]);
    await enrol(admin, mine2.class_id, [an!.user.user_id]);
    await enrol(admin, theirs.class_id, [outsider!.user.user_id, binh!.user.user_id]);

    const reply = await me.client.get('/api/class-students');
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.total).toBe(2);
    expect(
      reply.body.items.map((s: { full_name: string; classes: { class_name: string }[] }) => [
        s.full_name,
        s.classes.map((c) => c.class_name),
      ]),
    ).toEqual([
      [an!.user.full_name, ['Mine A', 'Mine B']],
      [binh!.user.full_name, ['Mine A']],
    ]);
    expect(reply.body.items[0]).toMatchObject({ email: an!.email });
    const student = await createAccount(server, admin, 'student');
    expect((await student.client.get('/api/class-students')).status).toBe(403);
  });
});
