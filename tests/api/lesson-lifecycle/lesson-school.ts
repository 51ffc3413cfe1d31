// A live lesson from start to end, and the pool account it holds: the
// early-start window, ending a lesson on purpose (once, whatever it races), freeing a stuck
// account, lessons completed without a webhook by asking Zoom, and admin and teacher joining.
// The school and its Zoom account the lesson-lifecycle files share (running-lessons.ts holds the
// helpers they act on it with).

import { afterAll, beforeAll } from 'vitest';
import type { ZoomEmulator } from '../../fakes/zoom-emulator.ts';
import { TestClock } from '../../helpers/clock.ts';
import type { Account } from '../../helpers/factories.ts';
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
