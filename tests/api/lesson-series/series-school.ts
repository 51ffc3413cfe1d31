// Recurring lessons: a series previewed with its clashes, created in one transaction under one
// idempotency key, and "this and following lessons" changed or deleted (pending ones only).
// The school the lesson-series files share (the requests they make are in series-requests.ts).
import { afterAll, beforeAll } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import type { Account } from '../../helpers/factories.ts';
import { createClass, startSchool } from '../../helpers/school.ts';
import type { TestClient, TestServer } from '../../helpers/test-server.ts';

// 09:00 in Ho Chi Minh City on Sunday 10 March 2030; the class runs 1 March – 30 June 2030.
const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
export let server: TestServer,
  admin: TestClient,
  staff: Account,
  teacher: Account,
  student: Account,
  classId: string,
  otherClassId: string;

/** A school whose teacher has a second class, whose lessons a series must not run into. */
async function setUpSeriesSchool() {
  ({ server, admin, staff, teacher, student, classId } = await startSchool({
    clock,
    names: { className: 'IELTS 7.0' },
  }));
  otherClassId = (await createClass(admin, teacher.user.user_id, { class_name: 'TOEIC Sáng' }))
    .class_id;
}
const closeSeriesSchool = () => server.close();
// Importing this module starts the school before the file's tests and closes it after them.
beforeAll(setUpSeriesSchool);
afterAll(closeSeriesSchool);
