// The school the hand-attendance files share (docs/decisions/021): a class of Cô Mai with four
// students, its lesson 'Bài 1' at 09:00 on 1 April 2030 that nobody starts on Zoom (as a lesson in a
// room), 'Bài 2' a day later held on Zoom, and 'Bài 3' a week later; a teacher of another class,
// two staff. Each file that imports it gets its own server and clock.
import { afterAll, beforeAll, expect } from 'vitest';
import type { AttendanceStatusDto } from '#common/attendance.ts';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount } from '../../helpers/factories.ts';
import { createClass, createLesson, enrol } from '../../helpers/school.ts';
import type { TestClient, TestServer } from '../../helpers/test-server.ts';
import { startZoomSchool, type ZoomServer } from '../../helpers/zoom-school.ts';
import { deliverWebhook } from '../../helpers/zoom-webhook.ts';

export const clock = new TestClock(Date.parse('2030-04-01T01:00:00Z'));
/** Moves the clock forward to an instant. */
export const at = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());

let school: ZoomServer;
export let server: TestServer,
  admin: TestClient,
  teacher: Account,
  otherTeacher: Account,
  staff: Account,
  otherStaff: Account,
  an: Account,
  binh: Account,
  chi: Account,
  dung: Account,
  classId: string,
  /** 1 April 09:00–10:00 (02:00 UTC), never started on Zoom. */
  roomLesson: string,
  /** 2 April 09:00–10:00, held on Zoom when a file holds it (holdOnZoom). */
  zoomLesson: string,
  /** 9 April 09:00–10:00. */
  laterLesson: string;

async function setUp() {
  school = await startZoomSchool({ cast: false, clock, jobs: false });
  ({ server, admin } = school);
  teacher = await createAccount(server, admin, 'teacher', { full_name: 'Cô Mai' });
  otherTeacher = await createAccount(server, admin, 'teacher', { full_name: 'Thầy Khác' });
  staff = await createAccount(server, admin, 'staff', { full_name: 'Chị Hà' });
  otherStaff = await createAccount(server, admin, 'staff', { full_name: 'Anh Tú' });
  [an, binh, chi, dung] = (await Promise.all(
    ['An', 'Bình', 'Chi', 'Dũng'].map((full_name) =>
      createAccount(server, admin, 'student', { full_name }),
    ),
  )) as [Account, Account, Account, Account];
  classId = (await createClass(admin, teacher.user.user_id, { class_name: 'Phòng A1' })).class_id;
  await enrol(
    admin,
    classId,
    [an, binh, chi, dung].map((s) => s.user.user_id),
  );
  roomLesson = (await createLesson(admin, classId, '2030-04-01T02:00:00Z', 60, 'Bài 1'))
    .schedule_id;
  zoomLesson = (await createLesson(admin, classId, '2030-04-02T02:00:00Z', 60, 'Bài 2'))
    .schedule_id;
  laterLesson = (await createLesson(admin, classId, '2030-04-09T02:00:00Z', 60, 'Bài 3'))
    .schedule_id;
}
beforeAll(setUp);
afterAll(() => school.close());

export const mark = (
  client: TestClient,
  lessonId: string,
  student: Account,
  status: AttendanceStatusDto | null,
) => client.put(`/api/schedules/${lessonId}/attendance/${student.user.user_id}`, { status });

export const allPresent = (client: TestClient, lessonId: string) =>
  client.post(`/api/schedules/${lessonId}/attendance/all-present`);

/** A lesson's students as [name, status, by hand, marked by, reported]. */
export async function marksOf(lessonId: string, client: TestClient = teacher.client) {
  const reply = await client.get(`/api/schedules/${lessonId}/attendance`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body.students.map((s: Record<string, unknown>) => [
    s.full_name,
    s.status,
    s.by_hand,
    s.marked_by,
    s.reported_status,
  ]);
}

/**
 * Holds the Zoom lesson from 08:55 to 10:00 on 2 April: each of `present` in its meeting from
 * 09:00 to the end; the others never come.
 */
export async function holdOnZoom(present: Account[]) {
  at('2030-04-02T01:55:00Z');
  const started = await teacher.client.post(`/api/schedules/${zoomLesson}/start`);
  expect(started.status, started.text).toBe(200);
  const id = started.body.launch.meetingNumber;
  for (const student of present) {
    const participant = {
      customer_key: student.user.user_id,
      participant_uuid: `${zoomLesson}-${student.user.user_id}`,
      user_id: student.user.user_id,
      join_time: '2030-04-02T02:00:00Z',
      leave_time: '2030-04-02T03:00:00Z',
    };
    for (const event of ['meeting.participant_joined', 'meeting.participant_left']) {
      const body = { event, payload: { object: { id, participant } } };
      expect((await deliverWebhook(server, clock, body)).status).toBe(200);
    }
  }
  at('2030-04-02T03:00:00Z');
  const ended = await teacher.client.post(`/api/schedules/${zoomLesson}/end`);
  expect(ended.status, ended.text).toBe(200);
}
