// Idempotency-Key on the creates a client may retry (lessons, enrolments): a repeat with the same
// key answers with the first result and creates nothing more.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TestClock } from '../helpers/clock.ts';
import { type Account, createAccount, snapshot } from '../helpers/factories.ts';
import { createClass, startSchool } from '../helpers/school.ts';
import type { TestClient, TestServer } from '../helpers/test-server.ts';

const clock = new TestClock(Date.parse('2030-05-06T02:00:00Z'));
let server: TestServer;
let admin: TestClient;
let staff: Account;
let teacher: Account;
let classId: string;

beforeAll(async () => {
  ({ server, admin, staff, teacher, classId } = await startSchool({ clock }));
});
afterAll(() => server.close());

const lesson = (hour: number) => ({
  topic: 'Retry-safe lesson',
  start_time: `2030-05-10T${String(hour).padStart(2, '0')}:00:00Z`,
  end_time: `2030-05-10T${String(hour).padStart(2, '0')}:45:00Z`,
});
const withKey = (client: TestClient, url: string, body: unknown, key: string) =>
  client.request('POST', url, { json: body }, { 'idempotency-key': key });

test('a lesson sent twice with one key is created once; the repeat gets the same lesson', async () => {
  const url = `/api/classes/${classId}/schedules`;
  const first = await withKey(admin, url, lesson(1), 'lesson-key-0001');
  expect(first.status, first.text).toBe(201);
  const before = await snapshot(server, ['schedules', 'idempotency_keys']);
  const again = await withKey(admin, url, lesson(1), 'lesson-key-0001');
  expect(again.status).toBe(201);
  expect(again.body.schedule_id).toBe(first.body.schedule_id);
  expect(await snapshot(server, ['schedules', 'idempotency_keys'])).toEqual(before);
  // Without the key, the same lesson is a second lesson, and the overlap rule refuses it.
  expect((await admin.post(url, lesson(1))).status).toBe(409);
  // Another user's key of the same text is theirs alone.
  const staffs = await withKey(staff.client, url, lesson(3), 'lesson-key-0001');
  expect(staffs.status).toBe(201);
  expect(staffs.body.schedule_id).not.toBe(first.body.schedule_id);
});

test('two copies of one request at the same moment still make one lesson', async () => {
  const url = `/api/classes/${classId}/schedules`;
  const replies = await Promise.all(
    Array.from({ length: 5 }, () => withKey(admin, url, lesson(5), 'lesson-key-race')),
  );
  const ids = new Set(replies.map((r) => r.body.schedule_id));
  expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
  expect(ids.size).toBe(1);
});

test('an enrolment sent twice with one key enrols once and answers the same both times', async () => {
  const student = await createAccount(server, admin, 'student');
  const url = `/api/classes/${classId}/students`;
  const body = { student_ids: [student.user.user_id] };
  const first = await withKey(admin, url, body, 'enrol-key-0001');
  expect(first.status, first.text).toBe(200);
  const before = await snapshot(server, ['class_students']);
  const again = await withKey(admin, url, body, 'enrol-key-0001');
  expect(again.status).toBe(200);
  expect(again.body).toEqual(first.body);
  expect(await snapshot(server, ['class_students'])).toEqual(before);
  expect((await admin.post(url, body)).status).toBe(409);
});

test('a key is checked, and one key cannot name two different creates', async () => {
  const before = await snapshot(server, ['schedules', 'class_students', 'idempotency_keys']);
  for (const bad of ['short', 'has space inside', 'x'.repeat(129), 'clé-non-ascii-key']) {
    const reply = await withKey(admin, `/api/classes/${classId}/schedules`, lesson(7), bad);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('IDEMPOTENCY_KEY_INVALID');
  }
  const other = (await createClass(admin, teacher.user.user_id, { class_name: 'Other' })).class_id;
  const reused = await withKey(
    admin,
    `/api/classes/${other}/schedules`,
    lesson(9),
    'lesson-key-0001',
  );
  expect(reused.status).toBe(422);
  expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  expect(await snapshot(server, ['schedules', 'class_students', 'idempotency_keys'])).toEqual(
    before,
  );
});
