// People's details corrected (issue 26, point 3): full name, e-mail (the sign-in) and phone by
// admin and staff within the roles they may create; a role by the admin only, with what leaving a
// role takes (a teacher's classes, a student's enrolments).
import { describe, expect, test } from 'vitest';
import { createAccount, snapshot, uniqueEmail } from '../../helpers/factories.ts';
import { refusal } from '../../helpers/replies.ts';
import { createClass, enrol } from '../../helpers/school.ts';
import type { TestClient } from '../../helpers/test-server.ts';
import { admin, server, staff, student, teacher } from './cast.ts';

const TABLES = ['users', 'auth_credentials', 'notifications'];

const notificationsOf = async (client: TestClient, type: string) =>
  ((await client.get('/api/notifications')).body.items as { type: string; params: object }[])
    .filter((n) => n.type === type)
    .map((n) => n.params);

describe('staff corrects a student', () => {
  test('the name, e-mail and phone change; the new e-mail signs in, the old one no longer does, and the student is told', async () => {
    const person = await createAccount(server, admin, 'student', { full_name: 'Tran Van A' });
    const newEmail = uniqueEmail('corrected');
    const response = await staff.client.patch(`/api/users/${person.user.user_id}`, {
      full_name: 'Trần Văn Ánh',
      email: ` ${newEmail.toUpperCase()} `,
      phone: '0912.345.678',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      code: 'USER_UPDATED',
      user: { full_name: 'Trần Văn Ánh', email: newEmail, phone: '+84912345678', role: 'student' },
    });
    // The detail and the list (searched without accents) show the new details.
    const detail = await staff.client.get(`/api/users/${person.user.user_id}`);
    expect(detail.body.user).toMatchObject({ email: newEmail, phone: '+84912345678' });
    const found = await staff.client.get('/api/users?role=student&q=tran van anh');
    expect(found.body.items.map((u: { user_id: string }) => u.user_id)).toEqual([
      person.user.user_id,
    ]);

    expect(
      (
        await server
          .client()
          .post('/api/auth/login', { email: newEmail, password: person.password })
      ).status,
    ).toBe(200);
    const old = await server.client().post('/api/auth/login', {
      email: person.email,
      password: person.password,
    });
    expect(old.status).toBe(401);

    expect(await notificationsOf(person.client, 'email_changed')).toEqual([
      { old_email: person.email, new_email: newEmail },
    ]);
  });

  test('a correction without a new e-mail tells nobody', async () => {
    const person = await createAccount(server, admin, 'teacher');
    const response = await staff.client.patch(`/api/users/${person.user.user_id}`, {
      full_name: 'Nguyễn Thị Bích',
      email: person.email.toUpperCase(),
    });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ full_name: 'Nguyễn Thị Bích', email: person.email });
    expect(await notificationsOf(person.client, 'email_changed')).toEqual([]);
  });
});

