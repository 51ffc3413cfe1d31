// The authorization matrix (product.md §6): every API route and the realtime channel ×
// {signed out, student, teacher, staff, admin} × {own record, same class, another class}.
// One table says who is allowed where and what an allowed reply may contain; every cell runs
// through HTTP with real sessions; a denied cell answers 401 (signed out) or 403 and leaves the
// database as it was. An inventory check fails when the server has a route the table lacks.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ZoomEmulator } from '../fakes/zoom-emulator.ts';
import { TestClock } from '../helpers/clock.ts';
import { openEventStream } from '../helpers/event-stream.ts';
import {
  type Account,
  createAccount,
  snapshot,
  themeBody,
  USER_DATA_TABLES,
  uniqueEmail,
} from '../helpers/factories.ts';
import { PNG_1x1 } from '../helpers/images.ts';
import { createClass, createLesson, enrol } from '../helpers/school.ts';
import type { TestClient, TestResponse, TestServer } from '../helpers/test-server.ts';
import { startZoomSchool, type ZoomServer } from '../helpers/zoom-school.ts';

type Who = 'anonymous' | 'student' | 'teacher' | 'staff' | 'admin';
/** own: the caller's own record; same: in the caller's class; other: in another class; '-': no record. */
type Scope = 'own' | 'same' | 'other' | '-';
const WHO: Who[] = ['anonymous', 'student', 'teacher', 'staff', 'admin'];
const EVERY_SCOPE: Scope[] = ['own', 'same', 'other', '-'];

/** Ids a cell works on, chosen by its scope. */
interface Target {
  userId: string;
  classId: string;
  scheduleId: string;
  /** A student of the target class (for enrol/unenrol). */
  studentId: string;
  themeId: string;
  accountId: string;
}

interface Row {
  route: string;
  /** Another row for the same route: what differs (the role of the account it concerns). */
  variant?: string;
  scopes: Scope[];
  /** Who is allowed, and in which scopes (all the row's scopes when true). */
  allow: Partial<Record<Who, true | Scope[]>>;
  /** Fresh records for a cell that writes; read-only rows use the shared ones. */
  fresh?: (scope: Scope, who: Who) => Promise<Partial<Target>>;
  call: (client: TestClient, target: Target, who: Who) => Promise<TestResponse>;
  /** What an allowed reply may contain. */
  check?: (body: any, who: Who, target: Target) => void;
}

const clock = new TestClock(Date.parse('2030-05-06T02:00:00Z'));
let school: ZoomServer;
let zoom: ZoomEmulator;
let server: TestServer;
let admin: TestClient;
const clients = {} as Record<Who, TestClient>;
const people = {} as Record<
  'student' | 'classmate' | 'otherStudent' | 'teacher' | 'otherTeacher' | 'staff' | 'otherStaff',
  Account
>;
const shared = {} as Record<'same' | 'other', { classId: string; scheduleId: string }>;
let spareThemeId: string;

const TABLES = USER_DATA_TABLES;

beforeAll(async () => {
  // Lessons here start hours to days after the clock: a start window as wide as they are, as this
  // file is about who may act, not when (meetings.test.ts checks the window).
  school = await startZoomSchool({
    cast: false,
    users: 60,
    clock,
    env: { EARLY_START_MINUTES: String(60 * 24 * 60) },
  });
  ({ zoom, server, admin } = school);
  clients.admin = admin;
  clients.anonymous = server.client();
  people.student = await createAccount(server, admin, 'student');
  people.classmate = await createAccount(server, admin, 'student');
  people.otherStudent = await createAccount(server, admin, 'student');
  people.teacher = await createAccount(server, admin, 'teacher');
  people.otherTeacher = await createAccount(server, admin, 'teacher');
  people.staff = await createAccount(server, admin, 'staff');
  people.otherStaff = await createAccount(server, admin, 'staff');
  clients.student = people.student.client;
  clients.teacher = people.teacher.client;
  clients.staff = people.staff.client;

  shared.same = await classWithLesson('same');
  shared.other = await classWithLesson('other');
  for (const scope of ['same', 'other'] as const) {
    const started = await admin.post(`/api/schedules/${shared[scope].scheduleId}/start`);
    expect(started.status, started.text).toBe(200);
  }
  const theme = await admin.post('/api/themes', themeBody('Spare'));
  spareThemeId = theme.body.theme_id;
});
afterAll(() => school.close());

