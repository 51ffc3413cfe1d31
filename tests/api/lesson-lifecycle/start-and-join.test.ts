// A live lesson started and joined: the early-start window, and the admin and the class's teacher
// joining as participants (running-lessons.ts holds the school).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { zoomEnv } from '../../fakes/zoom-emulator.ts';
import { createAccount, snapshot } from '../../helpers/factories.ts';
import { createClass, createLesson } from '../../helpers/school.ts';
import { startTestServer } from '../../helpers/test-server.ts';
import {
  admin,
  classId,
  clock,
  closeLessonSchool,
  MINUTE,
  otherTeacher,
  runningLesson,
  server,
  setClock,
  setUpLessonSchool,
  staff,
  teacher,
  zoom,
} from './running-lessons.ts';

beforeAll(setUpLessonSchool);
afterAll(closeLessonSchool);

describe('the early-start window', () => {
  test('a lesson can be started from 30 minutes before its start, not earlier, and the refusal says when', async () => {
    const lesson = await createLesson(admin, classId, '2030-03-10T05:00:00Z');
    const before = await snapshot(server, ['schedules', 'zoom_accounts']);
    const early = await teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`);
    expect(early.status).toBe(409);
    // 05:00 UTC is 12:00 in Ho Chi Minh City; the window opens at 11:30.
    expect(early.body).toMatchObject({
      code: 'MEETING_TOO_EARLY',
      params: { time: '11:30 10/03/2030', minutes: '30' },
    });
    setClock('2030-03-10T04:29:00Z');
    expect((await admin.post(`/api/schedules/${lesson.schedule_id}/start`)).status).toBe(409);
    expect(await snapshot(server, ['schedules', 'zoom_accounts'])).toEqual(before);
    expect((await teacher.client.get('/api/dashboard')).body.earlyStartMinutes).toBe(30);

    setClock('2030-03-10T04:30:00Z');
    const started = await teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`);
    expect(started.status, started.text).toBe(200);
    // Once running, it can be reopened (a new tab) without any window.
    expect((await teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`)).status).toBe(
      200,
    );
    expect((await admin.post(`/api/schedules/${lesson.schedule_id}/end`)).status).toBe(200);
  });

  test('EARLY_START_MINUTES sets the window', async () => {
    const wide = await startTestServer({
      clock,
      env: { ...zoomEnv(zoom), EARLY_START_MINUTES: '120' },
      jobs: false,
    });
    try {
      const boss = await wide.admin();
      const t = await createAccount(wide, boss, 'teacher');
      const k = await createClass(boss, t.user.user_id);
      const inTwoHours = new Date(clock.now().getTime() + 119 * MINUTE).toISOString();
      const lesson = await createLesson(boss, k.class_id, inTwoHours);
      const reply = await t.client.post(`/api/schedules/${lesson.schedule_id}/start`);
      // Inside the wider window the start goes on (and fails only for want of pool accounts).
      expect(reply.body.code).toBe('MEETING_NO_FREE_ACCOUNT');
      expect((await t.client.get('/api/dashboard')).body.earlyStartMinutes).toBe(120);
    } finally {
      await wide.close();
    }
  });
});

describe('admin and teacher join as participants', () => {
  test("the class's teacher and admin join a running lesson with a participant signature; staff and other teachers may not", async () => {
    const { scheduleId, meetingId } = await runningLesson('2030-03-14T02:00:00Z');
    for (const who of [teacher.client, admin]) {
      const joined = await who.post(`/api/schedules/${scheduleId}/join`);
      expect(joined.status, joined.text).toBe(200);
      expect(joined.body.launch).toMatchObject({ role: 0, meetingNumber: meetingId });
      expect(joined.body.launch.zak).toBeUndefined();
      const claims = JSON.parse(
        Buffer.from(joined.body.launch.signature.split('.')[1], 'base64url').toString(),
      );
      expect(claims).toMatchObject({ role: 0, mn: meetingId });
    }
    expect((await otherTeacher.client.post(`/api/schedules/${scheduleId}/join`)).status).toBe(403);
    expect((await staff.client.post(`/api/schedules/${scheduleId}/join`)).status).toBe(403);
    const pending = await createLesson(admin, classId, '2030-03-21T02:00:00Z');
    const notYet = await admin.post(`/api/schedules/${pending.schedule_id}/join`);
    expect(notYet.status).toBe(409);
    expect(notYet.body.code).toBe('MEETING_CANNOT_JOIN');
    await admin.post(`/api/schedules/${scheduleId}/end`);
  });
});
