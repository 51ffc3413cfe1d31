// Recordings kept for as long as the admin says (docs/decisions/034-recordings.md): past it, the
// retention job deletes them from Zoom (DELETE /meetings/{meetingUUID}/recordings) and the lesson
// says so; a recording Zoom no longer has counts as gone; a failure is tried again later.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  deleteExpiredRecordings,
  fetchMissedRecordings,
} from '#server/features/recordings/index.ts';
import type { ZoomEmulator } from '../../fakes/zoom-emulator.ts';
import { TestClock } from '../../helpers/clock.ts';
import { snapshot } from '../../helpers/factories.ts';
import { createLesson } from '../../helpers/school.ts';
import type { TestClient, TestServer } from '../../helpers/test-server.ts';
import { recordingRows, recordMeeting } from '../../helpers/zoom-recordings.ts';
import { startZoomSchool, type ZoomSchool } from '../../helpers/zoom-school.ts';

const DAY = 86_400_000;
const START = Date.parse('2030-03-10T02:00:00Z');
const clock = new TestClock(START);
let school: ZoomSchool;
let zoom: ZoomEmulator;
let server: TestServer;
let admin: TestClient;
let lessonHour = 0;

beforeAll(async () => {
  school = await startZoomSchool({
    users: 20,
    clock,
    jobs: false,
    env: { EARLY_START_MINUTES: String(7 * 24 * 60) },
  });
  ({ zoom, server, admin } = school);
});
afterAll(() => school.close());

const runJob = () => deleteExpiredRecordings(server.server.ctx, server.server.app.log);

/**
 * A lesson (created and started at the clock's first instant, so that the lesson is in the
 * future) whose Zoom recording was made `recordedAt`: the clock goes back to the start for it.
 */
async function recordedLesson(recordedAt: number) {
  clock.set(START);
  const freshAdmin = await server.admin();
  const teacher = server.client();
  await teacher.login(school.teacher.email, school.teacher.password);
  lessonHour += 2;
  const start = new Date(START + DAY + lessonHour * 3_600_000);
  const lesson = await createLesson(freshAdmin, school.classId, start.toISOString());
  const started = await teacher.post(`/api/schedules/${lesson.schedule_id}/start`);
  expect(started.status, started.text).toBe(200);
  const made = await recordMeeting(zoom, server, clock, started.body.launch.meetingNumber, {
    start: new Date(recordedAt).toISOString(),
    end: new Date(recordedAt + 50 * 60_000).toISOString(),
  });
  expect(made.delivered.status, made.delivered.text).toBe(200);
  const [row] = await recordingRows(server, lesson.schedule_id);
  return {
    scheduleId: lesson.schedule_id,
    uuid: made.recording.uuid,
    recordingId: row!.recording_id,
  };
}

/** Everyone signs in again after the clock jumped days ahead. */
async function signedIn() {
  const freshAdmin = await server.admin();
  const student = server.client();
  await student.login(school.student.email, school.student.password);
  return { freshAdmin, student };
}

describe('the retention setting', () => {
  test('is 90 days unless the admin changes it; empty keeps recordings forever', async () => {
    expect((await admin.get('/api/recording-settings')).body).toEqual({ retention_days: 90 });
    const forever = await admin.put('/api/recording-settings', { retention_days: null });
    expect(forever.status, forever.text).toBe(200);
    expect(forever.body).toEqual({
      settings: { retention_days: null },
      code: 'RECORDING_SETTINGS_SAVED',
    });
    expect((await admin.get('/api/recording-settings')).body).toEqual({ retention_days: null });
    const back = await admin.put('/api/recording-settings', { retention_days: 30 });
    expect(back.body.settings).toEqual({ retention_days: 30 });
  });

  test.each([0, -3, 3651, 1.5, '30', true])(
    'a period of %j is refused with a clear code and changes nothing',
    async (value) => {
      const before = await snapshot(server, ['app_settings']);
      const refused = await admin.put('/api/recording-settings', { retention_days: value });
      expect(refused.status).toBe(400);
      expect(refused.body.reason ?? refused.body.code).toBe('RECORDING_RETENTION_INVALID');
      expect(await snapshot(server, ['app_settings'])).toEqual(before);
    },
  );

  test('only the admin reads or sets it', async () => {
    for (const client of [school.staff.client, school.teacher.client, school.student.client]) {
      expect((await client.get('/api/recording-settings')).status).toBe(403);
      expect((await client.put('/api/recording-settings', { retention_days: 5 })).status).toBe(403);
    }
  });
});

