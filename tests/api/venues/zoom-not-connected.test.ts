// When Zoom is not connected (no credentials configured), it is not offered (GET /api/venues tells
// the web which venues there are), and a lesson held on Zoom says that Zoom is not connected and
// that an admin connects it: never "no free Zoom account, try again later", which a retry cannot
// cure. With Zoom connected, a full pool still gets that answer.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { snapshot } from '../../helpers/factories.ts';
import { putLessonMeeting } from '../../helpers/lesson-meeting.ts';
import { createLesson, type School, startSchool } from '../../helpers/school.ts';
import { startZoomSchool, type ZoomSchool } from '../../helpers/zoom-school.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
const env = { EARLY_START_MINUTES: '600' };

describe('without Zoom credentials', () => {
  let school: School;
  beforeAll(async () => {
    school = await startSchool({ clock, env });
  });
  afterAll(() => school.server.close());

  test('only rooms and links are offered, to everyone signed in', async () => {
    for (const client of [
      school.admin,
      school.staff.client,
      school.teacher.client,
      school.student.client,
    ]) {
      const venues = await client.get('/api/venues');
      expect(venues.status).toBe(200);
      expect(venues.body).toEqual({ available: ['room', 'link'] });
    }
    expect((await school.server.client().get('/api/venues')).status).toBe(401);
  });

  test('starting a Zoom lesson says Zoom is not connected (an admin connects it), for every starter', async () => {
    const lesson = await createLesson(school.admin, school.classId, '2030-03-10T02:10:00Z');
    expect(lesson).toMatchObject({ status: 'pending' });
    const before = await snapshot(school.server, ['schedules', 'lesson_meetings']);
    for (const client of [school.teacher.client, school.staff.client, school.admin]) {
      const response = await client.post(`/api/schedules/${lesson.schedule_id}/start`);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ code: 'ZOOM_NOT_CONNECTED' });
    }
    // Also days before its start window opens: waiting would not help either.
    const later = await createLesson(school.admin, school.classId, '2030-03-25T02:00:00Z');
    const early = await school.teacher.client.post(`/api/schedules/${later.schedule_id}/start`);
    expect(early.body.code).toBe('ZOOM_NOT_CONNECTED');
    const snapshotAfter = await snapshot(school.server, ['schedules', 'lesson_meetings']);
    expect(snapshotAfter.lesson_meetings).toEqual(before.lesson_meetings);
  });

  test('a Zoom lesson left running when Zoom was disconnected cannot be joined or reopened: the same answer', async () => {
    const { db } = school.server.server.ctx.database;
    const lesson = await createLesson(school.admin, school.classId, '2030-03-10T04:00:00Z');
    await putLessonMeeting(db, lesson.schedule_id, {
      external_id: '123',
      join: { join_url: 'https://zoom.example/j/123' },
      created_at: clock.now().toISOString(),
    });
    await db
      .updateTable('schedules')
      .set({ status: 'active' })
      .where('schedule_id', '=', lesson.schedule_id)
      .execute();
    const calls = [
      school.student.client.post(`/api/schedules/${lesson.schedule_id}/join`),
      school.teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`),
      school.teacher.client.get(`/api/schedules/${lesson.schedule_id}/meeting-keys?role=1`),
      school.student.client.get(`/api/schedules/${lesson.schedule_id}/meeting-keys?role=0`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('ZOOM_NOT_CONNECTED');
    }
  });
});

describe('with Zoom connected', () => {
  let school: ZoomSchool;
  beforeAll(async () => {
    // Connected, but with no account in the pool yet.
    school = await startZoomSchool({ clock, env, pool: false });
  });
  afterAll(() => school.close());

  test('Zoom is offered, and a lesson with no free account gets the pool answer', async () => {
    expect((await school.admin.get('/api/venues')).body).toEqual({
      available: ['zoom', 'room', 'link'],
    });
    const lesson = await createLesson(school.admin, school.classId, '2030-03-10T02:10:00Z');
    const response = await school.teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`);
    expect(response.status).toBe(503);
    expect(response.body.code).toBe('MEETING_NO_FREE_ACCOUNT');
  });
});
