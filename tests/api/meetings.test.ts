import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TestClock } from '../helpers/clock.ts';
import type { Account } from '../helpers/factories.ts';
import { createLesson, startSchool } from '../helpers/school.ts';
import { startTestServer, type TestClient, type TestServer } from '../helpers/test-server.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let server: TestServer;
let admin: TestClient;
let teacher: Account;
let otherTeacher: Account;
let student: Account;
let classId: string;

beforeAll(async () => {
  ({ server, admin, teacher, otherTeacher, student, classId } = await startSchool({ clock }));
});
afterAll(() => server.close());

test('only the teacher, admin and staff may start a lesson', async () => {
  const lesson = await createLesson(admin, classId, '2030-03-11T02:00:00Z');
  const refused = await student.client.post(`/api/schedules/${lesson.schedule_id}/start`);
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe('MEETING_START_FORBIDDEN');
  const stranger = await otherTeacher.client.post(`/api/schedules/${lesson.schedule_id}/start`);
  expect(stranger.status).toBe(403);
  expect(stranger.body.code).toBe('MEETING_START_FORBIDDEN');
  const missing = await teacher.client.post(`/api/schedules/${randomUUID()}/start`);
  expect(missing.status).toBe(404);
  expect(missing.body.code).toBe('MEETING_DATA_MISSING');
});

test('with Zoom not connected, a start says so (not "try again later") and changes nothing', async () => {
  const lesson = await createLesson(admin, classId, '2030-03-10T02:20:00Z');
  const response = await teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`);
  expect(response.status).toBe(409);
  expect(response.body.code).toBe('ZOOM_NOT_CONNECTED');
  const after = await teacher.client.get(`/api/classes/${classId}/schedules`);
  expect(
    after.body.items.find((s: { schedule_id: string }) => s.schedule_id === lesson.schedule_id)
      .status,
  ).toBe('pending');
});

test('a lesson past its end cannot be started', async () => {
  const lesson = await createLesson(admin, classId, '2030-03-13T02:00:00Z');
  clock.advance(4 * 86_400_000);
  const response = await teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`);
  expect(response.status).toBe(409);
  expect(response.body.code).toBe('MEETING_TOO_LATE');
  clock.advance(-4 * 86_400_000);
});

test('students join only an active lesson that has a meeting', async () => {
  const lesson = await createLesson(admin, classId, '2030-03-14T02:00:00Z');
  const pending = await student.client.post(`/api/schedules/${lesson.schedule_id}/join`);
  expect(pending.status).toBe(409);
  expect(pending.body.code).toBe('MEETING_CANNOT_JOIN');
  await server.server.ctx.database.db
    .updateTable('schedules')
    .set({ status: 'active' })
    .where('schedule_id', '=', lesson.schedule_id)
    .execute();
  const noMeeting = await student.client.post(`/api/schedules/${lesson.schedule_id}/join`);
  expect(noMeeting.status).toBe(409);
  expect(noMeeting.body.code).toBe('MEETING_NOT_STARTED');
});

test('the test clock route exists only when TEST_CLOCK=true', async () => {
  expect((await admin.put('/api/test/clock', { now: null })).status).toBe(404);
  const testing = await startTestServer({ env: { TEST_CLOCK: 'true' } });
  try {
    const response = await testing.client().put('/api/test/clock', { now: '2031-01-01T00:00:00Z' });
    expect(response.status).toBe(200);
    expect(response.body.now.slice(0, 16)).toBe('2031-01-01T00:00');
  } finally {
    await testing.close();
  }
});
