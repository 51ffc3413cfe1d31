// What the meeting page fetches instead of reading from its address (where it would be logged
// and kept in history): the host's
// fresh ZAK and a participant's customer key, for the signed-in user, only while the lesson runs.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../helpers/clock.ts';
import type { Account } from '../helpers/factories.ts';
import { createLesson } from '../helpers/school.ts';
import type { TestClient } from '../helpers/test-server.ts';
import { startZoomSchool, type ZoomSchool } from '../helpers/zoom-school.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: ZoomSchool;
let admin: TestClient;
let teacher: Account;
let student: Account;
let outsider: Account;
let classId: string;

beforeAll(async () => {
  school = await startZoomSchool({ users: 2, clock });
  ({ admin, teacher, student, outsider, classId } = school);
});
afterAll(() => school.close());

describe('the meeting page keys', () => {
  test('the host gets a fresh ZAK and a participant their customer key, only while the lesson runs', async () => {
    const lesson = await createLesson(admin, classId, '2030-03-10T02:05:00Z', 10, 'Keys');
    const url = `/api/schedules/${lesson.schedule_id}/meeting-keys`;
    // Not started yet: nothing to fetch.
    const early = await teacher.client.get(`${url}?role=1`);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('MEETING_CANNOT_JOIN');
    const started = await teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`);
    expect(started.status, started.text).toBe(200);
    const host = await teacher.client.get(`${url}?role=1`);
    expect(host.status, host.text).toBe(200);
    expect(host.body.zak).toMatch(/^zak-/);
    expect(host.body.customerKey).toBeUndefined();
    const participant = await student.client.get(`${url}?role=0`);
    expect(participant.body).toEqual({ customerKey: student.user.user_id });
    // A student asking for the host's key, or another class's user, is refused.
    expect((await student.client.get(`${url}?role=1`)).status).toBe(403);
    expect((await outsider.client.get(`${url}?role=0`)).status).toBe(403);
    expect((await teacher.client.get(`${url}?role=2`)).status).toBe(400);
    await teacher.client.post(`/api/schedules/${lesson.schedule_id}/end`);
    expect((await teacher.client.get(`${url}?role=1`)).status).toBe(409);
  });
});
