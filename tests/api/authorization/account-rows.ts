// The authorization matrix's rows for signing in, accounts and each user's own things: the
// session, bulk import and export, calendar feeds, notifications, the profile and users.

import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createAccount, uniqueEmail } from '../../helpers/factories.ts';
import { PNG_1x1 } from '../../helpers/images.ts';
import { createClass } from '../../helpers/school.ts';
import { ALL, admin, noSecrets, people, type Row, STAFF_ROLES, server, shared } from './world.ts';

export const accountRows: Row[] = [
  // Signing in and out, the session.
  {
    route: 'POST /api/auth/login',
    scopes: ['-'],
    allow: { anonymous: ALL, student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    // Public, whoever calls: a fresh client, so the shared ones keep their sessions.
    call: () =>
      server.client().post('/api/auth/login', {
        email: people.classmate.email,
        password: people.classmate.password,
      }),
  },
  {
    route: 'POST /api/auth/logout',
    scopes: ['-'],
    allow: { anonymous: ALL, student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    // A fresh session of the same role, so the shared clients stay signed in.
    call: async (_c, _t, who) => {
      if (who === 'anonymous') return server.client().post('/api/auth/logout');
      const account = who === 'admin' ? null : await createAccount(server, admin, who);
      const c = account ? account.client : await server.admin();
      return c.post('/api/auth/logout');
    },
  },
  {
    route: 'GET /api/auth/session',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    call: (c) => c.get('/api/auth/session'),
    check: noSecrets,
  },
  {
    route: 'POST /api/auth/change-password',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    // Wrong current password: an allowed caller gets a validation answer, not a refusal.
    call: (c) =>
      c.post('/api/auth/change-password', {
        currentPassword: 'not-my-password',
        newPassword: 'whatever-new-1',
        confirmPassword: 'whatever-new-1',
      }),
  },
  // Active sessions (issue 26): one's own for everyone, everyone's for the admin. Ending
  // another person's session is refused in sessions-and-settings-cards.test.ts.
  {
    route: 'GET /api/auth/sessions',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    call: (c) => c.get('/api/auth/sessions'),
    check: noSecrets,
  },
  {
    route: 'POST /api/auth/sessions/end-others',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    // A fresh account of the same role, so the shared clients keep their sessions.
    call: async (c, _t, who) => {
      if (who === 'anonymous') return c.post('/api/auth/sessions/end-others');
      const account = await createAccount(server, admin, who);
      return account.client.post('/api/auth/sessions/end-others');
    },
  },
  {
    route: 'DELETE /api/auth/sessions/:sessionId',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    // A second session of the caller's own account, ended by the first.
    fresh: async (_scope, who) => {
      const other =
        who === 'admin' || who === 'anonymous'
          ? await server.admin()
          : await (async () => {
              const client = server.client();
              await client.login(people[who].email, people[who].password);
              return client;
            })();
      const listed = await other.get('/api/auth/sessions');
      const current = listed.body.sessions.find((s: { current: boolean }) => s.current);
      return { accountId: current.session_id };
    },
    call: (c, t) => c.delete(`/api/auth/sessions/${t.accountId}`),
  },
  {
    route: 'GET /api/sessions',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.get('/api/sessions'),
    check: noSecrets,
  },
  {
    route: 'GET /api/health',
    scopes: ['-'],
    allow: { anonymous: ALL, student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    call: (c) => c.get('/api/health'),
  },
  {
    route: 'GET /api/classes/options',
    scopes: ['-'],
    allow: { staff: ALL, admin: ALL },
    call: (c) => c.get('/api/classes/options'),
  },
  // Bulk import and export of accounts: admin and staff.
  {
    route: 'POST /api/users/import/read',
    scopes: ['-'],
    allow: { staff: ALL, admin: ALL },
    call: (c) => {
      const form = new FormData();
      form.append('file', new Blob(['Họ và tên,Email\nAn,an@example.com\n']), 'a.csv');
      return c.request('POST', '/api/users/import/read', { form });
    },
  },
  {
    route: 'POST /api/users/import/preview',
    scopes: ['-'],
    allow: { staff: ALL, admin: ALL },
    call: (c) =>
      c.post('/api/users/import/preview', {
        role: 'student',
        rows: [{ full_name: 'An', email: uniqueEmail('import') }],
      }),
  },
  {
    route: 'POST /api/users/import',
    scopes: ['-'],
    allow: { staff: ALL, admin: ALL },
    call: (c) =>
      c.post('/api/users/import', {
        role: 'student',
        rows: [{ full_name: 'An', email: uniqueEmail('import') }],
      }),
  },
  {
    route: 'GET /api/users/export',
    scopes: ['-'],
    allow: { staff: ALL, admin: ALL },
    call: (c) => c.get('/api/users/export?role=student&format=csv'),
  },
  // Calendar feeds: each signed-in user's own; the feed itself answers to its token alone.
  {
    route: 'GET /api/profile/calendar-feed',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    call: (c) => c.get('/api/profile/calendar-feed'),
  },
  {
    route: 'POST /api/profile/calendar-feed',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    call: (c) => c.post('/api/profile/calendar-feed'),
  },
  {
    route: 'DELETE /api/profile/calendar-feed',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    call: (c) => c.delete('/api/profile/calendar-feed'),
  },
  {
    route: 'GET /api/calendar/:file',
    scopes: ['-'],
    allow: { anonymous: ALL, student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    call: (c) => c.get('/api/calendar/no-such-token.ics'),
  },
  // Notifications: each signed-in user's own.
  {
    route: 'GET /api/notifications',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    call: (c) => c.get('/api/notifications'),
  },
  {
    route: 'POST /api/notifications/:notificationId/read',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    call: (c) => c.post(`/api/notifications/${randomUUID()}/read`),
  },
  {
    route: 'POST /api/notifications/read-all',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    call: (c) => c.post('/api/notifications/read-all'),
  },
  // Own profile.
  {
    route: 'PUT /api/profile/language',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    call: (c) => c.put('/api/profile/language', { language: 'vi' }),
  },
  {
    route: 'PATCH /api/profile',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    call: (c) => c.patch('/api/profile', { full_name: 'Same Name' }),
    check: noSecrets,
  },
  {
    route: 'POST /api/profile/avatar',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    call: (c) =>
      c.upload('/api/profile/avatar', { bytes: PNG_1x1, name: 'a.png', type: 'image/png' }),
  },
  // Users.
  {
    route: 'GET /api/users',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) => c.get('/api/users?role=student'),
    check: noSecrets,
  },
  {
    route: 'GET /api/users/:userId',
    scopes: ['own', 'same', 'other'],
    allow: { student: ['own'], teacher: ['own'], staff: ALL, admin: ALL, parent: ['own'] },
    call: (c, t) => c.get(`/api/users/${t.userId}`),
    check: noSecrets,
  },
  {
    route: 'POST /api/users',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) =>
      c.post('/api/users', { email: uniqueEmail(), full_name: 'New Student', role: 'student' }),
    check: noSecrets,
  },
  {
    route: 'DELETE /api/users/:userId',
    scopes: ['same', 'other'],
    allow: STAFF_ROLES,
    fresh: async () => ({ userId: (await createAccount(server, admin, 'student')).user.user_id }),
    call: (c, t) => c.delete(`/api/users/${t.userId}`),
  },
  // Accounts by their role (product.md §6): teachers' and students' belong to admin and staff, staff
  // members' and admins' to admin alone.
  ...(['teacher', 'staff', 'admin'] as const).map(
    (role): Row => ({
      route: 'GET /api/users',
      variant: `role=${role}`,
      scopes: ['-'],
      allow: role === 'teacher' ? STAFF_ROLES : { admin: ALL },
      call: (c) => c.get(`/api/users?role=${role}`),
      check: noSecrets,
    }),
  ),
  ...(['otherTeacher', 'otherStaff'] as const).map(
    (person): Row => ({
      route: 'GET /api/users/:userId',
      variant: person === 'otherTeacher' ? 'a teacher' : 'another staff member',
      scopes: ['-'],
      allow: person === 'otherTeacher' ? STAFF_ROLES : { admin: ALL },
      call: (c) => c.get(`/api/users/${people[person].user.user_id}`),
      check: noSecrets,
    }),
  ),
  ...(['teacher', 'staff', 'admin'] as const).map(
    (role): Row => ({
      route: 'POST /api/users',
      variant: `a new ${role}`,
      scopes: ['-'],
      allow: role === 'teacher' ? STAFF_ROLES : { admin: ALL },
      call: (c) => c.post('/api/users', { email: uniqueEmail(), full_name: 'New Person', role }),
      check: noSecrets,
    }),
  ),
  ...(['teacher', 'staff'] as const).map(
    (role): Row => ({
      route: 'DELETE /api/users/:userId',
      variant: `a ${role}`,
      scopes: ['-'],
      allow: role === 'teacher' ? STAFF_ROLES : { admin: ALL },
      fresh: async () => ({ userId: (await createAccount(server, admin, role)).user.user_id }),
      call: (c, t) => c.delete(`/api/users/${t.userId}`),
    }),
  ),
  // Before deleting a teacher: their classes, and handing them over.
  {
    route: 'GET /api/users/:userId/active-classes',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) => c.get(`/api/users/${people.otherTeacher.user.user_id}/active-classes`),
    check: (body) =>
      expect(body.items.map((k: { class_id: string }) => k.class_id)).toContain(
        shared.other.classId,
      ),
  },
  {
    route: 'POST /api/users/:userId/hand-over-classes',
    scopes: ['-'],
    allow: STAFF_ROLES,
    fresh: async () => {
      const leaving = await createAccount(server, admin, 'teacher');
      const klass = await createClass(admin, leaving.user.user_id);
      return { userId: leaving.user.user_id, classId: klass.class_id };
    },
    call: (c, t) =>
      c.post(`/api/users/${t.userId}/hand-over-classes`, {
        teacher_id: people.otherTeacher.user.user_id,
      }),
    check: (body) =>
      expect(body).toMatchObject({ code: 'CLASSES_HANDED_OVER', params: { count: '1' } }),
  },
  // Correcting a person's details: admin anyone's, staff the roles they may create.
  ...(['student', 'teacher', 'staff', 'admin'] as const).map(
    (role): Row => ({
      route: 'PATCH /api/users/:userId',
      variant: `a ${role}`,
      scopes: ['-'],
      allow: role === 'staff' || role === 'admin' ? { admin: ALL } : STAFF_ROLES,
      fresh: async () => ({ userId: (await createAccount(server, admin, role)).user.user_id }),
      call: (c, t) => c.patch(`/api/users/${t.userId}`, { phone: '0912 345 678' }),
      check: (body) =>
        expect(body).toMatchObject({ code: 'USER_UPDATED', user: { phone: '+84912345678' } }),
    }),
  ),
  ...(['student', 'teacher', 'staff'] as const).map(
    (role): Row => ({
      route: 'POST /api/users/:userId/first-password',
      variant: `a ${role}`,
      scopes: ['-'],
      allow: role === 'staff' ? { admin: ALL } : STAFF_ROLES,
      fresh: async () => ({ userId: (await createAccount(server, admin, role)).user.user_id }),
      call: (c, t) => c.post(`/api/users/${t.userId}/first-password`),
      check: (body) => expect(body.password).toMatch(/^\d{6}$/),
    }),
  ),
  {
    route: 'GET /api/class-students',
    scopes: ['-'],
    allow: { teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.get('/api/class-students'),
    check: (body, who) => {
      const ids = body.items.map((s: { user_id: string }) => s.user_id);
      // A teacher sees the students of their own classes only.
      if (who === 'teacher') expect(ids).not.toContain(people.otherStudent.user.user_id);
      expect(JSON.stringify(body)).not.toContain('password');
    },
  },
];
