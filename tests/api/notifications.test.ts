// Notifications behind the sidebar's button: reminders 15 minutes before a lesson (made once per
// lesson and user, by a job the test runs at chosen instants), a lesson started, an enrolment, a
// lesson moved or cancelled; unread count, mark read, mark all read; live over the event stream
// to their owner only; pruned after 30 days.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sendLessonReminders } from '#server/features/notifications/reminders.ts';
import { TestClock } from '../helpers/clock.ts';
import { openEventStream } from '../helpers/event-stream.ts';
import type { Account } from '../helpers/factories.ts';
import { createLesson, enrol, startSchool } from '../helpers/school.ts';
import type { TestClient, TestServer } from '../helpers/test-server.ts';
import { startZoomSchool, type ZoomSchool } from '../helpers/zoom-school.ts';

const MINUTE = 60_000;
const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: ZoomSchool;
let server: TestServer;
let admin: TestClient;
let teacher: Account;
let student: Account;
let outsider: Account;
let classId: string;

beforeAll(async () => {
  school = await startZoomSchool({
    users: 4,
    clock,
    jobs: false,
    names: { className: 'IELTS 7.0' },
  });
  ({ server, admin, teacher, student, outsider, classId } = school);
});
afterAll(() => school.close());

const remind = () => sendLessonReminders(server.server.ctx);
const listOf = async (client: TestClient) => (await client.get('/api/notifications')).body;
const setClock = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());

describe('reminders', () => {
  test('15 minutes before a lesson its teacher and students are reminded once, live, and no one else', async () => {
    const lesson = await createLesson(admin, classId, '2030-03-12T02:00:00Z', 60, 'Speaking');
    expect(await remind()).toBe(0);
    setClock('2030-03-12T01:44:00Z');
    expect(await remind()).toBe(0);

    const studentStream = await openEventStream(server.baseUrl, student.client.cookie);
    const outsiderStream = await openEventStream(server.baseUrl, outsider.client.cookie);
    await studentStream.next('ready');
    await outsiderStream.next('ready');
    setClock('2030-03-12T01:46:00Z');
    // Runs racing each other, as several processes would: each reminder is made once.
    const made = await Promise.all([remind(), remind(), remind()]);
    expect(made.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await remind()).toBe(0);

    const live = await studentStream.next('notifications.changed', 5_000);
    expect(live.data).toEqual({ user_id: student.user.user_id });
    // The outsider's stream hears of nothing: the next event it gets is one for everybody.
    await admin.patch('/api/center-settings', { center_name: 'Edu Center' });
    const next = await Promise.race([
      outsiderStream.next('notifications.changed', 3_000).then(() => 'notification'),
      outsiderStream.next('center-settings.updated', 3_000).then(() => 'settings'),
    ]);
    expect(next).toBe('settings');
    studentStream.close();
    outsiderStream.close();

    for (const who of [student, teacher]) {
      const list = await listOf(who.client);
      // The student also has the enrolment of the class's set-up.
      expect(list.unread).toBe(who === student ? 2 : 1);
      expect(list.items.filter((n: { type: string }) => n.type !== 'enrolled')).toEqual([
        expect.objectContaining({
          type: 'lesson_starting_soon',
          schedule_id: lesson.schedule_id,
          class_id: classId,
          params: {
            class_name: 'IELTS 7.0',
            topic: 'Speaking',
            start_time: '2030-03-12T02:00:00.000Z',
          },
          read_at: null,
        }),
      ]);
    }
    expect((await listOf(outsider.client)).items).toEqual([]);
    expect((await listOf(admin)).items).toEqual([]);
  });

  test('a lesson that started while no job ran gets no late reminder', async () => {
    await createLesson(admin, classId, '2030-03-13T02:00:00Z', 60, 'Missed');
    setClock('2030-03-13T02:05:00Z');
    expect(await remind()).toBe(0);
  });
});

