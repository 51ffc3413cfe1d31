import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Account, createAccount, snapshot, uniqueEmail } from '../helpers/factories.ts';
import { refusal } from '../helpers/replies.ts';
import { startTestServer, type TestClient, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
let admin: TestClient;
let staff: Account;
let teacher: Account;
let student: Account;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  staff = await createAccount(server, admin, 'staff');
  teacher = await createAccount(server, admin, 'teacher');
  student = await createAccount(server, admin, 'student');
});
afterAll(() => server.close());

const newUser = (role: string) => ({ email: uniqueEmail(role), full_name: `New ${role}`, role });

describe('who may create which accounts', () => {
  test.each(['admin', 'staff', 'teacher', 'student'])('admin creates a %s', async (role) => {
    const response = await admin.post('/api/users', newUser(role));
    expect(response.status).toBe(201);
    expect(response.body.user.role).toBe(role);
    expect(response.body.user.is_active).toBe(true);
    expect(response.body.password).toMatch(/^\d{6}$/);
    expect(response.body).toMatchObject({
      code: 'USER_CREATED',
      params: { password: response.body.password },
    });
  });

  test.each(['teacher', 'student'])('staff creates a %s', async (role) => {
    const response = await staff.client.post('/api/users', newUser(role));
    expect(response.status).toBe(201);
    expect(response.body.user.created_by).toBe(staff.user.user_id);
  });

  test.each(['staff', 'admin'])(
    'staff is refused a %s account and nothing is written',
    async (role) => {
      const before = await snapshot(server, ['users', 'auth_credentials']);
      const response = await staff.client.post('/api/users', newUser(role));
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: 'STAFF_CANNOT_CREATE_ROLE', params: { role } });
      expect(await snapshot(server, ['users', 'auth_credentials'])).toEqual(before);
    },
  );

  test.each([
    ['teacher', () => teacher],
    ['student', () => student],
  ])('a %s may not create accounts', async (_role, who) => {
    const before = await snapshot(server, ['users']);
    const response = await who().client.post('/api/users', newUser('student'));
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('USER_CREATE_FORBIDDEN');
    expect(await snapshot(server, ['users'])).toEqual(before);
  });
});

