// Two servers on one PostgreSQL database both run the lesson-expiry job: each overdue lesson is
// ended once (one Zoom end call, one completion), whichever server gets there first.

import { afterAll, beforeAll, expect, test } from 'vitest';
import { expireOverdueLessons } from '#server/features/meetings/lesson-lifecycle.ts';
import type { ZoomEmulator } from '../fakes/zoom-emulator.ts';
import { TestClock } from '../helpers/clock.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { createAccount } from '../helpers/factories.ts';
import { createClass, createLesson } from '../helpers/school.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { addWholeZoomPool } from '../helpers/zoom-pool.ts';
import { startZoomAccount } from '../helpers/zoom-school.ts';

const start = Date.parse('2030-04-01T02:00:00Z');
// The same moment on both servers, as two machines with synchronised clocks would have.
const clocks = [new TestClock(start), new TestClock(start)];
let zoom: ZoomEmulator;
let database: TestDatabase;
let servers: TestServer[];

beforeAll(async () => {
  let env: Record<string, string>;
  ({ zoom, env } = await startZoomAccount(4));
  database = await createTestDatabase('postgres');
  servers = [];
  for (const clock of clocks) {
    servers.push(await startTestServer({ database, clock, env }));
  }
});
afterAll(async () => {
  for (const server of servers ?? []) await server.close();
  await database?.drop();
  await zoom?.close();
});

test('the expiry job of two servers ends each overdue lesson once', async () => {
  const [first, second] = servers as [TestServer, TestServer];
  const admin = await first.admin();
  await addWholeZoomPool(admin);
  const teacher = await createAccount(first, admin, 'teacher');
  const classId = (
    await createClass(admin, teacher.user.user_id, {
      start_date: '2030-03-01',
      end_date: '2030-06-30',
    })
  ).class_id;
  const meetings: string[] = [];
  for (const hour of [3, 5, 7]) {
    const lessonStart = `2030-04-01T0${hour}:00:00Z`;
    const lesson = await createLesson(admin, classId, lessonStart);
    // Ten minutes before the lesson, inside the early-start window, on both machines.
    const tenBefore = Date.parse(lessonStart) - 10 * 60_000;
    for (const clock of clocks) clock.advance(tenBefore - clock.now().getTime());
    const started = await second
      .admin()
      .then((a) => a.post(`/api/schedules/${lesson.schedule_id}/start`));
    expect(started.status, started.text).toBe(200);
    meetings.push(started.body.launch.meetingNumber);
  }
  for (const clock of clocks) clock.advance(12 * 3_600_000);

  const ended = await Promise.all([
    expireOverdueLessons(first.server.ctx, first.server.app.log),
    expireOverdueLessons(second.server.ctx, second.server.app.log),
    expireOverdueLessons(first.server.ctx, first.server.app.log),
    expireOverdueLessons(second.server.ctx, second.server.app.log),
  ]);
  expect(ended.reduce((sum, n) => sum + n, 0)).toBe(3);
  for (const meetingId of meetings) {
    expect(zoom.calls.filter((c) => c.method === 'PUT' && c.path.includes(meetingId))).toHaveLength(
      1,
    );
    expect(zoom.meetings.get(meetingId)!.status).toBe('ended');
  }
  const rows = await first.server.ctx.database.db
    .selectFrom('schedules')
    .select('status')
    .where('class_id', '=', classId)
    .execute();
  expect(rows.map((r) => r.status)).toEqual(['completed', 'completed', 'completed']);
  const busy = await first.server.ctx.database.db
    .selectFrom('zoom_accounts')
    .select('zoom_account_id')
    .where('is_busy', '=', true)
    .execute();
  expect(busy).toEqual([]);
});
