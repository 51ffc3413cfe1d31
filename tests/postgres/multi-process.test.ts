// Two server instances on one PostgreSQL database, as a larger center would run them.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { openEventStream } from '../helpers/event-stream.ts';
import { createAccount } from '../helpers/factories.ts';
import { createClass, createLesson, enrol } from '../helpers/school.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let database: TestDatabase;
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  first = await startTestServer({ database });
  second = await startTestServer({ database });
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.drop();
});

test('a change saved through one server reaches event streams of the other', async () => {
  const student = await createAccount(second, await second.admin(), 'student');
  const stream = await openEventStream(second.baseUrl, student.client.cookie);
  await stream.next('ready');
  const admin = await first.admin();
  await admin.patch('/api/center-settings', { center_name: 'Two Servers' });
  const event = await stream.next('center-settings.updated');
  expect((event.data as { center_name: string }).center_name).toBe('Two Servers');
  stream.close();
});

test("a lesson changed through one server reaches its student's stream on the other, and no one else's", async () => {
  const admin = await first.admin();
  const teacher = await createAccount(first, admin, 'teacher');
  const [student, outsider] = await Promise.all([
    createAccount(first, admin, 'student'),
    createAccount(first, admin, 'student'),
  ]);
  const { class_id: classId } = await createClass(admin, teacher.user.user_id);
  await enrol(admin, classId, [student.user.user_id]);
  const theirs = await openEventStream(second.baseUrl, student.client.cookie);
  const notTheirs = await openEventStream(second.baseUrl, outsider.client.cookie);
  await theirs.next('ready');
  await notTheirs.next('ready');
  await createLesson(admin, classId, '2030-04-02T02:00:00Z');
  expect((await theirs.next('schedules.changed')).data).toMatchObject({ class_id: classId });
  // Events arrive in order: once the next center-wide one is there, the lesson's would have been.
  await admin.patch('/api/center-settings', { center_name: 'After the lesson' });
  await notTheirs.next('center-settings.updated');
  await expect(notTheirs.next('schedules.changed', 100)).rejects.toThrow();
  theirs.close();
  notTheirs.close();
});

test('both servers share one first admin and one set of sessions', async () => {
  const admin = await first.admin();
  const session = await second.client();
  session.cookie = admin.cookie;
  expect((await session.get('/api/auth/session')).body.user.role).toBe('admin');
  const admins = await first.server.ctx.database.db
    .selectFrom('users')
    .select('user_id')
    .where('role', '=', 'admin')
    .execute();
  expect(admins).toHaveLength(1);
});

test('signing out through one server ends the session on the other within its kept second', async () => {
  const admin = await first.admin();
  const onSecond = second.client();
  onSecond.cookie = admin.cookie;
  // Kept by the second server (session-lookup.ts) just before the sign-out on the first.
  expect((await onSecond.get('/api/auth/session')).status).toBe(200);
  expect((await admin.post('/api/auth/logout')).status).toBe(200);
  const signedOutAt = Date.now();
  let answer = 200;
  while (answer === 200 && Date.now() - signedOutAt < 1_000) {
    answer = (await onSecond.get('/api/auth/session')).status;
  }
  // The announcement normally arrives in milliseconds; the kept second is the bound without it.
  expect(answer).toBe(401);
  expect(Date.now() - signedOutAt).toBeLessThan(1_000);
});
