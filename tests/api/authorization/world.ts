// The authorization matrix's world (product.md §6): the people, their sessions and the classes the
// table's cells act on, and what a row of the table is. The runner (matrix.test.ts) sets it up once
// before its cells run; the rows (*-rows.ts) read it when a cell calls them, so the bindings below
// are filled in by then.

import { expect } from 'vitest';
import type { ZoomEmulator } from '../../fakes/zoom-emulator.ts';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount, themeBody } from '../../helpers/factories.ts';
import { createClass, createLesson, enrol } from '../../helpers/school.ts';
import type { TestClient, TestResponse, TestServer } from '../../helpers/test-server.ts';
import { startZoomSchool, type ZoomServer } from '../../helpers/zoom-school.ts';

export type Who = 'anonymous' | 'student' | 'teacher' | 'staff' | 'admin' | 'parent';
/**
 * own: the caller's own record; same: in the caller's class (a parent's: their child's class);
 * other: in another class; '-': no record.
 */
export type Scope = 'own' | 'same' | 'other' | '-';
export const WHO: Who[] = ['anonymous', 'student', 'teacher', 'staff', 'admin', 'parent'];
export const EVERY_SCOPE: Scope[] = ['own', 'same', 'other', '-'];

/** Ids a cell works on, chosen by its scope. */
export interface Target {
  userId: string;
  classId: string;
  scheduleId: string;
  /** A student of the target class (for enrol/unenrol). */
  studentId: string;
  themeId: string;
  accountId: string;
  /** One of the center's rooms (rows that write make their own). */
  roomId: string;
}

export interface Row {
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
export let zoom: ZoomEmulator;
export let server: TestServer;
export let admin: TestClient;
export const clients = {} as Record<Who, TestClient>;
export const people = {} as Record<
  | 'student'
  | 'classmate'
  | 'otherStudent'
  | 'teacher'
  | 'otherTeacher'
  | 'staff'
  | 'otherStaff'
  | 'parent'
  | 'otherParent',
  Account
>;
export const shared = {} as Record<'same' | 'other', { classId: string; scheduleId: string }>;
export let spareThemeId: string;
export let spareRoomId: string;

/** Starts the server and the cast, two classes with a running lesson each, and a spare theme. */
export async function setUpWorld() {
  // Lessons here start hours to days after the clock: a start window as wide as they are, as the
  // matrix is about who may act, not when (meetings.test.ts checks the window).
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
  // Issue 29: a parent of the student (whose class is 'same'), and a parent of the other class's
  // student (docs/decisions/036-parents.md).
  people.parent = await createAccount(server, admin, 'parent');
  people.otherParent = await createAccount(server, admin, 'parent');
  clients.parent = people.parent.client;
  for (const [parent, child] of [
    [people.parent, people.student],
    [people.otherParent, people.otherStudent],
  ] as const) {
    const linked = await admin.put(
      `/api/students/${child.user.user_id}/parents/${parent.user.user_id}`,
      {},
    );
    expect(linked.status, linked.text).toBe(200);
  }

  shared.same = await classWithLesson('same');
  shared.other = await classWithLesson('other');
  for (const scope of ['same', 'other'] as const) {
    const started = await admin.post(`/api/schedules/${shared[scope].scheduleId}/start`);
    expect(started.status, started.text).toBe(200);
  }
  const theme = await admin.post('/api/themes', themeBody('Spare'));
  spareThemeId = theme.body.theme_id;
  const room = await admin.post('/api/rooms', { name: 'Spare room' });
  spareRoomId = room.body.room_id;
}
export const closeWorld = () => school.close();

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

export function sharedTarget(scope: Scope, who: Who): Target {
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
    roomId: spareRoomId,
  };
}

/** A class and lesson for a writing cell (same: the caller's; other: someone else's). */
export const freshClass = async (scope: Scope) => {
  const made = await classWithLesson(scope === 'other' ? 'other' : 'same');
  return {
    ...made,
    studentId: scope === 'other' ? people.otherStudent.user.user_id : people.classmate.user.user_id,
  };
};

let seriesCount = 0;
/** A fresh class (as freshClass) whose target lesson starts a series of two. */
export const freshSeries = async (scope: Scope) => {
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
export const oneLessonSeries = () => ({
  topic_pattern: 'Unit {n}',
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  start_time: '23:00',
  first_date: `2030-06-${String(10 + (oneLessonCount++ % 20)).padStart(2, '0')}`,
  count: 1,
});

export const noStartUrl = (body: unknown) =>
  expect(JSON.stringify(body)).not.toMatch(/zoom_start_url"?:\s*"|\/s\//);
export const startUrlsOnlyForStaffRoles = (body: unknown, who: Who) => {
  if (who === 'student' || who === 'parent') noStartUrl(body);
  // A parent follows a child's lessons but joins none (docs/decisions/036-parents.md).
  if (who === 'parent') expect(JSON.stringify(body)).not.toMatch(/join_url/);
};
export const noSecrets = (body: unknown) =>
  expect(JSON.stringify(body)).not.toMatch(/password_hash|\$argon2|token_hash/);

export const CLASS_ROUTES: Scope[] = ['same', 'other'];
export const ALL = true as const;
export const STAFF_ROLES: Partial<Record<Who, true | Scope[]>> = { staff: ALL, admin: ALL };