let lessonHour = 0;
/** A class of the caller's teacher with the caller and a classmate ('same'), or of another teacher. */
async function classWithLesson(scope: 'same' | 'other') {
  const teacher = scope === 'same' ? people.teacher : people.otherTeacher;
  const students = scope === 'same' ? [people.student, people.classmate] : [people.otherStudent];
  const klass = await createClass(admin, teacher.user.user_id);
  await enrol(
    admin,
    klass.class_id,
    students.map((s) => s.user.user_id),
  );
  // Each lesson its own hour, so the teacher's lessons never overlap.
  lessonHour += 1;
  const start = new Date(Date.parse('2030-05-07T00:00:00Z') + lessonHour * 3_600_000);
  const lesson = await createLesson(admin, klass.class_id, start.toISOString());
  return { classId: klass.class_id as string, scheduleId: lesson.schedule_id as string };
}

function sharedTarget(scope: Scope, who: Who): Target {
  const place = scope === 'other' ? shared.other : shared.same;
  const self = who === 'anonymous' ? people.student : (people[who as 'student'] ?? null);
  const userId =
    scope === 'own'
      ? (self?.user.user_id ?? admin.cookie!)
      : scope === 'other'
        ? people.otherStudent.user.user_id
        : people.classmate.user.user_id;
  return {
    userId,
    classId: place.classId,
    scheduleId: place.scheduleId,
    studentId: scope === 'other' ? people.otherStudent.user.user_id : people.classmate.user.user_id,
    themeId: spareThemeId,
    accountId: '',
  };
}

/** A class and lesson for a writing cell (same: the caller's; other: someone else's). */
const freshClass = async (scope: Scope) => {
  const made = await classWithLesson(scope === 'other' ? 'other' : 'same');
  return {
    ...made,
    studentId: scope === 'other' ? people.otherStudent.user.user_id : people.classmate.user.user_id,
  };
};

let seriesCount = 0;
/** A fresh class (as freshClass) whose target lesson starts a series of two. */
const freshSeries = async (scope: Scope) => {
  const made = await freshClass(scope);
  // Each series at its own hour or day from 3 June (the lesson-create row books 1 June 09:00), so
  // the teacher's series never clash.
  const n = seriesCount++;
  const created = await admin.post(`/api/classes/${made.classId}/schedule-series`, {
    topic_pattern: 'Unit {n}',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    start_time: `${String(6 + (n % 16)).padStart(2, '0')}:00`,
    first_date: `2030-06-${String(3 + Math.floor(n / 16) * 2).padStart(2, '0')}`,
    count: 2,
  });
  expect(created.status, created.text).toBe(201);
  const lessons = await admin.get(`/api/classes/${made.classId}/schedules`);
  const first = lessons.body.items.find(
    (l: { series_id?: string }) => l.series_id === created.body.series_id,
  );
  return { ...made, scheduleId: first.schedule_id as string };
};
let oneLessonCount = 0;
/** A series of one lesson at 23:00 (after every freshSeries), each on its own day. */
const oneLessonSeries = () => ({
  topic_pattern: 'Unit {n}',
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  start_time: '23:00',
  first_date: `2030-06-${String(10 + (oneLessonCount++ % 20)).padStart(2, '0')}`,
  count: 1,
});

