// A live lesson from start to end, and the pool account it holds: the
// early-start window, ending a lesson on purpose (once, whatever it races), freeing a stuck
// account, lessons completed without a webhook by asking Zoom, and admin and teacher joining.
// The school, its Zoom account and the helpers the lesson-lifecycle files share.

import { afterAll, beforeAll, expect } from 'vitest';
import type { ZoomEmulator } from '../../fakes/zoom-emulator.ts';
import { TestClock } from '../../helpers/clock.ts';
import type { Account } from '../../helpers/factories.ts';
import { createLesson } from '../../helpers/school.ts';
import type { TestClient, TestServer } from '../../helpers/test-server.ts';
import { startZoomSchool, type ZoomSchool } from '../../helpers/zoom-school.ts';

export const MINUTE = 60_000;
export const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: ZoomSchool;
export let zoom: ZoomEmulator,
  server: TestServer,
  admin: TestClient,
  staff: Account,
  teacher: Account,
  otherTeacher: Account,
  student: Account,
  classId: string;

async function setUpLessonSchool() {
  // The expiry job runs here only when a test runs it, so races are the ones a test sets up.
  school = await startZoomSchool({ users: 12, clock, jobs: false, names: { teacher: 'Cô Lan' } });
  ({ zoom, server, admin, staff, teacher, otherTeacher, student, classId } = school);
}
const closeLessonSchool = () => school.close();
// Importing this module starts the school before the file's tests and closes it after them.
beforeAll(setUpLessonSchool);
afterAll(closeLessonSchool);

export const db = () => server.server.ctx.database.db;
export const log = () => server.server.app.log;
export const lessonRow = (scheduleId: string) =>
  db()
    .selectFrom('schedules')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirstOrThrow();
export const accountRow = (accountId: string) =>
  db()
    .selectFrom('zoom_accounts')
    .selectAll()
    .where('zoom_account_id', '=', accountId)
    .executeTakeFirstOrThrow();
export const endCalls = (meetingId: string) =>
  zoom.calls.filter((c) => c.method === 'PUT' && c.path === `/meetings/${meetingId}/status`).length;

/** Moves the clock to an instant (the clock only moves forward in a file). */
export function setClock(iso: string) {
  const target = Date.parse(iso);
  expect(target).toBeGreaterThanOrEqual(clock.now().getTime());
  clock.advance(target - clock.now().getTime());
}

/** A lesson at `startIso`, started by the teacher ten minutes before, with the host in it. */
export async function runningLesson(startIso: string, minutes = 60) {
  const lesson = await createLesson(admin, classId, startIso, minutes);
  setClock(new Date(Date.parse(startIso) - 10 * MINUTE).toISOString());
  const started = await teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`);
  expect(started.status, started.text).toBe(200);
  zoom.hostJoins(started.body.launch.meetingNumber);
  return {
    scheduleId: lesson.schedule_id,
    meetingId: started.body.launch.meetingNumber as string,
    accountId: started.body.launch.zoomAccountId as string,
  };
}
