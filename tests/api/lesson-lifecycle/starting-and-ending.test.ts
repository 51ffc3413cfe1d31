// A live lesson from start to end: the early-start window, ending it on purpose (once, whatever it
// races) or, without a webhook, by asking Zoom, and the admin and the class's teacher joining as
// participants (lesson-school.ts holds the school).
import { describe, expect, test } from 'vitest';
import { expireOverdueLessons } from '#server/features/meetings/lesson-lifecycle.ts';
import { zoomEnv } from '../../fakes/zoom-emulator.ts';
import { createAccount, snapshot } from '../../helpers/factories.ts';
import { createClass, createLesson } from '../../helpers/school.ts';
import { startTestServer } from '../../helpers/test-server.ts';
import { deliverWebhook } from '../../helpers/zoom-webhook.ts';
import {
  admin,
  classId,
  clock,
  MINUTE,
  otherTeacher,
  server,
  staff,
  student,
  teacher,
  zoom,
} from './lesson-school.ts';
import {
  accountRow,
  endCalls,
  lessonRow,
  log,
  runningLesson,
  setClock,
} from './running-lessons.ts';

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

describe('ending a lesson on purpose', () => {
  test("the class's teacher ends it: the meeting ends on Zoom once, the lesson is completed, the account freed", async () => {
    const { scheduleId, meetingId, accountId } = await runningLesson('2030-03-10T06:00:00Z');
    expect(Boolean((await accountRow(accountId)).is_busy)).toBe(true);
    setClock('2030-03-10T06:40:00Z');

    for (const [who, code] of [
      [otherTeacher.client, 'LESSON_END_FORBIDDEN'],
      [staff.client, 'LESSON_END_FORBIDDEN'],
      [student.client, 'LESSON_END_FORBIDDEN'],
    ] as const) {
      const refused = await who.post(`/api/schedules/${scheduleId}/end`);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code,
      });
    }
    expect((await server.client().post(`/api/schedules/${scheduleId}/end`)).status).toBe(401);
    expect((await lessonRow(scheduleId)).status).toBe('active');

    const ended = await teacher.client.post(`/api/schedules/${scheduleId}/end`);
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body).toEqual({ ok: true, code: 'LESSON_ENDED' });
    expect((await lessonRow(scheduleId)).status).toBe('completed');
    expect(Boolean((await accountRow(accountId)).is_busy)).toBe(false);
    expect(zoom.meetings.get(meetingId)!.status).toBe('ended');
    expect(endCalls(meetingId)).toBe(1);

    const again = await admin.post(`/api/schedules/${scheduleId}/end`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('LESSON_NOT_ACTIVE');
    expect(endCalls(meetingId)).toBe(1);
  });

  test('a lesson not running cannot be ended; a running one cannot be deleted until it is ended', async () => {
    const pending = await createLesson(admin, classId, '2030-03-20T02:00:00Z');
    const notRunning = await admin.post(`/api/schedules/${pending.schedule_id}/end`);
    expect(notRunning.status).toBe(409);
    expect(notRunning.body.code).toBe('LESSON_NOT_ACTIVE');

    const { scheduleId } = await runningLesson('2030-03-10T08:00:00Z');
    const deleting = await admin.delete(`/api/schedules/${scheduleId}`);
    expect(deleting.status).toBe(409);
    expect(deleting.body.code).toBe('SCHEDULE_DELETE_ACTIVE');
    expect((await admin.post(`/api/schedules/${scheduleId}/end`)).status).toBe(200);
    expect((await admin.delete(`/api/schedules/${scheduleId}`)).status).toBe(200);
  });

  test('a click racing the webhook and the expiry job: one completion, at most one Zoom end call, by the winner', async () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    for (let round = 0; round < 8; round++) {
      const start = new Date(Date.parse('2030-03-11T00:00:00Z') + round * 2 * 3_600_000);
      const { scheduleId, meetingId, accountId } = await runningLesson(start.toISOString());
      // Past the end and the grace period, so the expiry job ends it too if it gets there first.
      setClock(new Date(start.getTime() + 80 * MINUTE).toISOString());
      const [click, webhook, expired] = await Promise.all([
        teacher.client.post(`/api/schedules/${scheduleId}/end`),
        deliverWebhook(server, clock, {
          event: 'meeting.ended',
          payload: { object: { id: meetingId, end_time: clock.now().toISOString() } },
        }),
        // Held back by a few milliseconds more each round, so each contender gets its turn first.
        sleep(round * 2).then(() => expireOverdueLessons(server.server.ctx, log())),
      ]);
      expect(webhook.status).toBe(200);
      expect([200, 409]).toContain(click.status);
      const clickWon = click.status === 200;
      // Exactly one of the three completed it; the webhook won when neither other did.
      expect(Number(clickWon) + expired).toBeLessThanOrEqual(1);
      // The meeting is ended on Zoom by the click or the job that won; after a webhook it had
      // already ended, so nobody calls.
      expect(endCalls(meetingId)).toBe(clickWon || expired ? 1 : 0);
      expect((await lessonRow(scheduleId)).status).toBe('completed');
      expect(Boolean((await accountRow(accountId)).is_busy)).toBe(false);
    }
  });
});

describe('no webhook, no leak', () => {
  test('after its end, a lesson whose meeting no longer runs on Zoom is completed by asking Zoom', async () => {
    const { scheduleId, meetingId, accountId } = await runningLesson('2030-03-13T02:00:00Z');
    // Before its end nothing is asked.
    setClock('2030-03-13T02:59:00Z');
    const asked = () =>
      zoom.calls.filter((c) => c.method === 'GET' && c.path === `/meetings/${meetingId}`).length;
    expect(await expireOverdueLessons(server.server.ctx, log())).toBe(0);
    expect(asked()).toBe(0);
    // Past its end while the class goes on: Zoom says 'started', the lesson stays active.
    setClock('2030-03-13T03:02:00Z');
    expect(await expireOverdueLessons(server.server.ctx, log())).toBe(0);
    expect(asked()).toBe(1);
    expect((await lessonRow(scheduleId)).status).toBe('active');
    // Zoom cannot be asked: nothing changes (the next run asks again).
    zoom.fail.meetingStatus = 1;
    setClock('2030-03-13T03:03:00Z');
    expect(await expireOverdueLessons(server.server.ctx, log())).toBe(0);
    expect((await lessonRow(scheduleId)).status).toBe('active');
    // Everyone left; no meeting.ended ever arrives. The next run (within a minute) completes it.
    zoom.meetingEnds(meetingId);
    setClock('2030-03-13T03:04:00Z');
    expect(await expireOverdueLessons(server.server.ctx, log())).toBe(1);
    expect((await lessonRow(scheduleId)).status).toBe('completed');
    expect(Boolean((await accountRow(accountId)).is_busy)).toBe(false);
    // It was not running, so it is not ended again.
    expect(endCalls(meetingId)).toBe(0);
  });

  test('a meeting Zoom no longer knows (deleted) counts as ended', async () => {
    const { scheduleId, meetingId } = await runningLesson('2030-03-13T05:00:00Z');
    zoom.meetings.delete(meetingId);
    setClock('2030-03-13T06:01:00Z');
    expect(await expireOverdueLessons(server.server.ctx, log())).toBe(1);
    expect((await lessonRow(scheduleId)).status).toBe('completed');
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