const noStartUrl = (body: unknown) =>
  expect(JSON.stringify(body)).not.toMatch(/zoom_start_url"?:\s*"|\/s\//);
const startUrlsOnlyForStaffRoles = (body: unknown, who: Who) => {
  if (who === 'student') noStartUrl(body);
};
const noSecrets = (body: unknown) =>
  expect(JSON.stringify(body)).not.toMatch(/password_hash|\$argon2|token_hash/);

const CLASS_ROUTES: Scope[] = ['same', 'other'];
const ALL = true as const;
const STAFF_ROLES: Partial<Record<Who, true | Scope[]>> = { staff: ALL, admin: ALL };

const rows: Row[] = [
  // Signing in and out, the session.
  {
    route: 'POST /api/auth/login',
    scopes: ['-'],
    allow: { anonymous: ALL, student: ALL, teacher: ALL, staff: ALL, admin: ALL },
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
    allow: { anonymous: ALL, student: ALL, teacher: ALL, staff: ALL, admin: ALL },
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
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.get('/api/auth/session'),
    check: noSecrets,
  },
  {
    route: 'POST /api/auth/change-password',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    // Wrong current password: an allowed caller gets a validation answer, not a refusal.
    call: (c) =>
      c.post('/api/auth/change-password', {
        current_password: 'not-my-password',
        new_password: 'whatever-new-1',
      }),
  },
  {
    route: 'GET /api/health',
    scopes: ['-'],
    allow: { anonymous: ALL, student: ALL, teacher: ALL, staff: ALL, admin: ALL },
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
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.get('/api/profile/calendar-feed'),
  },
  {
    route: 'POST /api/profile/calendar-feed',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.post('/api/profile/calendar-feed'),
  },
  {
    route: 'DELETE /api/profile/calendar-feed',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.delete('/api/profile/calendar-feed'),
  },
  {
    route: 'GET /api/calendar/:file',
    scopes: ['-'],
    allow: { anonymous: ALL, student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.get('/api/calendar/no-such-token.ics'),
  },
  // Notifications: each signed-in user's own.
  {
    route: 'GET /api/notifications',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.get('/api/notifications'),
  },
  {
    route: 'POST /api/notifications/:notificationId/read',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.post(`/api/notifications/${randomUUID()}/read`),
  },
  {
    route: 'POST /api/notifications/read-all',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.post('/api/notifications/read-all'),
  },
  // Own profile.
  {
    route: 'PUT /api/profile/language',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.put('/api/profile/language', { language: 'vi' }),
  },
  {
    route: 'PATCH /api/profile',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.patch('/api/profile', { full_name: 'Same Name' }),
    check: noSecrets,
  },
  {
    route: 'POST /api/profile/avatar',
    scopes: ['own'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL },
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
    allow: { student: ['own'], teacher: ['own'], staff: ALL, admin: ALL },
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
  // Before deleting a teacher (issue 25 point 8): their classes, and handing them over.
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
  // Center settings and themes.
  {
    route: 'GET /api/center-settings',
    scopes: ['-'],
    allow: { anonymous: ALL, student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.get('/api/center-settings'),
  },
  {
    route: 'PATCH /api/center-settings',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.patch('/api/center-settings', { center_name: 'Edu Center' }),
  },
  {
    route: 'POST /api/center-settings/logo',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) =>
      c.upload('/api/center-settings/logo', { bytes: PNG_1x1, name: 'l.png', type: 'image/png' }),
  },
  {
    route: 'GET /api/themes/active',
    scopes: ['-'],
    allow: { anonymous: ALL, student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.get('/api/themes/active'),
  },
  {
    route: 'GET /api/themes',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.get('/api/themes'),
  },
  {
    route: 'POST /api/themes',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.post('/api/themes', themeBody(`Theme ${randomUUID().slice(0, 8)}`)),
  },
  {
    route: 'PUT /api/themes/:themeId',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c, t) => c.put(`/api/themes/${t.themeId}`, { theme_name: 'Spare' }),
  },
  {
    route: 'DELETE /api/themes/:themeId',
    scopes: ['-'],
    allow: { admin: ALL },
    fresh: async () => ({
      themeId: (await admin.post('/api/themes', themeBody(`Gone ${randomUUID().slice(0, 8)}`))).body
        .theme_id,
    }),
    call: (c, t) => c.delete(`/api/themes/${t.themeId}`),
  },
  {
    route: 'POST /api/themes/:themeId/apply',
    scopes: ['-'],
    allow: { admin: ALL },
    call: async (c, t) => {
      const response = await c.post(`/api/themes/${t.themeId}/apply`);
      if (response.status === 200) {
        const themes = (await admin.get('/api/themes')).body.items as {
          theme_id: string;
          is_default: boolean;
        }[];
        await admin.post(`/api/themes/${themes.find((x) => x.is_default)!.theme_id}/apply`);
      }
      return response;
    },
  },
  // Classes.
  {
    route: 'GET /api/classes',
    scopes: ['-'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.get('/api/classes'),
  },
  {
    route: 'GET /api/classes/teacher-options',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) => c.get('/api/classes/teacher-options'),
  },
  {
    route: 'POST /api/classes',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) =>
      c.post('/api/classes', {
        class_name: `Class ${randomUUID().slice(0, 6)}`,
        description: null,
        teacher_id: people.teacher.user.user_id,
        start_date: '2030-05-01',
        end_date: '2030-08-01',
      }),
  },
  {
    route: 'GET /api/classes/:classId',
    scopes: CLASS_ROUTES,
    allow: { student: ['same'], teacher: ['same'], staff: ALL, admin: ALL },
    call: (c, t) => c.get(`/api/classes/${t.classId}`),
  },
  {
    route: 'PUT /api/classes/:classId',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshClass,
    call: (c, t) =>
      c.put(`/api/classes/${t.classId}`, {
        class_name: 'Renamed class',
        description: null,
        teacher_id: people.teacher.user.user_id,
        start_date: '2030-05-01',
        end_date: '2030-08-01',
      }),
  },
  {
    route: 'DELETE /api/classes/:classId',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshClass,
    call: (c, t) => c.delete(`/api/classes/${t.classId}`),
  },
  {
    route: 'GET /api/classes/:classId/students',
    scopes: CLASS_ROUTES,
    allow: { teacher: ['same'], staff: ALL, admin: ALL },
    call: (c, t) => c.get(`/api/classes/${t.classId}/students`),
    check: (body, who, t) => {
      noSecrets(body);
      if (who === 'teacher') expect(t.classId).toBe(shared.same.classId);
    },
  },
  {
    route: 'GET /api/classes/:classId/student-options',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    call: (c, t) => c.get(`/api/classes/${t.classId}/student-options`),
  },
  {
    route: 'POST /api/classes/:classId/students',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: async (scope) => {
      const made = await freshClass(scope);
      const newcomer = await createAccount(server, admin, 'student');
      return { ...made, studentId: newcomer.user.user_id };
    },
    call: (c, t) => c.post(`/api/classes/${t.classId}/students`, { student_ids: [t.studentId] }),
  },
  {
    route: 'DELETE /api/classes/:classId/students/:studentId',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshClass,
    call: (c, t) => c.delete(`/api/classes/${t.classId}/students/${t.studentId}`),
  },
  // Lessons.
  {
    route: 'GET /api/classes/:classId/schedules',
    scopes: CLASS_ROUTES,
    allow: { student: ['same'], teacher: ['same'], staff: ALL, admin: ALL },
    call: (c, t) => c.get(`/api/classes/${t.classId}/schedules`),
    check: startUrlsOnlyForStaffRoles,
  },
  {
    route: 'POST /api/classes/:classId/schedules',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshClass,
    call: (c, t) =>
      c.post(`/api/classes/${t.classId}/schedules`, {
        topic: 'Extra lesson',
        start_time: '2030-06-01T02:00:00Z',
        end_time: '2030-06-01T03:00:00Z',
      }),
  },
  {
    route: 'GET /api/schedules',
    scopes: ['-'],
    allow: { teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.get('/api/schedules'),
  },
  {
    route: 'PATCH /api/schedules/:scheduleId',
    scopes: CLASS_ROUTES,
    allow: { teacher: ['same'], admin: ALL },
    fresh: freshClass,
    call: (c, t) => c.patch(`/api/schedules/${t.scheduleId}`, { topic: 'New topic' }),
  },
  {
    route: 'DELETE /api/schedules/:scheduleId',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshClass,
    call: (c, t) => c.delete(`/api/schedules/${t.scheduleId}`),
  },
  {
    route: 'POST /api/classes/:classId/schedule-series/preview',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    call: (c, t) => c.post(`/api/classes/${t.classId}/schedule-series/preview`, oneLessonSeries()),
  },
  {
    route: 'POST /api/classes/:classId/schedule-series',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshClass,
    call: (c, t) => c.post(`/api/classes/${t.classId}/schedule-series`, oneLessonSeries()),
  },
  {
    route: 'PATCH /api/schedules/:scheduleId/following',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshSeries,
    call: (c, t) =>
      c.patch(`/api/schedules/${t.scheduleId}/following`, { topic_pattern: 'Bài {n}' }),
  },
  {
    route: 'DELETE /api/schedules/:scheduleId/following',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshSeries,
    call: (c, t) => c.delete(`/api/schedules/${t.scheduleId}/following`),
  },
  // Attendance: the class's teacher, admin and staff; a student their own.
  {
    route: 'GET /api/schedules/:scheduleId/attendance',
    scopes: CLASS_ROUTES,
    allow: { teacher: ['same'], staff: ALL, admin: ALL },
    call: (c, t) => c.get(`/api/schedules/${t.scheduleId}/attendance`),
  },
  {
    route: 'PUT /api/schedules/:scheduleId/attendance/:studentId',
    scopes: CLASS_ROUTES,
    allow: { teacher: ['same'], staff: ALL, admin: ALL },
    call: (c, t) =>
      c.put(`/api/schedules/${t.scheduleId}/attendance/${t.studentId}`, { status: 'present' }),
  },
  {
    route: 'GET /api/classes/:classId/attendance',
    scopes: CLASS_ROUTES,
    allow: { teacher: ['same'], staff: ALL, admin: ALL },
    call: (c, t) => c.get(`/api/classes/${t.classId}/attendance`),
  },
  {
    route: 'GET /api/classes/:classId/attendance/export',
    scopes: CLASS_ROUTES,
    allow: { teacher: ['same'], staff: ALL, admin: ALL },
    call: (c, t) => c.get(`/api/classes/${t.classId}/attendance/export?format=csv`),
  },
  {
    // A student's attendance across their classes: admin and staff (who manage students).
    route: 'GET /api/users/:userId/attendance',
    scopes: ['same', 'other'],
    allow: STAFF_ROLES,
    call: (c, t) => c.get(`/api/users/${t.userId}/attendance`),
  },
  {
    route: 'GET /api/attendance/me',
    scopes: ['-'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.get('/api/attendance/me'),
  },
  {
    route: 'GET /api/dashboard',
    scopes: ['-'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.get('/api/dashboard'),
    check: startUrlsOnlyForStaffRoles,
  },
  // Meetings.
  {
    route: 'POST /api/schedules/:scheduleId/start',
    scopes: CLASS_ROUTES,
    allow: { teacher: ['same'], staff: ALL, admin: ALL },
    fresh: freshClass,
    call: (c, t) => c.post(`/api/schedules/${t.scheduleId}/start`),
  },
  {
    route: 'POST /api/schedules/:scheduleId/join',
    scopes: CLASS_ROUTES,
    allow: { student: ['same'], teacher: ['same'], admin: ALL },
    call: (c, t) => c.post(`/api/schedules/${t.scheduleId}/join`),
    check: noStartUrl,
  },
  {
    route: 'POST /api/schedules/:scheduleId/end',
    scopes: CLASS_ROUTES,
    allow: { teacher: ['same'], admin: ALL },
    fresh: async (scope) => {
      const made = await freshClass(scope);
      const started = await admin.post(`/api/schedules/${made.scheduleId}/start`);
      expect(started.status, started.text).toBe(200);
      return made;
    },
    call: (c, t) => c.post(`/api/schedules/${t.scheduleId}/end`),
  },
  {
    route: 'GET /api/schedules/:scheduleId/zoom-account',
    scopes: CLASS_ROUTES,
    allow: { student: ['same'], teacher: ['same'], staff: ALL, admin: ALL },
    call: (c, t) => c.get(`/api/schedules/${t.scheduleId}/zoom-account`),
  },
  {
    route: 'GET /api/schedules/:scheduleId/meeting-keys',
    variant: 'host: the ZAK',
    scopes: CLASS_ROUTES,
    // Whoever may start the lesson (start_meeting: admin, staff, the class's teacher).
    allow: { teacher: ['same'], staff: ALL, admin: ALL },
    call: (c, t) => c.get(`/api/schedules/${t.scheduleId}/meeting-keys?role=1`),
    check: (body) => expect(body.zak).toMatch(/^zak-/),
  },
  {
    route: 'GET /api/schedules/:scheduleId/meeting-keys',
    variant: 'participant: the customer key',
    scopes: CLASS_ROUTES,
    allow: { student: ['same'], teacher: ['same'], admin: ALL },
    call: (c, t) => c.get(`/api/schedules/${t.scheduleId}/meeting-keys?role=0`),
    check: (body) => expect(body.zak).toBeUndefined(),
  },
  {
    route: 'GET /api/zoom/web-sdk',
    scopes: ['-'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.get('/api/zoom/web-sdk'),
  },
  // Zoom account pool.
  {
    route: 'GET /api/zoom-accounts',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) => c.get('/api/zoom-accounts'),
  },
  {
    route: 'POST /api/zoom-accounts/sync',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.post('/api/zoom-accounts/sync'),
  },
  {
    route: 'POST /api/zoom-accounts',
    scopes: ['-'],
    allow: { admin: ALL },
    fresh: async () => {
      zoom.addUsers(1, `fresh-${randomUUID().slice(0, 6)}`);
      return {};
    },
    call: (c) => {
      const user = zoom.users.at(-1)!;
      return c.post('/api/zoom-accounts', { users: [{ id: user.id, email: user.email }] });
    },
  },
  {
    route: 'DELETE /api/zoom-accounts/:accountId',
    scopes: ['-'],
    allow: { admin: ALL },
    fresh: async () => {
      zoom.addUsers(1, `gone-${randomUUID().slice(0, 6)}`);
      const user = zoom.users.at(-1)!;
      await admin.post('/api/zoom-accounts', { users: [{ id: user.id, email: user.email }] });
      const row = await server.server.ctx.database.db
        .selectFrom('zoom_accounts')
        .select('zoom_account_id')
        .where('zoom_user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      return { accountId: row.zoom_account_id };
    },
    call: (c, t) => c.delete(`/api/zoom-accounts/${t.accountId}`),
  },
  {
    route: 'POST /api/zoom-accounts/:accountId/release',
    scopes: ['-'],
    allow: { admin: ALL },
    fresh: async () => {
      // An account left busy with no lesson on it.
      zoom.addUsers(1, `stuck-${randomUUID().slice(0, 6)}`);
      const user = zoom.users.at(-1)!;
      await admin.post('/api/zoom-accounts', { users: [{ id: user.id, email: user.email }] });
      const { db } = server.server.ctx.database;
      await db
        .updateTable('zoom_accounts')
        .set({ is_busy: true })
        .where('zoom_user_id', '=', user.id)
        .execute();
      const row = await db
        .selectFrom('zoom_accounts')
        .select('zoom_account_id')
        .where('zoom_user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      return { accountId: row.zoom_account_id };
    },
    call: (c, t) => c.post(`/api/zoom-accounts/${t.accountId}/release`),
  },
  {
    route: 'POST /api/zoom/connection-check',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.post('/api/zoom/connection-check'),
  },
  // The realtime channel: an allowed caller gets the stream open.
  {
    route: 'GET /api/events',
    scopes: ['-'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: async (c) => {
      const stream = await openEventStream(server.baseUrl, c.cookie);
      stream.close();
      // A refusal is an ordinary JSON reply; an open stream never ends by itself.
      if (stream.status !== 200) return c.get('/api/events');
      return { status: stream.status, body: null, text: '', headers: new Headers() };
    },
  },
];

/** Routes outside the table, with the reason. */
const NOT_IN_TABLE: Record<string, string> = {
  'POST /api/zoom/webhook':
    "Zoom's, not a user's: authenticated by signature (zoom-webhook.test.ts)",
  'PUT /api/test/clock': 'exists only with TEST_CLOCK=true, never in production (meetings.test.ts)',
};

describe('inventory', () => {
  test('every API route the server registers has a row in the table', () => {
    const registered = server.server.app.registeredRoutes
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`);
    const covered = new Set([...rows.map((r) => r.route), ...Object.keys(NOT_IN_TABLE)]);
    expect(registered.filter((route) => !covered.has(route))).toEqual([]);
    // And the table names no route that does not exist.
    const known = new Set(registered);
    expect(rows.map((r) => r.route).filter((route) => !known.has(route))).toEqual([]);
  });
});

const isAllowed = (row: Row, who: Who, scope: Scope) => {
  const rule = row.allow[who];
  return rule === true || (Array.isArray(rule) && rule.includes(scope));
};

describe.each(
  rows.map((row) => ({ ...row, title: row.variant ? `${row.route} (${row.variant})` : row.route })),
)('$title', (row) => {
  const cells = WHO.flatMap((who) => row.scopes.map((scope) => ({ who, scope })));
  test.each(cells)('$who, $scope', async ({ who, scope }) => {
    expect(EVERY_SCOPE).toContain(scope);
    const target = {
      ...sharedTarget(scope, who),
      ...(row.fresh ? await row.fresh(scope, who) : {}),
    };
    const before = await snapshot(server, TABLES);
    const response = await row.call(clients[who], target, who);
    if (isAllowed(row, who, scope)) {
      expect(response.status, `${who} should be allowed: ${response.text}`).not.toBe(401);
      expect(response.status, `${who} should be allowed: ${response.text}`).not.toBe(403);
      expect(response.status, response.text).toBeLessThan(500);
      if (response.status < 300) row.check?.(response.body, who, target);
    } else {
      expect(response.status, `${who} should be refused: ${response.text}`).toBe(
        who === 'anonymous' ? 401 : 403,
      );
      expect(response.body.code, 'a refusal says why').toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(await snapshot(server, TABLES)).toEqual(before);
    }
  });
});

describe('lists and details agree', () => {
  const allPages = async (client: TestClient, url: string, key: string) => {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const reply = await client.get(`${url}${url.includes('?') ? '&' : '?'}page=${page}`);
      if (reply.status !== 200) return ids;
      ids.push(...reply.body.items.map((item: Record<string, string>) => item[key]));
      if (ids.length >= reply.body.total || reply.body.items.length === 0) return ids;
    }
  };

  test.each(['student', 'teacher', 'staff', 'admin'] as const)(
    'the classes a %s lists are exactly those whose detail they may open',
    async (who) => {
      const listed = await allPages(clients[who], '/api/classes', 'class_id');
      const all = await server.server.ctx.database.db
        .selectFrom('classes')
        .select('class_id')
        .where('is_active', '=', true)
        .execute();
      const openable: string[] = [];
      for (const { class_id } of all) {
        if ((await clients[who].get(`/api/classes/${class_id}`)).status === 200)
          openable.push(class_id);
      }
      expect(listed.sort()).toEqual(openable.sort());
      expect(openable.length).toBeGreaterThan(0);
    },
  );

  test.each(['student', 'teacher', 'staff', 'admin'] as const)(
    'the students a %s lists are exactly the other accounts whose detail they may open',
    async (who) => {
      const listed = await allPages(clients[who], '/api/users?role=student', 'user_id');
      const self =
        who === 'admin' ? null : people[who as 'student' | 'teacher' | 'staff'].user.user_id;
      const students = await server.server.ctx.database.db
        .selectFrom('users')
        .select('user_id')
        .where('role', '=', 'student')
        .where('is_active', '=', true)
        .execute();
      const openable: string[] = [];
      for (const { user_id } of students) {
        if (user_id === self) continue;
        if ((await clients[who].get(`/api/users/${user_id}`)).status === 200)
          openable.push(user_id);
      }
      expect(listed.filter((id) => id !== self).sort()).toEqual(openable.sort());
    },
  );
});

describe('deactivation', () => {
  test('deactivating a user ends their sessions and their realtime stream at once', async () => {
    const victim = await createAccount(server, admin, 'student');
    const stream = await openEventStream(server.baseUrl, victim.client.cookie);
    expect(stream.status).toBe(200);
    expect((await admin.delete(`/api/users/${victim.user.user_id}`)).status).toBe(200);
    await expect(
      Promise.race([
        stream.ended.then(() => 'ended'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 2_000)),
      ]),
    ).resolves.toBe('ended');
    expect((await victim.client.get('/api/auth/session')).status).toBe(401);
    expect((await victim.client.get('/api/dashboard')).status).toBe(401);
  });
});
