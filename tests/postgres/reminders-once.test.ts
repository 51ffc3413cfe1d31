// Two servers on one PostgreSQL database both run the reminder job: each lesson's teacher and
// students are reminded once, whichever server's run gets there first, however many runs race.

import { afterAll, beforeAll, expect, test } from 'vitest';
import { sendLessonReminders } from '#server/features/notifications/reminders.ts';
import { TestClock } from '../helpers/clock.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { createAccount } from '../helpers/factories.ts';
import { createClass, createLesson, enrol } from '../helpers/school.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const start = Date.parse('2030-04-01T02:00:00Z');
const clocks = [new TestClock(start), new TestClock(start)];
let database: TestDatabase;
let servers: TestServer[];

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  servers = [];
  for (const clock of clocks) {
    servers.push(await startTestServer({ database, clock, jobs: false }));
  }
});
afterAll(async () => {
  for (const server of servers ?? []) await server.close();
  await database?.drop();
});

test('the reminder job of two servers reminds each person of each lesson once', async () => {
  const [first, second] = servers as [TestServer, TestServer];
  const admin = await first.admin();
  const teachers = await Promise.all([0, 1, 2].map(() => createAccount(first, admin, 'teacher')));
  const students = await Promise.all(
    [0, 1, 2, 3].map(() => createAccount(first, admin, 'student')),
  );
  // Three classes, each with a lesson at 02:10 and four students: 3 × (1 + 4) reminders.
  for (const teacher of teachers) {
    const classId = (await createClass(admin, teacher.user.user_id)).class_id;
    await enrol(
      admin,
      classId,
      students.map((s) => s.user.user_id),
    );
    await createLesson(admin, classId, '2030-04-01T02:10:00Z');
  }
  const runs = await Promise.all(
    [first, second, first, second, first, second].map((server) =>
      sendLessonReminders(server.server.ctx),
    ),
  );
  expect(runs.reduce((sum, n) => sum + n, 0)).toBe(15);
  // A restart or a later run makes none again.
  expect(await sendLessonReminders(second.server.ctx)).toBe(0);
  const rows = await first.server.ctx.database.db
    .selectFrom('notifications')
    .select(['user_id', 'schedule_id'])
    .where('type', '=', 'lesson_starting_soon')
    .execute();
  expect(rows).toHaveLength(15);
  expect(new Set(rows.map((r) => `${r.user_id}|${r.schedule_id}`)).size).toBe(15);
});
