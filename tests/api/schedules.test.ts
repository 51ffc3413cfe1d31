import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAGE_SIZE } from '#common/constants.ts';
import { TestClock } from '../helpers/clock.ts';
import { openEventStream } from '../helpers/event-stream.ts';
import { type Account, snapshot } from '../helpers/factories.ts';
import { putLessonMeeting } from '../helpers/lesson-meeting.ts';
import { refusal } from '../helpers/replies.ts';
import { createClass, createLesson, startSchool } from '../helpers/school.ts';
import type { TestClient, TestServer } from '../helpers/test-server.ts';

// 09:00 in Ho Chi Minh City on 10 March 2030.
const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let server: TestServer;
let admin: TestClient;
let staff: Account;
let teacher: Account;
let otherTeacher: Account;
let student: Account;
let classId: string;

beforeAll(async () => {
  ({ server, admin, staff, teacher, otherTeacher, student, classId } = await startSchool({
    clock,
    names: { teacher: 'Thầy Nam', className: 'IELTS 7.0' },
  }));
});
afterAll(() => server.close());

const lesson = (start: string, minutes = 60, topic = 'Listening') => ({
  topic,
  description: 'Unit 3',
  start_time: start,
  end_time: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
});

describe('adding lessons', () => {
  test('staff adds a pending lesson to a class', async () => {
    const response = await staff.client.post(
      `/api/classes/${classId}/schedules`,
      lesson('2030-03-12T02:00:00+00:00'),
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      status: 'pending',
      topic: 'Listening',
      start_time: '2030-03-12T02:00:00.000Z',
      class: { class_name: 'IELTS 7.0', teacher: { full_name: 'Thầy Nam' } },
    });
  });

  test.each([
    [{ topic: '  ' }, { code: 'SCHEDULE_TOPIC_REQUIRED' }],
    [{ start_time: '' }, { code: 'SCHEDULE_TIMES_REQUIRED' }],
    [{ end_time: undefined }, { code: 'SCHEDULE_TIMES_REQUIRED' }],
    [{ start_time: 'tomorrow at nine' }, { code: 'SCHEDULE_TIMES_REQUIRED' }],
    [
      { start_time: '2030-03-12T03:00:00Z', end_time: '2030-03-12T03:00:00Z' },
      { code: 'SCHEDULE_END_AFTER_START' },
    ],
    [
      { start_time: '2030-03-12T04:00:00Z', end_time: '2030-03-12T03:00:00Z' },
      { code: 'SCHEDULE_END_AFTER_START' },
    ],
    [
      { start_time: '2030-03-10T01:00:00Z', end_time: '2030-03-10T02:30:00Z' },
      { code: 'SCHEDULE_START_IN_PAST' },
    ],
    [
      { start_time: '2030-07-01T02:00:00Z', end_time: '2030-07-01T03:00:00Z' },
      { code: 'SCHEDULE_OUTSIDE_CLASS', params: { start: '2030-03-01', end: '2030-06-30' } },
    ],
    // 00:30 on 1 July in Ho Chi Minh City is 17:30 UTC on 30 June: after the class has ended.
    [
      { start_time: '2030-06-30T17:30:00Z', end_time: '2030-06-30T18:30:00Z' },
      { code: 'SCHEDULE_OUTSIDE_CLASS', params: { start: '2030-03-01', end: '2030-06-30' } },
    ],
  ])('%j is refused with %j and nothing is written', async (change, message) => {
    const before = await snapshot(server, ['schedules']);
    const response = await staff.client.post(`/api/classes/${classId}/schedules`, {
      ...lesson('2030-03-12T05:00:00Z'),
      ...change,
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(refusal(response.body)).toEqual(message);
    expect(await snapshot(server, ['schedules'])).toEqual(before);
  });

  test("a lesson ending at 23:59 local time on the class's last day is inside the class", async () => {
    const response = await staff.client.post(`/api/classes/${classId}/schedules`, {
      ...lesson('2030-06-30T16:00:00Z', 59),
    });
    expect(response.status).toBe(201);
  });

  test('two lessons of one class may not overlap', async () => {
    await createLesson(admin, classId, '2030-03-13T02:00:00Z', 90);
    const response = await staff.client.post(
      `/api/classes/${classId}/schedules`,
      lesson('2030-03-13T03:00:00Z'),
    );
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('SCHEDULE_OVERLAP_CLASS');
    // Back to back is fine.
    expect(
      (await staff.client.post(`/api/classes/${classId}/schedules`, lesson('2030-03-13T03:30:00Z')))
        .status,
    ).toBe(201);
  });

  test('a teacher cannot be booked into overlapping lessons of two classes', async () => {
    const second = await createClass(admin, teacher.user.user_id, { class_name: 'Second class' });
    await createLesson(admin, classId, '2030-03-14T02:00:00Z');
    const response = await admin.post(
      `/api/classes/${second.class_id}/schedules`,
      lesson('2030-03-14T02:30:00Z'),
    );
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('SCHEDULE_OVERLAP_TEACHER');
    const otherClass = await createClass(admin, otherTeacher.user.user_id, {
      class_name: 'Other teacher',
    });
    expect(
      (
        await admin.post(
          `/api/classes/${otherClass.class_id}/schedules`,
          lesson('2030-03-14T02:30:00Z'),
        )
      ).status,
    ).toBe(201);
  });

  test('simultaneous bookings of one teacher: exactly one wins', async () => {
    const a = await createClass(admin, teacher.user.user_id, { class_name: 'Race A' });
    const b = await createClass(admin, teacher.user.user_id, { class_name: 'Race B' });
    const results = await Promise.all([
      admin.post(`/api/classes/${a.class_id}/schedules`, lesson('2030-03-15T02:00:00Z')),
      admin.post(`/api/classes/${b.class_id}/schedules`, lesson('2030-03-15T02:00:00Z')),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  test('teachers and students cannot add lessons', async () => {
    expect(
      (
        await teacher.client.post(
          `/api/classes/${classId}/schedules`,
          lesson('2030-03-20T02:00:00Z'),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await student.client.post(
          `/api/classes/${classId}/schedules`,
          lesson('2030-03-20T02:00:00Z'),
        )
      ).status,
    ).toBe(403);
  });
});

describe('reading lessons', () => {
  test("a class's lessons come in time order; only students lack the host start URL", async () => {
    const { db } = server.server.ctx.database;
    const created = await createLesson(admin, classId, '2030-03-11T02:00:00Z');
    await putLessonMeeting(db, created.schedule_id, {
      join: { join_url: 'https://zoom.example/j/1' },
      secret: { start_url: 'https://zoom.example/s/host-secret', password: 'pw123' },
      created_at: new Date().toISOString(),
    });
    const asTeacher = await teacher.client.get(`/api/classes/${classId}/schedules`);
    const times = asTeacher.body.items.map((s: { start_time: string }) => s.start_time);
    expect(times).toEqual([...times].sort());
    expect(
      asTeacher.body.items.find(
        (s: { schedule_id: string }) => s.schedule_id === created.schedule_id,
      ).meeting.secret.start_url,
    ).toBe('https://zoom.example/s/host-secret');
    for (const url of [`/api/classes/${classId}/schedules`, '/api/dashboard']) {
      const asStudent = await student.client.get(url);
      expect(asStudent.status).toBe(200);
      expect(asStudent.text).not.toContain('host-secret');
      expect(asStudent.text).not.toContain('start_url');
      expect(asStudent.text).not.toContain('pw123');
    }
  });

  test('the Schedules page: newest first, with student count, n/total and counts per status', async () => {
    const response = await admin.get('/api/schedules');
    expect(response.status).toBe(200);
    const { items, counts } = response.body;
    const times = items.map((s: { start_time: string }) => s.start_time);
    expect(times).toEqual([...times].sort().reverse());
    const ofClass = items.filter((s: { class_id: string }) => s.class_id === classId);
    expect(ofClass[0]).toMatchObject({ student_count: 1, class: { class_name: 'IELTS 7.0' } });
    expect(ofClass[0].session_index).toBe(ofClass[0].session_total);
    expect(counts.all).toBe(counts.pending + counts.active + counts.completed);
    const pending = await admin.get('/api/schedules?status=pending');
    expect(pending.body.total).toBe(counts.pending);
    expect((await admin.get('/api/schedules?status=bogus')).status).toBe(400);
  });

  test('the per-status counts follow lesson changes at once', async () => {
    const before = (await admin.get('/api/schedules')).body.counts;
    const created = await createLesson(admin, classId, '2030-03-26T02:00:00Z');
    const after = (await staff.client.get('/api/schedules')).body.counts;
    expect(after.all).toBe(before.all + 1);
    expect(after.pending).toBe(before.pending + 1);
    await admin.delete(`/api/schedules/${created.schedule_id}`);
    expect((await admin.get('/api/schedules')).body.counts.all).toBe(before.all);
  });

  test('the counts cover active classes only, and a topic edit leaves them right', async () => {
    const other = await createClass(admin, otherTeacher.user.user_id, { class_name: 'Closing' });
    const first = await createLesson(admin, other.class_id, '2030-03-27T02:00:00Z');
    await createLesson(admin, other.class_id, '2030-03-28T02:00:00Z');
    const before = (await admin.get('/api/schedules')).body.counts;
    const renamed = await admin.patch(`/api/schedules/${first.schedule_id}`, { topic: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect((await staff.client.get('/api/schedules')).body.counts).toEqual(before);
    expect((await admin.delete(`/api/classes/${other.class_id}`)).status).toBe(200);
    const after = (await staff.client.get('/api/schedules')).body.counts;
    expect(after).toEqual({ ...before, all: before.all - 2, pending: before.pending - 2 });
    // The cached counts agree with the lessons the list pages through.
    const pages = Math.ceil(after.all / PAGE_SIZE);
    let listed = 0;
    for (let page = 1; page <= pages; page++) {
      listed += (await admin.get(`/api/schedules?page=${page}`)).body.items.length;
    }
    expect(listed).toBe(after.all);
  });

  test('teachers see only lessons of their own active classes; students may not open the page', async () => {
    const other = await createClass(admin, otherTeacher.user.user_id, { class_name: 'Not mine' });
    await createLesson(admin, other.class_id, '2030-04-01T02:00:00Z');
    const response = await teacher.client.get('/api/schedules?page=1');
    expect(
      response.body.items.every(
        (s: { class: { teacher_id: string } }) => s.class.teacher_id === teacher.user.user_id,
      ),
    ).toBe(true);
    expect((await student.client.get('/api/schedules')).status).toBe(403);
  });
});

describe('changing and deleting lessons', () => {
  test("the class's teacher and admin change a topic; staff, students and other teachers cannot", async () => {
    const created = await createLesson(admin, classId, '2030-03-21T02:00:00Z');
    const url = `/api/schedules/${created.schedule_id}`;
    expect((await teacher.client.patch(url, { topic: 'Writing task 2' })).body.topic).toBe(
      'Writing task 2',
    );
    expect((await admin.patch(url, { topic: 'Writing task 1' })).status).toBe(200);
    expect((await staff.client.patch(url, { topic: 'X' })).status).toBe(403);
    expect((await student.client.patch(url, { topic: 'X' })).status).toBe(403);
    expect((await otherTeacher.client.patch(url, { topic: 'X' })).status).toBe(403);
    expect((await teacher.client.patch(url, { topic: ' ' })).body).toMatchObject({
      code: 'VALIDATION',
      reason: 'SCHEDULE_TOPIC_REQUIRED',
    });
  });

  test('admin and staff delete a lesson; a completed one only admin', async () => {
    const { db } = server.server.ctx.database;
    const pending = await createLesson(admin, classId, '2030-03-22T02:00:00Z');
    expect((await teacher.client.delete(`/api/schedules/${pending.schedule_id}`)).status).toBe(403);
    const deleted = await staff.client.delete(`/api/schedules/${pending.schedule_id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.code).toBe('SCHEDULE_DELETED');

    const done = await createLesson(admin, classId, '2030-03-23T02:00:00Z');
    await db
      .updateTable('schedules')
      .set({ status: 'completed' })
      .where('schedule_id', '=', done.schedule_id)
      .execute();
    const refused = await staff.client.delete(`/api/schedules/${done.schedule_id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('SCHEDULE_DELETE_COMPLETED_ADMIN_ONLY');
    expect((await admin.delete(`/api/schedules/${done.schedule_id}`)).status).toBe(200);
  });

  test('lesson changes are announced on the realtime channel', async () => {
    const stream = await openEventStream(server.baseUrl, student.client.cookie);
    await stream.next('ready');
    const created = await createLesson(admin, classId, '2030-03-24T02:00:00Z');
    const event = await stream.next('schedules.changed');
    expect(event.data).toMatchObject({ class_id: classId, schedule_id: created.schedule_id });
    stream.close();
  });
});