describe('account creation rules', () => {
  test.each([
    [{ email: '', full_name: 'A', role: 'student' }, { code: 'USER_FIELDS_REQUIRED' }],
    [{ email: 'a@b.cc', full_name: '   ', role: 'student' }, { code: 'USER_FIELDS_REQUIRED' }],
    [{ full_name: 'A', role: 'student' }, { code: 'USER_FIELDS_REQUIRED' }],
    [{ email: 'no-at-sign', full_name: 'A', role: 'student' }, { code: 'USER_EMAIL_INVALID' }],
    [{ email: 'a@b', full_name: 'A', role: 'student' }, { code: 'USER_EMAIL_INVALID' }],
    [{ email: 'a b@c.dd', full_name: 'A', role: 'student' }, { code: 'USER_EMAIL_INVALID' }],
  ])('%j is refused with %j', async (body, message) => {
    const before = await snapshot(server, ['users']);
    const response = await admin.post('/api/users', body);
    expect(response.status).toBe(400);
    expect(refusal(response.body)).toEqual(message);
    expect(await snapshot(server, ['users'])).toEqual(before);
  });

  test('an unknown role is refused', async () => {
    const response = await admin.post('/api/users', { ...newUser('student'), role: 'superuser' });
    expect(response.status).toBe(400);
    expect(response.body.field).toBe('role');
  });

  test('an email already used by an active account is refused, whatever its case and spaces', async () => {
    const response = await admin.post('/api/users', {
      email: `  ${teacher.email.toUpperCase()} `,
      full_name: 'Copy',
      role: 'student',
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'USER_EMAIL_EXISTS',
      params: { email: teacher.email },
    });
  });

  test('the username is the email local part, an underscore and 4 digits of the time', async () => {
    const response = await admin.post('/api/users', {
      email: 'mai.nguyen@example.com',
      full_name: 'Mai Nguyễn',
      role: 'student',
    });
    expect(response.body.user.username).toMatch(/^mai\.nguyen_\d{4}$/);
  });

  test('two simultaneous requests for one email create one account', async () => {
    const body = newUser('student');
    const results = await Promise.all([
      admin.post('/api/users', body),
      admin.post('/api/users', body),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await server.server.ctx.database.db
      .selectFrom('users')
      .select('user_id')
      .where('email', '=', body.email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  test('a deleted user re-created with the same email is reactivated with the new role, name and password', async () => {
    const original = await createAccount(server, admin, 'student', { full_name: 'Old Name' });
    expect((await admin.delete(`/api/users/${original.user.user_id}`)).status).toBe(200);

    const again = await admin.post('/api/users', {
      email: original.email,
      full_name: 'New Name',
      role: 'teacher',
    });
    expect(again.status).toBe(201);
    expect(again.body.reactivated).toBe(true);
    expect(again.body.user.user_id).toBe(original.user.user_id);
    expect(again.body.user.role).toBe('teacher');
    expect(again.body.user.full_name).toBe('New Name');
    expect(again.body.user.is_active).toBe(true);
    expect(again.body.user.auth_id).not.toBe(original.user.auth_id);

    const oldPassword = await server
      .client()
      .post('/api/auth/login', { email: original.email, password: original.password });
    expect(oldPassword.status).toBe(401);
    const fresh = server.client();
    const login = await fresh.login(original.email, again.body.password);
    expect(login.body.mustChangePassword).toBe(true);
  });
});

describe('listing and viewing accounts', () => {
  test('admin lists students newest first, 10 per page, active only', async () => {
    const local = await startTestServer();
    try {
      const localAdmin = await local.admin();
      const created: string[] = [];
      for (let i = 0; i < 12; i++) {
        const response = await localAdmin.post('/api/users', {
          email: `student${i}@example.com`,
          full_name: `Student ${i}`,
          role: 'student',
        });
        created.push(response.body.user.user_id);
      }
      await localAdmin.delete(`/api/users/${created[0]}`);

      const page1 = await localAdmin.get('/api/users?role=student');
      expect(page1.status).toBe(200);
      expect(page1.body.total).toBe(11);
      expect(page1.body.pageSize).toBe(10);
      expect(page1.body.items).toHaveLength(10);
      expect(page1.body.items[0].email).toBe('student11@example.com');
      const page2 = await localAdmin.get('/api/users?role=student&page=2');
      expect(page2.body.items.map((u: { email: string }) => u.email)).toEqual([
        'student1@example.com',
      ]);
    } finally {
      await local.close();
    }
  });

  test('staff lists teachers and students but not staff; teachers and students list nothing', async () => {
    expect((await staff.client.get('/api/users?role=teacher')).status).toBe(200);
    expect((await staff.client.get('/api/users?role=student')).status).toBe(200);
    expect((await staff.client.get('/api/users?role=staff')).status).toBe(403);
    expect((await admin.get('/api/users?role=staff')).status).toBe(200);
    for (const who of [teacher, student]) {
      const response = await who.client.get('/api/users?role=student');
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('FORBIDDEN');
    }
  });

  test('bad list parameters are refused with 400', async () => {
    expect((await admin.get('/api/users')).status).toBe(400);
    expect((await admin.get('/api/users?role=student&page=0')).status).toBe(400);
    expect((await admin.get('/api/users?role=student&page=abc')).status).toBe(400);
    expect((await admin.get("/api/users?role=student' or 1=1--")).status).toBe(400);
  });

  test('account detail: own always, others by role', async () => {
    expect((await student.client.get(`/api/users/${student.user.user_id}`)).status).toBe(200);
    expect((await student.client.get(`/api/users/${teacher.user.user_id}`)).status).toBe(403);
    expect((await staff.client.get(`/api/users/${student.user.user_id}`)).body.user.email).toBe(
      student.email,
    );
    expect((await staff.client.get(`/api/users/${staff.user.user_id}`)).status).toBe(200);
    expect((await admin.get(`/api/users/${randomUUID()}`)).status).toBe(404);
    expect((await admin.get('/api/users/not-a-uuid')).status).toBe(400);
  });
});

describe('deleting accounts', () => {
  async function makeClass(teacherId: string) {
    const classId = randomUUID();
    const now = new Date().toISOString();
    await server.server.ctx.database.db
      .insertInto('classes')
      .values({
        class_id: classId,
        class_name: 'IELTS 6.5',
        search_name: 'ielts 6.5',
        description: null,
        teacher_id: teacherId,
        start_date: '2026-01-01',
        end_date: '2026-12-31',
        created_by: null,
        is_active: true,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return classId;
  }

  test('deleting a student removes enrolments and attendance, then deactivates the account', async () => {
    const t = await createAccount(server, admin, 'teacher');
    const s = await createAccount(server, admin, 'student');
    const { db } = server.server.ctx.database;
    const classId = await makeClass(t.user.user_id);
    const now = new Date().toISOString();
    await db
      .insertInto('class_students')
      .values({ class_id: classId, student_id: s.user.user_id, enrolled_at: now })
      .execute();
    const scheduleId = randomUUID();
    await db
      .insertInto('schedules')
      .values({
        schedule_id: scheduleId,
        class_id: classId,
        topic: 'Speaking',
        description: null,
        start_time: '2026-06-01T02:00:00.000Z',
        end_time: '2026-06-01T03:00:00.000Z',
        status: 'completed',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('attendance')
      .values({
        attendance_id: randomUUID(),
        schedule_id: scheduleId,
        student_id: s.user.user_id,
        participant_key: 'p1',
        joined_at: '2026-06-01T02:01:00.000Z',
        left_at: null,
        created_at: now,
      })
      .execute();

    const response = await staff.client.delete(`/api/users/${s.user.user_id}`);
    expect(response.status).toBe(200);
    expect(
      await db
        .selectFrom('class_students')
        .selectAll()
        .where('student_id', '=', s.user.user_id)
        .execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('attendance')
        .selectAll()
        .where('student_id', '=', s.user.user_id)
        .execute(),
    ).toEqual([]);
    const detail = await admin.get(`/api/users/${s.user.user_id}`);
    expect(detail.body.user.is_active).toBe(false);
    const list = await admin.get('/api/users?role=student&page=1');
    expect(list.body.items.map((u: { user_id: string }) => u.user_id)).not.toContain(
      s.user.user_id,
    );
  });

  test("deleting a teacher deactivates the teacher's classes, then the account", async () => {
    const t = await createAccount(server, admin, 'teacher');
    const classId = await makeClass(t.user.user_id);
    expect((await admin.delete(`/api/users/${t.user.user_id}`)).status).toBe(200);
    const row = await server.server.ctx.database.db
      .selectFrom('classes')
      .select('is_active')
      .where('class_id', '=', classId)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.is_active)).toBe(false);
  });

  test('only admin deletes staff; staff gets the specification message and nothing changes', async () => {
    const otherStaff = await createAccount(server, admin, 'staff');
    const before = await snapshot(server, ['users', 'sessions']);
    const refused = await staff.client.delete(`/api/users/${otherStaff.user.user_id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect(await snapshot(server, ['users', 'sessions'])).toEqual(before);
    expect((await admin.delete(`/api/users/${otherStaff.user.user_id}`)).status).toBe(200);
  });

  test('teachers and students cannot delete anyone; nobody deletes themselves', async () => {
    const victim = await createAccount(server, admin, 'student');
    expect((await teacher.client.delete(`/api/users/${victim.user.user_id}`)).status).toBe(403);
    expect((await student.client.delete(`/api/users/${victim.user.user_id}`)).status).toBe(403);
    const adminId = (await admin.get('/api/auth/session')).body.user.user_id;
    expect((await admin.delete(`/api/users/${adminId}`)).status).toBe(403);
  });

  test('deleting an unknown or already deleted account gives 404', async () => {
    const victim = await createAccount(server, admin, 'student');
    expect((await admin.delete(`/api/users/${victim.user.user_id}`)).status).toBe(200);
    expect((await admin.delete(`/api/users/${victim.user.user_id}`)).status).toBe(404);
    expect((await admin.delete(`/api/users/${randomUUID()}`)).status).toBe(404);
  });
});
