// Attendance that is fair (product.md, Deviations): a student enrolled after a lesson was held is not
// absent from it and their rate does not drop; a student removed from the class keeps their
// history in the grid and the exports, marked as left, and the lessons after they left count
// nothing; a lesson ended early is judged on the time it really ran; a student's attendance
// across their classes, for them and for admin and staff.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../helpers/clock.ts';
import { type Account, createAccount } from '../helpers/factories.ts';
import { createClass, createLesson, enrol } from '../helpers/school.ts';
import type { TestClient, TestServer } from '../helpers/test-server.ts';
import { startZoomSchool, type ZoomServer } from '../helpers/zoom-school.ts';
import { deliverWebhook } from '../helpers/zoom-webhook.ts';

const clock = new TestClock(Date.parse('2030-04-01T01:00:00Z'));
const at = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());
let school: ZoomServer;
let server: TestServer;
let admin: TestClient;
let teacher: Account;
let staff: Account;
let an: Account;
let binh: Account;
let chi: Account;
let dung: Account;
let classId: string;
let otherClassId: string;
let first: string;
let second: string;

/** Starts a lesson, delivers the students' stays in its meeting, ends it at `end`. */
async function hold(
  lessonId: string,
  startAt: string,
  stays: [Account, string, string][],
  end: string,
) {
  at(startAt);
  const started = await teacher.client.post(`/api/schedules/${lessonId}/start`);
  expect(started.status, started.text).toBe(200);
  const id = started.body.launch.meetingNumber;
  for (const [student, join, leave] of stays) {
    const participant = {
      customer_key: student.user.user_id,
      participant_uuid: `${lessonId}-${student.user.user_id}`,
      user_id: student.user.user_id,
      join_time: join,
      leave_time: leave,
    };
    for (const event of ['meeting.participant_joined', 'meeting.participant_left']) {
      const body = { event, payload: { object: { id, participant } } };
      expect((await deliverWebhook(server, clock, body)).status).toBe(200);
    }
  }
  at(end);
  const ended = await teacher.client.post(`/api/schedules/${lessonId}/end`);
  expect(ended.status, ended.text).toBe(200);
}

beforeAll(async () => {
  school = await startZoomSchool({ cast: false, clock, jobs: false });
  ({ server, admin } = school);
  teacher = await createAccount(server, admin, 'teacher', { full_name: 'Cô Hoa' });
  staff = await createAccount(server, admin, 'staff');
  const made = await Promise.all(
    ['An', 'Bình', 'Chi', 'Dũng'].map((full_name) =>
      createAccount(server, admin, 'student', { full_name }),
    ),
  );
  [an, binh, chi, dung] = made as [Account, Account, Account, Account];
  classId = (await createClass(admin, teacher.user.user_id, { class_name: 'Giao tiếp A' }))
    .class_id;
  await enrol(
    admin,
    classId,
    [an, binh, dung].map((s) => s.user.user_id),
  );
  first = (await createLesson(admin, classId, '2030-04-01T02:00:00Z', 60, 'Bài 1')).schedule_id;
  second = (await createLesson(admin, classId, '2030-04-08T02:00:00Z', 60, 'Bài 2')).schedule_id;

  // Bài 1: the teacher ends it after 35 minutes. An stays 25 of them, Dũng all; Bình never comes.
  await hold(
    first,
    '2030-04-01T01:55:00Z',
    [
      [an, '2030-04-01T02:00:00Z', '2030-04-01T02:25:00Z'],
      [dung, '2030-04-01T02:00:00Z', '2030-04-01T02:35:00Z'],
    ],
    '2030-04-01T02:35:00Z',
  );
  // The next day Chi joins the class and Dũng leaves it.
  at('2030-04-02T03:00:00Z');
  await enrol(admin, classId, [chi.user.user_id]);
  const removed = await staff.client.delete(
    `/api/classes/${classId}/students/${dung.user.user_id}`,
  );
  expect(removed.status, removed.text).toBe(200);
  // Bài 2, held in full: only Chi comes.
  await hold(
    second,
    '2030-04-08T01:55:00Z',
    [[chi, '2030-04-08T02:00:00Z', '2030-04-08T03:00:00Z']],
    '2030-04-08T03:05:00Z',
  );
});
afterAll(() => school.close());

