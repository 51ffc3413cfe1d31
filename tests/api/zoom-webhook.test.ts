import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expireOverdueLessons } from '#server/features/meetings/lesson-lifecycle.ts';
import type { ZoomEmulator } from '../fakes/zoom-emulator.ts';
import { TestClock } from '../helpers/clock.ts';
import { type Account, createAccount, snapshot } from '../helpers/factories.ts';
import { lessonMeetingRow } from '../helpers/lesson-meeting.ts';
import { createClass, createLesson, enrol } from '../helpers/school.ts';
import type { TestClient, TestServer } from '../helpers/test-server.ts';
import { addWholeZoomPool } from '../helpers/zoom-pool.ts';
import { startZoomSchool, type ZoomServer } from '../helpers/zoom-school.ts';
import { deliverWebhook, WEBHOOK_SECRET } from '../helpers/zoom-webhook.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: ZoomServer;
let zoom: ZoomEmulator;
let server: TestServer;
let admin: TestClient;
let teacher: Account;
let student: Account;
let classId: string;

beforeAll(async () => {
  // Lessons here start on the following days: a start window that wide (meetings.test.ts checks
  // the window itself). The pool is added once the class exists.
  school = await startZoomSchool({
    cast: false,
    pool: false,
    clock,
    env: { EARLY_START_MINUTES: String(7 * 24 * 60) },
  });
  ({ zoom, server, admin } = school);
  teacher = await createAccount(server, admin, 'teacher');
  student = await createAccount(server, admin, 'student');
  classId = (await createClass(admin, teacher.user.user_id)).class_id;
  await enrol(admin, classId, [student.user.user_id]);
  await addWholeZoomPool(admin);
});
afterAll(() => school.close());

const deliver = (body: unknown, options: { secret?: string; timestamp?: number } = {}) =>
  deliverWebhook(server, clock, body, options);

