// Lessons' recordings (issue 28 point 4, docs/decisions/034-recordings.md): Zoom's
// recording.completed attaches a recording to its lesson once; the class's students and teacher,
// the lesson's substitute, admin and staff see it and nobody else; a student opens it through our
// own address, never receiving the passcode in JSON; a class can ask for automatic cloud
// recording; lessons on other providers have none.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ZoomEmulator } from '../../fakes/zoom-emulator.ts';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount, snapshot } from '../../helpers/factories.ts';
import { createClass, createLesson, enrol, startSchool } from '../../helpers/school.ts';
import type { TestClient, TestServer } from '../../helpers/test-server.ts';
import { recordingRows, recordMeeting } from '../../helpers/zoom-recordings.ts';
import { startZoomSchool, type ZoomSchool } from '../../helpers/zoom-school.ts';
import { deliverWebhook } from '../../helpers/zoom-webhook.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: ZoomSchool;
let zoom: ZoomEmulator;
let server: TestServer;
let admin: TestClient;
let substitute: Account;
let lessonHour = 0;

beforeAll(async () => {
  school = await startZoomSchool({
    users: 30,
    clock,
    jobs: false,
    env: { EARLY_START_MINUTES: String(7 * 24 * 60) },
  });
  ({ zoom, server, admin } = school);
  substitute = await createAccount(server, admin, 'teacher');
});
afterAll(() => school.close());