describe('a lesson ended early', () => {
  test('is judged on the 35 minutes it ran: 25 of them is present, not absent', async () => {
    const reply = await teacher.client.get(`/api/schedules/${first}/attendance`);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.ended_early_at).toBe('2030-04-01T02:35:00.000Z');
    const rows = reply.body.students.map((s: Record<string, unknown>) => [
      s.full_name,
      s.minutes,
      s.reported_status,
      s.left_at !== null,
    ]);
    // Chi, enrolled the day after, is not in this lesson; Dũng, who left since, is, marked.
    expect(rows).toEqual([
      ['An', 25, 'present', false],
      ['Bình', 0, 'absent', false],
      ['Dũng', 35, 'present', true],
    ]);
  });

  test('a lesson held to its end has no early end', async () => {
    const reply = await teacher.client.get(`/api/schedules/${second}/attendance`);
    expect(reply.body.ended_early_at).toBeNull();
    expect(reply.body.students.map((s: { full_name: string }) => s.full_name)).toEqual([
      'An',
      'Bình',
      'Chi',
    ]);
  });
});

describe('the class grid and its exports', () => {
  test('late enrolment counts nothing before it; who left stays, marked, counting nothing after', async () => {
    const grid = (await staff.client.get(`/api/classes/${classId}/attendance`)).body;
    expect(
      grid.students.map((s: Record<string, unknown>) => [
        s.full_name,
        s.left_at === null ? 'in the class' : 'left',
        s.enrolled,
        s.statuses,
        s.rate,
      ]),
    ).toEqual([
      ['An', 'in the class', [true, true], ['present', 'absent'], 0.5],
      ['Bình', 'in the class', [true, true], ['absent', 'absent'], 0],
      ['Chi', 'in the class', [false, true], [null, 'present'], 1],
      ['Dũng', 'left', [true, false], ['present', null], 1],
    ]);
    expect(grid.students[3].left_at).toBe('2030-04-02T03:00:00.000Z');
  });

  test('the CSV marks who left and the lessons a student was not in the class for', async () => {
    const csv = await staff.client.get(`/api/classes/${classId}/attendance/export?format=csv`);
    expect(csv.status).toBe(200);
    const rows: string[][] = parse(csv.text.replace(/^\uFEFF/, ''));
    expect(rows.slice(1)).toEqual([
      ['An', 'Có mặt', 'Vắng', '50%'],
      ['Bình', 'Vắng', 'Vắng', '0%'],
      ['Chi', '–', 'Có mặt', '100%'],
      ['Dũng (Đã rời lớp)', 'Có mặt', '–', '100%'],
    ]);
  });

  test('a status is corrected for one who left, never for a lesson before one enrolled', async () => {
    const before = await teacher.client.put(
      `/api/schedules/${first}/attendance/${chi.user.user_id}`,
      { status: 'present' },
    );
    expect(before.status).toBe(404);
    expect(before.body.code).toBe('ATTENDANCE_NOT_ENROLLED');
    const left = await teacher.client.put(
      `/api/schedules/${first}/attendance/${dung.user.user_id}`,
      { status: 'late' },
    );
    expect(left.status, left.text).toBe(200);
    const grid = (await staff.client.get(`/api/classes/${classId}/attendance`)).body;
    expect(grid.students[3].statuses).toEqual(['late', null]);
  });

  test('enrolling again after leaving: both stays count, the time between does not', async () => {
    const other = await createClass(admin, teacher.user.user_id, { class_name: 'Zero' });
    await enrol(admin, other.class_id, [binh.user.user_id]);
    await admin.delete(`/api/classes/${other.class_id}/students/${binh.user.user_id}`);
    // Left before any lesson was held: not in that class's grid at all.
    const grid = (await admin.get(`/api/classes/${other.class_id}/attendance`)).body;
    expect(grid.students).toEqual([]);
    await enrol(admin, other.class_id, [binh.user.user_id]);
    const again = (await admin.get(`/api/classes/${other.class_id}/attendance`)).body;
    expect(again.students.map((s: { left_at: unknown }) => s.left_at)).toEqual([null]);
    await admin.delete(`/api/classes/${other.class_id}`);
  });
});