async function startedLesson(startIso: string) {
  const lesson = await createLesson(admin, classId, startIso);
  const started = await teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`);
  expect(started.status, started.text).toBe(200);
  // The teacher's meeting page joined: the meeting runs on Zoom.
  zoom.hostJoins(started.body.launch.meetingNumber);
  return { scheduleId: lesson.schedule_id, meetingId: started.body.launch.meetingNumber as string };
}

const lessonRow = (scheduleId: string) =>
  server.server.ctx.database.db
    .selectFrom('schedules')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirstOrThrow();

describe('the Zoom webhook', () => {
  test('answers URL validation with the encrypted token', async () => {
    const response = await deliver({
      event: 'endpoint.url_validation',
      payload: { plainToken: 'plain-abc' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      plainToken: 'plain-abc',
      encryptedToken: createHmac('sha256', WEBHOOK_SECRET).update('plain-abc').digest('hex'),
    });
  });

  test('a bad signature or a stale timestamp is refused with 401 and changes nothing', async () => {
    const { scheduleId, meetingId } = await startedLesson('2030-03-10T02:10:00Z');
    const before = await snapshot(server, ['schedules', 'zoom_accounts', 'attendance']);
    const ended = { event: 'meeting.ended', payload: { object: { id: meetingId } } };
    expect((await deliver(ended, { secret: 'wrong' })).status).toBe(401);
    expect(
      (await deliver(ended, { timestamp: Math.floor(clock.now().getTime() / 1000) - 301 })).status,
    ).toBe(401);
    const unsigned = await server.client().request('POST', '/api/zoom/webhook', {
      raw: JSON.stringify(ended),
      type: 'application/json',
    });
    expect(unsigned.status).toBe(401);
    expect(await snapshot(server, ['schedules', 'zoom_accounts', 'attendance'])).toEqual(before);
    expect((await lessonRow(scheduleId)).status).toBe('active');
  });

  test('meeting.ended completes the lesson and frees its account, once however often it comes', async () => {
    const { scheduleId, meetingId } = await startedLesson('2030-03-11T02:00:00Z');
    const meeting = await lessonMeetingRow(server.server.ctx.database.db, scheduleId);
    const ended = {
      event: 'meeting.ended',
      payload: { object: { id: meetingId, end_time: '2030-03-11T03:00:00Z' } },
    };
    expect((await deliver(ended)).status).toBe(200);
    const after = await lessonRow(scheduleId);
    expect(after.status).toBe('completed');
    const account = await server.server.ctx.database.db
      .selectFrom('zoom_accounts')
      .select('is_busy')
      .where('zoom_account_id', '=', meeting!.host_account_id!)
      .executeTakeFirstOrThrow();
    expect(Boolean(account.is_busy)).toBe(false);
    clock.advance(1000);
    const snap = await snapshot(server, ['schedules', 'zoom_accounts']);
    for (let i = 0; i < 3; i++) expect((await deliver(ended)).status).toBe(200);
    expect(await snapshot(server, ['schedules', 'zoom_accounts'])).toEqual(snap);
  });

  test('a student joining and leaving is recorded once, replayed four times', async () => {
    const { scheduleId, meetingId } = await startedLesson('2030-03-12T02:00:00Z');
    const participant = {
      customer_key: student.user.user_id,
      participant_uuid: 'pu-1',
      user_id: '16778240',
      join_time: '2030-03-12T02:01:00Z',
    };
    const joined = {
      event: 'meeting.participant_joined',
      payload: { object: { id: meetingId, participant } },
    };
    for (let i = 0; i < 4; i++) expect((await deliver(joined)).status).toBe(200);
    const left = {
      event: 'meeting.participant_left',
      payload: {
        object: {
          id: meetingId,
          participant: { ...participant, leave_time: '2030-03-12T02:50:00Z' },
        },
      },
    };
    for (let i = 0; i < 4; i++) expect((await deliver(left)).status).toBe(200);
    const rows = await server.server.ctx.database.db
      .selectFrom('attendance')
      .selectAll()
      .where('schedule_id', '=', scheduleId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      student_id: student.user.user_id,
      joined_at: '2030-03-12T02:01:00.000Z',
      left_at: '2030-03-12T02:50:00.000Z',
    });
    // Someone who is not an enrolled student is not recorded.
    await deliver({
      event: 'meeting.participant_joined',
      payload: {
        object: {
          id: meetingId,
          participant: { ...participant, customer_key: 'stranger', participant_uuid: 'pu-2' },
        },
      },
    });
    expect(
      await server.server.ctx.database.db
        .selectFrom('attendance')
        .selectAll()
        .where('schedule_id', '=', scheduleId)
        .execute(),
    ).toHaveLength(1);
  });
});

describe('no lesson stays active forever', () => {
  test('past its end plus the grace period, a lesson is completed, its meeting ended and its account freed, once', async () => {
    const { scheduleId, meetingId } = await startedLesson('2030-03-13T02:00:00Z');
    clock.advance(3 * 86_400_000 + 60 * 60_000 + 10 * 60_000); // 10 min after the end: within grace
    await expireOverdueLessons(server.server.ctx, server.server.app.log);
    expect((await lessonRow(scheduleId)).status).toBe('active');
    clock.advance(6 * 60_000);
    const endsBefore = zoom.calls.filter(
      (c) => c.method === 'PUT' && c.path.includes(meetingId),
    ).length;
    const [first, second] = await Promise.all([
      expireOverdueLessons(server.server.ctx, server.server.app.log),
      expireOverdueLessons(server.server.ctx, server.server.app.log),
    ]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    // Each overdue lesson was handled by exactly one of the two runs.
    expect((await lessonRow(scheduleId)).status).toBe('completed');
    expect(zoom.meetings.get(meetingId)!.status).toBe('ended');
    expect(
      zoom.calls.filter((c) => c.method === 'PUT' && c.path.includes(meetingId)).length -
        endsBefore,
    ).toBe(1);
    await expireOverdueLessons(server.server.ctx, server.server.app.log);
    expect(
      zoom.calls.filter((c) => c.method === 'PUT' && c.path.includes(meetingId)).length -
        endsBefore,
    ).toBe(1);
  });
});