/** A lesson of the school's class, started by its teacher: its meeting exists on Zoom. */
async function startedLesson(classId = school.classId, teacher = school.teacher) {
  lessonHour += 2;
  const start = new Date(Date.parse('2030-03-11T00:00:00Z') + lessonHour * 3_600_000);
  const lesson = await createLesson(admin, classId, start.toISOString());
  const started = await teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`);
  expect(started.status, started.text).toBe(200);
  return {
    scheduleId: lesson.schedule_id,
    meetingId: started.body.launch.meetingNumber as string,
  };
}

async function recordedLesson() {
  const lesson = await startedLesson();
  const made = await recordMeeting(zoom, server, clock, lesson.meetingId);
  expect(made.delivered.status, made.delivered.text).toBe(200);
  const [row] = await recordingRows(server, lesson.scheduleId);
  return { ...lesson, ...made, recordingId: row!.recording_id };
}

/** Where our watch address sends the caller, without following it. */
async function watch(client: TestClient, recordingId: string) {
  const response = await fetch(`${server.baseUrl}/api/recordings/${recordingId}/watch`, {
    headers: client.cookie ? { cookie: client.cookie } : {},
    redirect: 'manual',
  });
  const text = await response.text();
  return {
    status: response.status,
    location: response.headers.get('location'),
    cacheControl: response.headers.get('cache-control'),
    body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  };
}

describe('a class asks for automatic cloud recording', () => {
  test('its Zoom meetings are created with auto_recording "cloud"; other classes leave it out', async () => {
    const recorded = await createClass(admin, school.teacher.user.user_id, {
      class_name: 'Recorded class',
      auto_cloud_recording: true,
    } as never);
    const detail = await admin.get(`/api/classes/${recorded.class_id}`);
    expect(detail.body.auto_cloud_recording).toBe(true);
    const withRecording = await startedLesson(recorded.class_id);
    expect(zoom.meetings.get(withRecording.meetingId)?.settings.auto_recording).toBe('cloud');

    const plain = await startedLesson();
    expect(zoom.meetings.get(plain.meetingId)?.settings).not.toHaveProperty('auto_recording');
    expect((await admin.get(`/api/classes/${school.classId}`)).body.auto_cloud_recording).toBe(
      false,
    );
  });

  test('the switch is changed with the class, and kept when an update leaves it out', async () => {
    const klass = await createClass(admin, school.teacher.user.user_id, { class_name: 'Switch' });
    const fields = {
      class_name: 'Switch',
      teacher_id: school.teacher.user.user_id,
      start_date: '2030-03-01',
      end_date: '2030-06-30',
      description: null,
    };
    const on = await admin.put(`/api/classes/${klass.class_id}`, {
      ...fields,
      auto_cloud_recording: true,
    });
    expect(on.status, on.text).toBe(200);
    expect(on.body.auto_cloud_recording).toBe(true);
    const kept = await admin.put(`/api/classes/${klass.class_id}`, fields);
    expect(kept.body.auto_cloud_recording).toBe(true);
    const bad = await admin.put(`/api/classes/${klass.class_id}`, {
      ...fields,
      auto_cloud_recording: 'yes',
    });
    expect(bad.status).toBe(400);
  });
});

describe("Zoom's recording.completed", () => {
  test('attaches the recording to its lesson, and a repeated delivery attaches nothing twice', async () => {
    const lesson = await startedLesson();
    const made = await recordMeeting(zoom, server, clock, lesson.meetingId);
    expect(made.delivered.status, made.delivered.text).toBe(200);
    expect(made.delivered.body).toEqual({ ok: true });
    const again = await deliverWebhook(server, clock, made.event);
    expect(again.status).toBe(200);

    const rows = await recordingRows(server, lesson.scheduleId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'zoom', provider_recording_id: made.recording.uuid });
    const reply = await admin.get(`/api/schedules/${lesson.scheduleId}/recordings`);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.recordable).toBe(true);
    expect(reply.body.recordings).toHaveLength(1);
    expect(reply.body.recordings[0]).toMatchObject({
      status: 'available',
      total_bytes: 52_428_800 + 4_194_304,
      watch_path: `/api/recordings/${rows[0]!.recording_id}/watch`,
    });
    expect(reply.body.recordings[0].files.map((f: { file_type: string }) => f.file_type)).toEqual([
      'MP4',
      'M4A',
    ]);
  });

  test('a bad signature is refused with 401 and attaches nothing', async () => {
    const lesson = await startedLesson();
    const { event } = zoom.cloud.record(lesson.meetingId, {
      start: '2030-03-10T01:00:00Z',
      end: '2030-03-10T01:50:00Z',
    });
    const before = await snapshot(server, ['lesson_recordings']);
    const refused = await deliverWebhook(server, clock, event, { secret: 'not-the-secret' });
    expect(refused.status).toBe(401);
    expect(await snapshot(server, ['lesson_recordings'])).toEqual(before);
  });

  test('a signed event that is not what Zoom documents is a 400 and attaches nothing', async () => {
    const lesson = await startedLesson();
    const before = await snapshot(server, ['lesson_recordings']);
    const bad = await deliverWebhook(server, clock, {
      event: 'recording.completed',
      payload: { object: { id: Number(lesson.meetingId), recording_files: 'many' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION');
    expect(await snapshot(server, ['lesson_recordings'])).toEqual(before);
  });

  test("a meeting that is not one of our lessons' is answered and ignored", async () => {
    const before = await snapshot(server, ['lesson_recordings']);
    const stranger = await deliverWebhook(server, clock, {
      event: 'recording.completed',
      payload: {
        object: { uuid: 'abc==', id: 123456789, share_url: 'https://zoom.example/rec/share/x' },
      },
    });
    expect(stranger.status).toBe(200);
    expect(stranger.body).toEqual({ ok: true, ignored: true });
    expect(await snapshot(server, ['lesson_recordings'])).toEqual(before);
  });
});

describe('who sees a recording', () => {
  let recorded: Awaited<ReturnType<typeof recordedLesson>>;
  beforeAll(async () => {
    recorded = await recordedLesson();
    // The lesson was given to another teacher (migration 029).
    await server.server.ctx.database.db
      .updateTable('schedules')
      .set({ substitute_teacher_id: substitute.user.user_id })
      .where('schedule_id', '=', recorded.scheduleId)
      .execute();
  });

  test.each([
    ['the class student', () => school.student.client],
    ['the class teacher', () => school.teacher.client],
    ["the lesson's substitute", () => substitute.client],
    ['staff', () => school.staff.client],
    ['the admin', () => admin],
  ])('%s sees it and is sent on to Zoom with its passcode', async (_who, client) => {
    const list = await client().get(`/api/schedules/${recorded.scheduleId}/recordings`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.recordings).toHaveLength(1);
    const opened = await watch(client(), recorded.recordingId);
    expect(opened.status).toBe(302);
    const location = new URL(opened.location!);
    expect(`${location.origin}${location.pathname}`).toBe(recorded.recording.shareUrl);
    expect(location.searchParams.get('pwd')).toBe(recorded.recording.playPasscode);
    expect(opened.cacheControl).toBe('no-store');
  });

  test.each([
    ['a student of another class', () => school.outsider.client],
    ['another teacher', () => school.otherTeacher.client],
  ])('%s is refused (403) everywhere', async (_who, client) => {
    const list = await client().get(`/api/schedules/${recorded.scheduleId}/recordings`);
    expect(list.status).toBe(403);
    const opened = await watch(client(), recorded.recordingId);
    expect(opened.status).toBe(403);
    expect(opened.location).toBeNull();
    const byClass = await client().get(`/api/classes/${school.classId}/recordings`);
    expect(byClass.status).toBe(403);
  });

  test('signed out, the watch address is a 401 and sends nowhere', async () => {
    const opened = await watch(server.client(), recorded.recordingId);
    expect(opened.status).toBe(401);
    expect(opened.location).toBeNull();
  });

  test('an unknown lesson or recording is a 404 (a malformed id a 400)', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await admin.get(`/api/schedules/${id}/recordings`)).status).toBe(404);
    expect((await watch(admin, id)).status).toBe(404);
    const malformed = await watch(admin, 'not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.location).toBeNull();
  });

  test("the class's list of recordings gives its student this lesson's", async () => {
    const byClass = await school.student.client.get(`/api/classes/${school.classId}/recordings`);
    expect(byClass.status, byClass.text).toBe(200);
    const lesson = byClass.body.items.find(
      (item: { schedule_id: string }) => item.schedule_id === recorded.scheduleId,
    );
    expect(lesson.recordable).toBe(true);
    expect(lesson.recordings.map((r: { recording_id: string }) => r.recording_id)).toEqual([
      recorded.recordingId,
    ]);
  });

  test("the substitute's list of the class holds only the lesson they cover", async () => {
    const byClass = await substitute.client.get(`/api/classes/${school.classId}/recordings`);
    expect(byClass.status, byClass.text).toBe(200);
    expect(byClass.body.items.map((item: { schedule_id: string }) => item.schedule_id)).toEqual([
      recorded.scheduleId,
    ]);
  });

  test('no JSON a student receives holds the passcode, the share link or the download token', async () => {
    const student = school.student.client;
    const replies = await Promise.all([
      student.get(`/api/schedules/${recorded.scheduleId}/recordings`),
      student.get(`/api/classes/${school.classId}/recordings`),
      student.get(`/api/classes/${school.classId}/schedules`),
      student.get('/api/dashboard'),
    ]);
    const secrets = [
      recorded.recording.playPasscode,
      recorded.recording.password,
      recorded.recording.shareUrl,
      String(recorded.event.download_token),
      ...recorded.recording.files.map((file) => file.play_url),
    ];
    for (const reply of replies) {
      expect(reply.status, reply.text).toBe(200);
      for (const secret of secrets) expect(reply.text).not.toContain(secret);
    }
  });
});

describe('lessons on other providers', () => {
  test('a lesson in a room or on the class link says it has no recording', async () => {
    const room = await admin.post('/api/rooms', { name: 'Phòng 101' });
    expect(room.status, room.text).toBe(201);
    const inRoom = await createClass(admin, school.teacher.user.user_id, {
      class_name: 'In a room',
      default_venue: 'room',
      default_room_id: room.body.room_id,
    });
    const onLink = await createClass(admin, school.teacher.user.user_id, {
      class_name: 'On a link',
      default_venue: 'link',
      meeting_link: 'https://meet.example/abc-defg-hij',
    });
    for (const [index, klass] of [inRoom, onLink].entries()) {
      await enrol(admin, klass.class_id, [school.student.user.user_id]);
      const lesson = await createLesson(admin, klass.class_id, `2030-04-0${index + 1}T02:00:00Z`);
      const reply = await school.student.client.get(
        `/api/schedules/${lesson.schedule_id}/recordings`,
      );
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body).toEqual({
        schedule_id: lesson.schedule_id,
        recordable: false,
        recordings: [],
      });
    }
    const byClass = await school.student.client.get(`/api/classes/${onLink.class_id}/recordings`);
    expect(byClass.body.items).toEqual([
      expect.objectContaining({ recordable: false, recordings: [] }),
    ]);
    const zoomLesson = await createLesson(admin, school.classId, '2030-04-05T02:00:00Z');
    const onZoom = await admin.get(`/api/schedules/${zoomLesson.schedule_id}/recordings`);
    expect(onZoom.body).toMatchObject({ recordable: true, recordings: [] });
  });
});

describe('Zoom not connected', () => {
  test("a Zoom lesson is not said to have no recording while Zoom's credentials are not set", async () => {
    const plain = await startSchool({ clock });
    try {
      const lesson = await createLesson(plain.admin, plain.classId, '2030-04-06T02:00:00Z');
      const reply = await plain.admin.get(`/api/schedules/${lesson.schedule_id}/recordings`);
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body).toMatchObject({ recordable: true, recordings: [] });
    } finally {
      await plain.server.close();
    }
  });
});