describe("a student's attendance across their classes", () => {
  beforeAll(async () => {
    // Bình is in a second class too, where she came to its one lesson (marked by hand).
    at('2030-04-09T01:00:00Z');
    otherClassId = (await createClass(admin, teacher.user.user_id, { class_name: 'Anh văn B' }))
      .class_id;
    await enrol(admin, otherClassId, [binh.user.user_id]);
    const lesson = (await createLesson(admin, otherClassId, '2030-04-10T02:00:00Z', 60, 'B1'))
      .schedule_id;
    await hold(lesson, '2030-04-10T01:55:00Z', [], '2030-04-10T03:05:00Z');
    const marked = await teacher.client.put(
      `/api/schedules/${lesson}/attendance/${binh.user.user_id}`,
      { status: 'present' },
    );
    expect(marked.status, marked.text).toBe(200);
    // Days have passed on the test clock: the students sign in again.
    for (const student of [an, binh, chi, dung]) {
      await student.client.login(student.email, student.password);
    }
  });

  test('the student sees every class, the lessons they were in it for, and one overall rate', async () => {
    const mine = (await binh.client.get('/api/attendance/me')).body;
    expect(
      mine.classes.map((c: { class_name: string; rate: number; lessons: unknown[] }) => [
        c.class_name,
        c.lessons.length,
        c.rate,
      ]),
    ).toEqual([
      ['Anh văn B', 1, 1],
      ['Giao tiếp A', 2, 0],
    ]);
    expect(mine.rate).toBeCloseTo(1 / 3);
    // Chi's rate is not lowered by the lesson before she enrolled.
    const chis = (await chi.client.get('/api/attendance/me')).body;
    expect(chis.classes[0].lessons.map((l: { topic: string }) => l.topic)).toEqual(['Bài 2']);
    expect(chis.rate).toBe(1);
  });

  test('a student who left a class still sees it, marked as left, with the lessons before', async () => {
    const mine = (await dung.client.get('/api/attendance/me')).body;
    expect(mine.classes).toEqual([
      expect.objectContaining({
        class_name: 'Giao tiếp A',
        left_at: '2030-04-02T03:00:00.000Z',
        rate: 1,
        lessons: [expect.objectContaining({ topic: 'Bài 1', status: 'late' })],
      }),
    ]);
  });

  test('admin and staff open it from the student: the same as the student sees', async () => {
    const own = (await binh.client.get('/api/attendance/me')).body;
    for (const manager of [admin, staff.client]) {
      const reply = await manager.get(`/api/users/${binh.user.user_id}/attendance`);
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body).toEqual(own);
    }
  });

  test('nobody else may, and only a student has one', async () => {
    const url = `/api/users/${binh.user.user_id}/attendance`;
    expect((await teacher.client.get(url)).status).toBe(403);
    expect((await an.client.get(url)).status).toBe(403);
    expect((await binh.client.get(url)).status).toBe(403);
    expect((await server.client().get(url)).status).toBe(401);
    const notStudent = await admin.get(`/api/users/${teacher.user.user_id}/attendance`);
    expect(notStudent.status).toBe(404);
    expect(notStudent.body.code).toBe('NOT_FOUND');
    expect(
      (await admin.get('/api/users/00000000-0000-4000-8000-000000000000/attendance')).status,
    ).toBe(404);
  });
});
