// The bad-input battery: every JSON endpoint that takes input, fed what no form would send. Each
// case expects a 4xx with a message and an unchanged database, never a 5xx. Hostile strings that
// are still valid text (SQL fragments, the Big List of Naughty Strings) may instead be accepted:
// then they must be stored exactly as sent, never interpreted.
// The endpoints it feeds are in endpoints.ts; the cases in the *.test.ts files beside this one.
import { afterAll, beforeAll, expect } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import {
  type Account,
  createAccount,
  snapshot,
  themeBody,
  USER_DATA_TABLES,
} from '../../helpers/factories.ts';
import { createClass, createLesson } from '../../helpers/school.ts';
import type { TestClient, TestResponse, TestServer } from '../../helpers/test-server.ts';
import { startZoomSchool, type ZoomServer } from '../../helpers/zoom-school.ts';

export const clock = new TestClock(Date.parse('2030-05-06T02:00:00Z'));
let school: ZoomServer;
export let server: TestServer;
export let admin: TestClient;
export let student: Account;
export let teacher: Account;
export let classId: string;
export let scheduleId: string;
/** Lessons of their own for the move and the cancel (a cancel that goes through ends it). */
export let movingLessonId: string;
export let cancellingLessonId: string;
export let themeId: string;
export let roomId: string;
/** A closed day to rename. */
export const closedDate = '2030-12-24';

const TABLES = USER_DATA_TABLES;

/** A server with a student, a teacher, their class with a lesson, and a theme to change. */
async function setUpBattery() {
  school = await startZoomSchool({ cast: false, pool: false, clock });
  ({ server, admin } = school);
  student = await createAccount(server, admin, 'student');
  teacher = await createAccount(server, admin, 'teacher');
  classId = (await createClass(admin, teacher.user.user_id)).class_id;
  scheduleId = (await createLesson(admin, classId, '2030-05-07T02:00:00Z')).schedule_id;
  movingLessonId = (await createLesson(admin, classId, '2030-05-08T02:00:00Z')).schedule_id;
  cancellingLessonId = (await createLesson(admin, classId, '2030-05-08T04:00:00Z')).schedule_id;
  themeId = (await admin.post('/api/themes', themeBody('Battery'))).body.theme_id;
  roomId = (await admin.post('/api/rooms', { name: 'Battery room' })).body.room_id;
  await admin.post('/api/closed-days', { name: 'Giáng sinh', from_date: closedDate });
}
const closeBattery = () => school.close();
// Importing this module starts the battery's server before the file's tests and closes it after them.
beforeAll(setUpBattery);
afterAll(closeBattery);

export interface Endpoint {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  /** A body the endpoint accepts. */
  valid: () => Record<string, unknown>;
  /** Its free-text fields (where hostile but valid text may be stored). */
  text: string[];
  caller: () => TestClient;
  /** A field this caller may not set here. */
  forbiddenField: string;
}

/** What every refusal carries in place of a sentence. */
export const CODE = /^[A-Z][A-Z0-9_]*$/;

export const send = (
  e: Endpoint,
  raw: string | Uint8Array,
  type = 'application/json',
  headers = {},
) => e.caller().request(e.method, e.url(), { raw, type }, headers);
export const sendJson = (e: Endpoint, body: unknown) =>
  e.caller().request(e.method, e.url(), { json: body });

/** Sends, then checks: a 4xx with a code, and nothing in the database changed. */
export async function expectRefused(
  request: () => Promise<TestResponse>,
  expectedStatus?: number,
): Promise<TestResponse> {
  const before = await snapshot(server, TABLES);
  const response = await request();
  expect(response.status, response.text).toBeGreaterThanOrEqual(400);
  expect(response.status, response.text).toBeLessThan(500);
  if (expectedStatus) expect(response.status, response.text).toBe(expectedStatus);
  expect(response.body?.code, `a code: ${response.text}`).toMatch(CODE);
  expect(await snapshot(server, TABLES)).toEqual(before);
  return response;
}

/** Hostile but valid text: refused cleanly, or stored exactly as sent (after trimming). */
export async function expectRefusedOrStoredVerbatim(e: Endpoint, field: string, value: string) {
  const before = await snapshot(server, TABLES);
  const response = await sendJson(e, { ...e.valid(), [field]: value });
  expect(
    response.status,
    `${e.name}.${field} = ${JSON.stringify(value)}: ${response.text}`,
  ).toBeLessThan(500);
  if (response.status >= 400) {
    expect(response.body?.code).toMatch(CODE);
    expect(await snapshot(server, TABLES)).toEqual(before);
  } else if (value.trim()) {
    expect(JSON.stringify(response.body), `${field} stored verbatim`).toContain(
      JSON.stringify(value.trim()).slice(1, -1),
    );
  }
}
