// Substitutes (issue 28 point 1, docs/decisions/031). The school the substitute files share: Cô Lan
// teaches IELTS 7.0 (a student enrolled) and TOEIC Sáng; Thầy Minh teaches his own class Minh's
// Class and covers lessons; a Zoom pool so lessons can be started. The requests the files make.
import { afterAll, beforeAll, expect } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount } from '../../helpers/factories.ts';
import { createClass, createLesson, vnTime } from '../../helpers/school.ts';
import type { TestClient, TestResponse, TestServer } from '../../helpers/test-server.ts';
import { startZoomSchool, type ZoomSchool } from '../../helpers/zoom-school.ts';

// 09:00 in Ho Chi Minh City on Sunday 10 March 2030.
export const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: ZoomSchool;
export let server: TestServer,
  admin: TestClient,
  staff: Account,
  teacher: Account,
  substitute: Account,
  student: Account,
  outsider: Account,
  classId: string,
  otherClassId: string,
  substituteClassId: string;

async function setUpSubstituteSchool() {
  // Lessons may be started any time before they end (the rules here are about who starts them).
  school = await startZoomSchool({
    users: 8,
    clock,
    jobs: false,
    names: { className: 'IELTS 7.0', teacher: 'Cô Lan' },
    env: { EARLY_START_MINUTES: String(60 * 24 * 60), SESSION_IDLE_HOURS: String(24 * 60) },
  });
  ({ server, admin, staff, teacher, student, outsider, classId } = school);
  substitute = await createAccount(server, admin, 'teacher', { full_name: 'Thầy Minh' });
  otherClassId = (await createClass(admin, teacher.user.user_id, { class_name: 'TOEIC Sáng' }))
    .class_id;
  substituteClassId = (
    await createClass(admin, substitute.user.user_id, { class_name: "Minh's Class" })
  ).class_id;
}
// Importing this module starts the school before the file's tests and closes it after them.
beforeAll(setUpSubstituteSchool);
afterAll(() => school.close());

export const db = () => server.server.ctx.database.db;

/** A lesson of the class (IELTS 7.0 unless said) on a day at a local time. */
export const lessonAt = async (date: string, hhmm: string, minutes = 60, klass = classId) =>
  (await createLesson(admin, klass, vnTime(date, hhmm), minutes)).schedule_id;

const keyed = (key?: string): Record<string, string> => (key ? { 'idempotency-key': key } : {});

/** Gives the lesson to a teacher (null: back to the class's teacher). */
export const give = (
  client: TestClient,
  scheduleId: string,
  body: { teacher_id: unknown; scope?: unknown },
  key?: string,
) => client.request('PUT', `/api/schedules/${scheduleId}/substitute`, { json: body }, keyed(key));

/** The lesson's row as stored. */
export const lessonRow = (scheduleId: string) =>
  db()
    .selectFrom('schedules')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirstOrThrow();

/** The reply's body when it has the status; otherwise the test stops with the reply. */
export function expectReply(response: TestResponse, status: number, code?: string) {
  expect(response.status, response.text).toBe(status);
  if (code) expect(response.body.code, response.text).toBe(code);
  return response.body;
}

/** A user's notifications, newest first. */
export const notificationsOf = async (account: Account) =>
  (await account.client.get('/api/notifications')).body.items as {
    type: string;
    params: Record<string, string>;
    schedule_id: string | null;
  }[];

export const ids = (items: { schedule_id: string }[]) => items.map((item) => item.schedule_id);
