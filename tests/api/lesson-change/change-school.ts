// One pending lesson moved or cancelled (docs/decisions/020). The school the lesson-change files
// share: Cô Lan teaches IELTS 7.0 (a student enrolled) and TOEIC Sáng, both 1 March – 30 June
// 2030, on a Zoom pool so lessons can be started; the requests the files make of it.
import { afterAll, beforeAll, expect } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import type { Account } from '../../helpers/factories.ts';
import { createClass, createLesson, vnTime } from '../../helpers/school.ts';
import type { TestClient, TestResponse, TestServer } from '../../helpers/test-server.ts';
import { startZoomSchool, type ZoomSchool } from '../../helpers/zoom-school.ts';

export const MINUTE = 60_000;
// 09:00 in Ho Chi Minh City on Sunday 10 March 2030.
export const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: ZoomSchool;
export let server: TestServer,
  admin: TestClient,
  staff: Account,
  teacher: Account,
  student: Account,
  outsider: Account,
  classId: string,
  otherClassId: string;

async function setUpChangeSchool() {
  // Lessons may be started any time before they end (the races here are about the lesson's
  // state), and sessions last while the files move the clock on through the term.
  school = await startZoomSchool({
    users: 8,
    clock,
    jobs: false,
    names: { className: 'IELTS 7.0', teacher: 'Cô Lan' },
    env: { EARLY_START_MINUTES: String(120 * 24 * 60), SESSION_IDLE_HOURS: String(24 * 120) },
  });
  ({ server, admin, staff, teacher, student, outsider, classId } = school);
  otherClassId = (await createClass(admin, teacher.user.user_id, { class_name: 'TOEIC Sáng' }))
    .class_id;
}
// Importing this module starts the school before the file's tests and closes it after them.
beforeAll(setUpChangeSchool);
afterAll(() => school.close());

export const db = () => server.server.ctx.database.db;

/** A lesson of the class (IELTS 7.0 unless said) on a day at a local time. */
export const lessonAt = async (date: string, hhmm: string, minutes = 60, klass = classId) =>
  (await createLesson(admin, klass, vnTime(date, hhmm), minutes)).schedule_id;

/** The times of a move to a local day and time, for `minutes`. */
export const timesAt = (date: string, hhmm: string, minutes = 60) => {
  const start = vnTime(date, hhmm);
  return {
    start_time: start,
    end_time: new Date(Date.parse(start) + minutes * MINUTE).toISOString(),
  };
};

const keyed = (key?: string): Record<string, string> => (key ? { 'idempotency-key': key } : {});

export const move = (client: TestClient, scheduleId: string, body: unknown, key?: string) =>
  client.request('POST', `/api/schedules/${scheduleId}/move`, { json: body }, keyed(key));

export const cancel = (client: TestClient, scheduleId: string, reason: unknown, key?: string) =>
  client.request('POST', `/api/schedules/${scheduleId}/cancel`, { json: { reason } }, keyed(key));

/** The lesson's row as stored. */
export const lessonRow = (scheduleId: string) =>
  db()
    .selectFrom('schedules')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirstOrThrow();

export const setStatus = (scheduleId: string, status: 'active' | 'completed') =>
  db().updateTable('schedules').set({ status }).where('schedule_id', '=', scheduleId).execute();

/** The reply's body when it has the status; otherwise the test stops with the reply. */
export function expectReply(response: TestResponse, status: number, code?: string) {
  expect(response.status, response.text).toBe(status);
  if (code) expect(response.body.code, response.text).toBe(code);
  return response.body;
}

/** Moves the clock to an instant (the clock only moves forward in a file). */
export function setClock(iso: string) {
  const target = Date.parse(iso);
  expect(target).toBeGreaterThanOrEqual(clock.now().getTime());
  clock.advance(target - clock.now().getTime());
}