describe('events that notify', () => {
  test('a lesson started: its students get a notification with the lesson', async () => {
    const lesson = await createLesson(admin, classId, '2030-03-14T02:00:00Z', 60, 'Live one');
    setClock('2030-03-14T01:58:00Z');
    const started = await teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`);
    expect(started.status, started.text).toBe(200);
    // Starting again (the host re-opens the meeting) tells nobody twice.
    expect((await teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`)).status).toBe(
      200,
    );
    const items = (await listOf(student.client)).items.filter(
      (n: { type: string }) => n.type === 'lesson_started',
    );
    expect(items).toEqual([
      expect.objectContaining({
        schedule_id: lesson.schedule_id,
        params: expect.objectContaining({ topic: 'Live one', class_name: 'IELTS 7.0' }),
      }),
    ]);
    // The teacher started it: no "has started" for them.
    expect(
      (await listOf(teacher.client)).items.some(
        (n: { type: string }) => n.type === 'lesson_started',
      ),
    ).toBe(false);
    await teacher.client.post(`/api/schedules/${lesson.schedule_id}/end`);
  });

  test('an enrolment tells the student', async () => {
    await enrol(admin, classId, [outsider.user.user_id]);
    expect((await listOf(outsider.client)).items).toEqual([
      expect.objectContaining({
        type: 'enrolled',
        class_id: classId,
        params: { class_name: 'IELTS 7.0', start_date: '2030-03-01' },
      }),
    ]);
  });

  test('a cancelled lesson and lessons moved together tell the class, not who did it', async () => {
    const lesson = await createLesson(admin, classId, '2030-04-02T02:00:00Z', 60, 'Cancelled one');
    // Each change a second apart: the lists are newest first.
    clock.advance(1_000);
    expect((await admin.delete(`/api/schedules/${lesson.schedule_id}`)).status).toBe(200);
    const cancelled = (await listOf(student.client)).items[0];
    expect(cancelled).toMatchObject({
      type: 'lesson_cancelled',
      params: {
        class_name: 'IELTS 7.0',
        topic: 'Cancelled one',
        start_time: '2030-04-02T02:00:00.000Z',
        count: '1',
      },
    });
    expect((await listOf(teacher.client)).items[0].type).toBe('lesson_cancelled');
    expect((await listOf(admin)).items).toEqual([]);

    const series = await admin.post(`/api/classes/${classId}/schedule-series`, {
      topic_pattern: 'Unit {n}',
      weekdays: [2, 4],
      start_time: '18:00',
      first_date: '2030-04-08',
      count: 4,
    });
    expect(series.status, series.text).toBe(201);
    const lessons = (await admin.get(`/api/classes/${classId}/schedules`)).body.items.filter(
      (l: { series_id?: string }) => l.series_id === series.body.series_id,
    );
    clock.advance(1_000);
    const moved = await admin.patch(`/api/schedules/${lessons[1].schedule_id}/following`, {
      start_time: '19:00',
    });
    expect(moved.status, moved.text).toBe(200);
    // One notification for the three lessons moved, naming the first.
    expect((await listOf(student.client)).items[0]).toMatchObject({
      type: 'lesson_moved',
      schedule_id: lessons[1].schedule_id,
      params: {
        topic: 'Unit 2',
        start_time: '2030-04-11T11:00:00.000Z',
        new_start_time: '2030-04-11T12:00:00.000Z',
        count: '3',
      },
    });
    clock.advance(1_000);
    const removed = await admin.delete(`/api/schedules/${lessons[2].schedule_id}/following`);
    expect(removed.status).toBe(200);
    expect((await listOf(student.client)).items[0]).toMatchObject({
      type: 'lesson_cancelled',
      params: { topic: 'Unit 3', count: '2' },
    });
  });
});

describe('reading them', () => {
  test('mark one read, then all; nobody marks another user’s', async () => {
    const before = await listOf(student.client);
    expect(before.unread).toBeGreaterThan(2);
    const first = before.items[0].notification_id;
    expect((await outsider.client.post(`/api/notifications/${first}/read`)).status).toBe(404);
    expect((await student.client.post(`/api/notifications/${first}/read`)).status).toBe(200);
    const after = await listOf(student.client);
    expect(after.unread).toBe(before.unread - 1);
    expect(after.items[0].read_at).toBe(clock.now().toISOString());
    // Marking it again changes nothing and is not an error.
    expect((await student.client.post(`/api/notifications/${first}/read`)).status).toBe(200);
    expect((await student.client.post('/api/notifications/read-all')).status).toBe(200);
    expect((await listOf(student.client)).unread).toBe(0);
    expect((await listOf(teacher.client)).unread).toBeGreaterThan(0);
    expect((await server.client().get('/api/notifications')).status).toBe(401);
  });

  test('notifications older than 30 days are pruned by the job', async () => {
    const { db } = server.server.ctx.database;
    const stored = () => db.selectFrom('notifications').select('notification_id').execute();
    expect((await stored()).length).toBeGreaterThan(0);
    clock.advance(29 * 24 * 60 * MINUTE);
    await remind();
    expect((await stored()).length).toBeGreaterThan(0);
    clock.advance(2 * 24 * 60 * MINUTE);
    await remind();
    expect(await stored()).toEqual([]);
  });
});

describe('the job in a running server', () => {
  test('a lesson added ten minutes before it starts is reminded of at once, not at the next minute', async () => {
    const jobClock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
    const school = await startSchool({ clock: jobClock });
    try {
      const stream = await openEventStream(school.server.baseUrl, school.student.client.cookie);
      await stream.next('ready');
      const lesson = await createLesson(school.admin, school.classId, '2030-03-10T02:10:00Z');
      await stream.next('notifications.changed', 5_000);
      const items = (await school.student.client.get('/api/notifications')).body.items;
      expect(items.filter((n: { type: string }) => n.type === 'lesson_starting_soon')).toEqual([
        expect.objectContaining({ schedule_id: lesson.schedule_id }),
      ]);
      stream.close();
    } finally {
      await school.server.close();
    }
  });
});