describe('phone numbers', () => {
  test.each(['0912 345 678', '0912.345.678', '+84 912 345 678', '84912345678'])(
    '%j is stored as +84912345678',
    async (written) => {
      const response = await admin.patch(`/api/users/${student.user.user_id}`, { phone: written });
      expect(response.status).toBe(200);
      expect(response.body.user.phone).toBe('+84912345678');
    },
  );

  test.each(['12345', '0912 345 67', '+1 415 555 0100', 'không có'])(
    '%j is refused with PHONE_INVALID and nothing changes',
    async (written) => {
      const before = await snapshot(server, TABLES);
      const response = await admin.patch(`/api/users/${student.user.user_id}`, {
        full_name: 'Should not be saved',
        phone: written,
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION', field: 'phone' });
      expect(refusal(response.body).code).toBe('PHONE_INVALID');
      expect(await snapshot(server, TABLES)).toEqual(before);
    },
  );

  test('an empty phone clears it', async () => {
    await admin.patch(`/api/users/${student.user.user_id}`, { phone: '0987 654 321' });
    const response = await admin.patch(`/api/users/${student.user.user_id}`, { phone: '' });
    expect(response.status).toBe(200);
    expect(response.body.user.phone).toBeNull();
  });
});

describe('who corrects whom', () => {
  test.each([
    ['staff', 'a staff account', () => createAccount(server, admin, 'staff')],
    ['staff', 'an admin account', () => createAccount(server, admin, 'admin')],
    ['staff', 'their own account', async () => staff],
    ['teacher', 'a student', () => createAccount(server, admin, 'student')],
    ['teacher', 'their own account', async () => teacher],
    ['student', 'their own account', async () => student],
  ] as const)('%s may not correct %s, and nothing changes', async (who, _what, target) => {
    const person = await target();
    const actor = { staff, teacher, student }[who];
    const before = await snapshot(server, TABLES);
    const response = await actor.client.patch(`/api/users/${person.user.user_id}`, {
      full_name: 'Changed',
    });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('USER_UPDATE_FORBIDDEN');
    expect(await snapshot(server, TABLES)).toEqual(before);
  });

  test('staff may not change a role, even of a student', async () => {
    const person = await createAccount(server, admin, 'student');
    const before = await snapshot(server, TABLES);
    const response = await staff.client.patch(`/api/users/${person.user.user_id}`, {
      role: 'teacher',
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'USER_ROLE_ADMIN_ONLY', field: 'role' });
    expect(await snapshot(server, TABLES)).toEqual(before);
  });

  test('the admin corrects another admin and a staff member', async () => {
    for (const role of ['admin', 'staff'] as const) {
      const person = await createAccount(server, admin, role);
      const response = await admin.patch(`/api/users/${person.user.user_id}`, {
        full_name: `Corrected ${role}`,
      });
      expect(response.status).toBe(200);
      expect(response.body.user.full_name).toBe(`Corrected ${role}`);
    }
  });

  test('the admin changes their own e-mail and signs in with it', async () => {
    const other = await createAccount(server, admin, 'admin');
    const me = await other.client.get('/api/auth/session');
    const newEmail = uniqueEmail('admin-own');
    const response = await other.client.patch(`/api/users/${me.body.user.user_id}`, {
      email: newEmail,
    });
    expect(response.status).toBe(200);
    expect(response.body.user.email).toBe(newEmail);
    // The session goes on; the next sign-in takes the new e-mail.
    expect((await other.client.get('/api/auth/session')).body.user.email).toBe(newEmail);
    await server.client().login(newEmail, other.password);
  });

  test('an unknown or deleted account is not found', async () => {
    const gone = await createAccount(server, admin, 'student');
    await admin.delete(`/api/users/${gone.user.user_id}`);
    for (const id of [gone.user.user_id, '00000000-0000-4000-8000-000000000000']) {
      const response = await admin.patch(`/api/users/${id}`, { full_name: 'X' });
      expect(response.status).toBe(404);
    }
  });

  test.each([
    [{ full_name: '   ' }, 'USER_FIELDS_REQUIRED', 'full_name'],
    [{ email: 'not-an-email' }, 'USER_EMAIL_INVALID', 'email'],
    [{ role: 'owner' }, 'VALIDATION', 'role'],
  ])('%j is refused with %s', async (body, code, field) => {
    const before = await snapshot(server, TABLES);
    const response = await admin.patch(`/api/users/${student.user.user_id}`, body);
    expect(response.status).toBe(400);
    expect(refusal(response.body).code).toBe(code);
    expect(response.body.field).toBe(field);
    expect(await snapshot(server, TABLES)).toEqual(before);
  });
});

describe('e-mails stay unique among accounts', () => {
  test("another active account's e-mail is refused, whatever its case", async () => {
    const person = await createAccount(server, admin, 'student');
    const before = await snapshot(server, TABLES);
    const response = await staff.client.patch(`/api/users/${person.user.user_id}`, {
      email: teacher.email.toUpperCase(),
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'USER_EMAIL_EXISTS',
      field: 'email',
      params: { email: teacher.email },
    });
    expect(await snapshot(server, TABLES)).toEqual(before);
  });

  test("a deleted account's e-mail is refused: it is kept for that account's return", async () => {
    const gone = await createAccount(server, admin, 'student');
    await admin.delete(`/api/users/${gone.user.user_id}`);
    const person = await createAccount(server, admin, 'student');
    const response = await staff.client.patch(`/api/users/${person.user.user_id}`, {
      email: gone.email,
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'USER_EMAIL_OF_DELETED', field: 'email' });
  });

  test('two accounts given one e-mail at once: one gets it', async () => {
    const [first, second] = await Promise.all([
      createAccount(server, admin, 'student'),
      createAccount(server, admin, 'student'),
    ]);
    const email = uniqueEmail('race');
    const replies = await Promise.all(
      [first, second].map((p) => admin.patch(`/api/users/${p.user.user_id}`, { email })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)?.body.code).toBe('USER_EMAIL_EXISTS');
  });
});

describe('changing a role', () => {
  test('the admin makes a student a teacher; the new role applies at once', async () => {
    const person = await createAccount(server, admin, 'student');
    const response = await admin.patch(`/api/users/${person.user.user_id}`, { role: 'teacher' });
    expect(response.status).toBe(200);
    expect(response.body.user.role).toBe('teacher');
    expect((await person.client.get('/api/auth/session')).body.user.role).toBe('teacher');
    const teachers = await admin.get(
      `/api/users?role=teacher&q=${encodeURIComponent(person.email)}`,
    );
    expect(teachers.body.items.map((u: { user_id: string }) => u.user_id)).toEqual([
      person.user.user_id,
    ]);
  });

  test('a teacher with active classes keeps the role until the classes are handed over', async () => {
    const leaving = await createAccount(server, admin, 'teacher');
    await createClass(admin, leaving.user.user_id);
    const before = await snapshot(server, TABLES);
    const refused = await admin.patch(`/api/users/${leaving.user.user_id}`, { role: 'staff' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'USER_ROLE_TEACHER_HAS_CLASSES',
      field: 'role',
      params: { count: '1' },
    });
    expect(await snapshot(server, TABLES)).toEqual(before);

    const handed = await admin.post(`/api/users/${leaving.user.user_id}/hand-over-classes`, {
      teacher_id: teacher.user.user_id,
    });
    expect(handed.status).toBe(200);
    const changed = await admin.patch(`/api/users/${leaving.user.user_id}`, { role: 'staff' });
    expect(changed.status).toBe(200);
    expect(changed.body.user.role).toBe('staff');
  });

  test('a student enrolled in an active class keeps the role', async () => {
    const person = await createAccount(server, admin, 'student');
    const klass = await createClass(admin, teacher.user.user_id);
    await enrol(admin, klass.class_id, [person.user.user_id]);
    const response = await admin.patch(`/api/users/${person.user.user_id}`, { role: 'teacher' });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'USER_ROLE_STUDENT_ENROLLED',
      params: { count: '1' },
    });
  });

  test('sending the role a person already has changes nothing and is no role change', async () => {
    const person = await createAccount(server, admin, 'student');
    const response = await staff.client.patch(`/api/users/${person.user.user_id}`, {
      role: 'student',
      full_name: 'Same role',
    });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ role: 'student', full_name: 'Same role' });
  });
});