describe('the retention job', () => {
  test('deletes an expired recording from Zoom once, and the lesson says it was deleted', async () => {
    await admin.put('/api/recording-settings', { retention_days: 10 });
    const kept = await recordedLesson(START);
    const young = await recordedLesson(START + 5 * DAY);
    clock.set(START + 5 * DAY);

    expect(await runJob()).toBe(0);
    expect(zoom.cloud.deletions).toEqual([]);

    clock.set(START + 11 * DAY);
    expect(await runJob()).toBe(1);
    expect(zoom.cloud.deletions).toEqual([{ uuid: kept.uuid, action: 'trash' }]);
    const [row] = await recordingRows(server, kept.scheduleId);
    expect(row!.deleted_at).not.toBeNull();
    // Run again: nothing more is asked of Zoom.
    expect(await runJob()).toBe(0);
    expect(zoom.cloud.deletions).toHaveLength(1);
    expect((await recordingRows(server, young.scheduleId))[0]!.deleted_at).toBeNull();

    const { student } = await signedIn();
    const lesson = await student.get(`/api/schedules/${kept.scheduleId}/recordings`);
    expect(lesson.body.recordings[0]).toMatchObject({ status: 'deleted', watch_path: null });
    const watch = await student.get(`/api/recordings/${kept.recordingId}/watch`);
    expect(watch.status).toBe(410);
    expect(watch.body.code).toBe('RECORDING_DELETED');
  });

  test('a recording Zoom no longer has (404) is marked deleted', async () => {
    const gone = await recordedLesson(START + 20 * DAY);
    zoom.cloud.byUuid.get(gone.uuid)!.deleted = { action: 'by hand in Zoom' };
    // The earlier test's younger recording expires first.
    clock.set(START + 25 * DAY);
    expect(await runJob()).toBe(1);
    clock.set(START + 31 * DAY);
    expect(await runJob()).toBe(1);
    expect((await recordingRows(server, gone.scheduleId))[0]!.deleted_at).not.toBeNull();
    expect(zoom.cloud.deletions.map((d) => d.uuid)).not.toContain(gone.uuid);
  });

  test('a Zoom failure leaves the recording for a later run, an hour on', async () => {
    const failing = await recordedLesson(START + 40 * DAY);
    clock.set(START + 51 * DAY);
    zoom.cloud.failDeletes = 1;
    expect(await runJob()).toBe(0);
    const [waiting] = await recordingRows(server, failing.scheduleId);
    expect(waiting!.deleted_at).toBeNull();
    // Not asked again at once (several processes, several runs a minute apart)…
    expect(await runJob()).toBe(0);
    clock.set(START + 51 * DAY + 61 * 60_000);
    // …but after the hour.
    expect(await runJob()).toBe(1);
    expect(zoom.cloud.deletions.at(-1)).toEqual({ uuid: failing.uuid, action: 'trash' });
  });

  test('two processes running at once delete a recording once', async () => {
    const raced = await recordedLesson(START + 60 * DAY);
    clock.set(START + 71 * DAY);
    const before = zoom.cloud.deletions.length;
    const [a, b] = await Promise.all([runJob(), runJob()]);
    expect(a + b).toBe(1);
    expect(zoom.cloud.deletions.length - before).toBe(1);
    expect((await recordingRows(server, raced.scheduleId))[0]!.deleted_at).not.toBeNull();
  });

  test('recordings kept forever are never deleted', async () => {
    const forever = await recordedLesson(START + 80 * DAY);
    const { freshAdmin } = await signedIn();
    await freshAdmin.put('/api/recording-settings', { retention_days: null });
    clock.set(START + 5000 * DAY);
    expect(await runJob()).toBe(0);
    expect((await recordingRows(server, forever.scheduleId))[0]!.deleted_at).toBeNull();
  });
});

describe('a recording whose event never came', () => {
  test('is looked up on Zoom half an hour after an auto-recorded lesson ended, and attached once', async () => {
    clock.set(START);
    const freshAdmin = await server.admin();
    const teacher = server.client();
    await teacher.login(school.teacher.email, school.teacher.password);
    const fields = {
      class_name: 'Auto recorded',
      teacher_id: school.teacher.user.user_id,
      start_date: '2030-03-01',
      end_date: '2030-06-30',
      description: null,
    };
    const recordedClass = await freshAdmin.post('/api/classes', {
      ...fields,
      auto_cloud_recording: true,
    });
    const plainClass = await freshAdmin.post('/api/classes', { ...fields, class_name: 'Plain' });
    const held = [];
    for (const [index, klass] of [recordedClass.body, plainClass.body].entries()) {
      const start = new Date(START + 3 * DAY + index * 3 * 3_600_000).toISOString();
      const lesson = await createLesson(freshAdmin, klass.class_id, start);
      const started = await teacher.post(`/api/schedules/${lesson.schedule_id}/start`);
      expect(started.status, started.text).toBe(200);
      const meetingId = started.body.launch.meetingNumber as string;
      // Zoom recorded both meetings; its events were lost.
      zoom.cloud.record(meetingId, { start, end: start });
      expect((await teacher.post(`/api/schedules/${lesson.schedule_id}/end`)).status).toBe(200);
      held.push({ scheduleId: lesson.schedule_id, meetingId });
    }
    const [auto, plain] = held as [(typeof held)[0], (typeof held)[0]];
    const asked = (meetingId: string) =>
      zoom.calls.filter((c) => c.method === 'GET' && c.path === `/meetings/${meetingId}/recordings`)
        .length;
    const run = () => fetchMissedRecordings(server.server.ctx, server.server.app.log);

    clock.set(START + 10 * 60_000);
    expect(await run()).toBe(0);
    expect(asked(auto.meetingId)).toBe(0);

    clock.set(START + 31 * 60_000);
    expect(await run()).toBe(1);
    const rows = await recordingRows(server, auto.scheduleId);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.secret_data).watch_url).toContain('pwd=');
    expect(await run()).toBe(0);
    expect(asked(auto.meetingId)).toBe(1);
    // A class that did not ask for recording is never looked up.
    expect(asked(plain.meetingId)).toBe(0);
    expect(await recordingRows(server, plain.scheduleId)).toHaveLength(0);
  });
});
