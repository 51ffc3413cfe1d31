// A lesson on the class's link (docs/decisions/019-rooms-and-links.md): 'Tham gia' opens the link
// in a new tab for the class's enrolled students, its teacher, admin and staff, and for no one
// else: not another teacher, not a student of another class, not a student removed from the
// class. The address reaches nobody else in any reply either (lists, class details, lessons,
// the dashboard, attendance). And a lesson in a room opens nothing: started and ended by hand.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount } from '../../helpers/factories.ts';
import { enrol, type School, startSchool } from '../../helpers/school.ts';
import type { TestClient } from '../../helpers/test-server.ts';
import { addLesson, createRoom, createVenueClass, MEET } from './venue-school.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: School;
let admin: TestClient;
let classmate: Account;
let otherClassStudent: Account;
let removed: Account;
let classId: string;
let scheduleId: string;

/** Every reply a person reads lessons and classes through. */
const READS = (klass: string) => [
  '/api/classes',
  `/api/classes/${klass}`,
  `/api/classes/${klass}/schedules`,
  '/api/schedules',
  '/api/schedules?status=active',
  '/api/dashboard',
  '/api/attendance/me',
];

beforeAll(async () => {
  school = await startSchool({ clock, env: { EARLY_START_MINUTES: '600' } });
  admin = school.admin;
  [classmate, otherClassStudent, removed] = await Promise.all([
    createAccount(school.server, admin, 'student'),
    createAccount(school.server, admin, 'student'),
    createAccount(school.server, admin, 'student'),
  ]);
  const linkClass = await createVenueClass(admin, school.teacher.user.user_id, {
    default_venue: 'link',
    meeting_link: MEET,
  });
  classId = linkClass.class_id;
  await enrol(admin, classId, [
    school.student.user.user_id,
    classmate.user.user_id,
    removed.user.user_id,
  ]);
  const other = await createVenueClass(
    admin,
    school.otherTeacher.user.user_id,
    {},
    { class_name: 'Khác' },
  );
  await enrol(admin, other.class_id, [otherClassStudent.user.user_id]);
  const lesson = await addLesson(admin, classId, '2030-03-10T02:10:00Z');
  expect(lesson.body).toMatchObject({ venue: 'link', room: null, meeting: null });
  scheduleId = lesson.body.schedule_id;
  // Removed after the lesson was planned: they were in the class, and are not any more.
  expect(
    (await admin.delete(`/api/classes/${classId}/students/${removed.user.user_id}`)).status,
  ).toBe(200);
});
afterAll(() => school.server.close());

describe('a lesson on the class link', () => {
  test('its teacher starts it: the link opens in a new tab', async () => {
    const started = await school.teacher.client.post(`/api/schedules/${scheduleId}/start`);
    expect(started.status, started.text).toBe(200);
    expect(started.body).toEqual({
      provider: 'link',
      scheduleId,
      open: 'link',
      launch: { url: MEET },
    });
  });

  test("'Tham gia' opens it for the enrolled students, the teacher and admin; staff reopen it as starters", async () => {
    for (const client of [school.student.client, classmate.client, school.teacher.client, admin]) {
      const joined = await client.post(`/api/schedules/${scheduleId}/join`);
      expect(joined.status, joined.text).toBe(200);
      expect(joined.body).toMatchObject({ open: 'link', launch: { url: MEET } });
    }
    const staff = await school.staff.client.post(`/api/schedules/${scheduleId}/start`);
    expect(staff.body).toMatchObject({ open: 'link', launch: { url: MEET } });
  });

  test.each([
    ['another teacher', () => school.otherTeacher.client],
    ['a student of another class', () => otherClassStudent.client],
    ['a student removed from the class', () => removed.client],
    ['a student in no class', () => school.outsider.client],
  ])('%s cannot open it, and no reply of theirs carries the address', async (_who, client) => {
    for (const action of ['join', 'start']) {
      const refused = await client().post(`/api/schedules/${scheduleId}/${action}`);
      expect(refused.status).toBe(403);
      expect(refused.text).not.toContain('meet.google.com');
    }
    for (const url of READS(classId)) {
      const reply = await client().get(url);
      expect(reply.status, url).toBeLessThan(500);
      expect(reply.text, url).not.toContain('meet.google.com');
    }
  });

  test("the class's own people read the link where their role shows it, and only there", async () => {
    const { teacher, staff, student } = school;
    for (const client of [admin, staff.client, teacher.client]) {
      const klass = await client.get(`/api/classes/${classId}`);
      expect(klass.body).toMatchObject({ default_venue: 'link', meeting_link: MEET });
    }
    // A student opens it with 'Tham gia' while a lesson runs; their class page does not carry it.
    const forStudent = await student.client.get(`/api/classes/${classId}`);
    expect(forStudent.body).toMatchObject({ default_venue: 'link', meeting_link: null });
    const list = await student.client.get('/api/classes');
    expect(list.text).not.toContain('meet.google.com');
  });
});

describe('a lesson in a room', () => {
  test('staff start it (nothing opens), the students see it running, and staff end it', async () => {
    const { staff, student, teacher } = school;
    const room = await createRoom(admin, 'P.601');
    const lesson = await addLesson(admin, classId, '2030-03-10T03:20:00Z', {
      venue: 'room',
      room_id: room.room_id,
    });
    const id = lesson.body.schedule_id;
    const started = await staff.client.post(`/api/schedules/${id}/start`);
    expect(started.body).toEqual({
      provider: 'room',
      scheduleId: id,
      open: 'none',
      launch: { room: 'P.601' },
    });
    const joined = await student.client.post(`/api/schedules/${id}/join`);
    expect(joined.body).toMatchObject({ open: 'none', launch: { room: 'P.601' } });
    const seen = await teacher.client.get(`/api/classes/${classId}/schedules`);
    const row = seen.body.items.find((l: { schedule_id: string }) => l.schedule_id === id);
    expect(row).toMatchObject({ status: 'active', venue: 'room', room: { name: 'P.601' } });
    // Nothing to close on a provider: whoever may start it may end it.
    const ended = await staff.client.post(`/api/schedules/${id}/end`);
    expect(ended.status, ended.text).toBe(200);
    expect((await student.client.post(`/api/schedules/${id}/join`)).body.code).toBe(
      'MEETING_CANNOT_JOIN',
    );
  });

  test('a student cannot end it, and another teacher cannot start it', async () => {
    const room = await createRoom(admin, 'P.602');
    const lesson = await addLesson(admin, classId, '2030-03-10T04:40:00Z', {
      venue: 'room',
      room_id: room.room_id,
    });
    const id = lesson.body.schedule_id;
    const stranger = await school.otherTeacher.client.post(`/api/schedules/${id}/start`);
    expect(stranger.body.code).toBe('MEETING_START_FORBIDDEN');
    expect((await school.teacher.client.post(`/api/schedules/${id}/start`)).status).toBe(200);
    const student = await school.student.client.post(`/api/schedules/${id}/end`);
    expect(student.status).toBe(403);
    expect(student.body.code).toBe('LESSON_END_FORBIDDEN');
    expect((await school.teacher.client.post(`/api/schedules/${id}/end`)).status).toBe(200);
  });
});
