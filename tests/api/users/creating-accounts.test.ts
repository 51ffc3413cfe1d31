// Accounts created one at a time: who may create which role, and the rules an account must meet.
import { describe, expect, test } from 'vitest';
import { createAccount, snapshot, uniqueEmail } from '../../helpers/factories.ts';
import { refusal } from '../../helpers/replies.ts';
import { admin, server, staff, student, teacher } from './cast.ts';

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
