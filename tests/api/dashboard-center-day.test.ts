// The admin's and staff's Today list at a busy center (issue 31, product.md Deviations): the whole
// day counted by the state each lesson is shown in, and only the next lessons (running or to
// come, at most 10) as cards; teachers and students keep every lesson of their day.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TODAY_NEXT_LIMIT } from '#common/constants.ts';
import { TestClock } from '../helpers/clock.ts';
import { createLesson, enrol, type School, startSchool } from '../helpers/school.ts';
import type { TestClient } from '../helpers/test-server.ts';
import { createVenueClass, MEET } from './venues/venue-school.ts';

// Ho Chi Minh City: 10 March 2030 runs from 17:00 UTC on the 9th to 17:00 UTC on the 10th.
const clock = new TestClock(Date.parse('2030-03-09T18:00:00Z'));
const at = (iso: string) => clock.set(Date.parse(iso));
let school: School;
let admin: TestClient;
const topics = (lessons: { topic: string }[]) => lessons.map((lesson) => lesson.topic);
const upcomingTopics = Array.from({ length: 12 }, (_, i) => `Later ${i + 1}`);

beforeAll(async () => {
  school = await startSchool({ clock });
  admin = school.admin;
  // A class on a link: its lessons start and end by hand, no provider involved.
  const { class_id: classId } = await createVenueClass(admin, school.teacher.user.user_id, {
    default_venue: 'link',
    meeting_link: MEET,
  });
  await enrol(admin, classId, [school.student.user.user_id]);
  const held = await createLesson(admin, classId, '2030-03-10T00:00:00Z', 30, 'Held');
  await createLesson(admin, classId, '2030-03-10T00:40:00Z', 20, 'Never started');
  const called = await createLesson(admin, classId, '2030-03-10T01:10:00Z', 10, 'Called off');
  const live = await createLesson(admin, classId, '2030-03-10T02:00:00Z', 60, 'Live');
  for (const [i, topic] of upcomingTopics.entries()) {
    const start = Date.parse('2030-03-10T03:10:00Z') + i * 20 * 60_000;
    await createLesson(admin, classId, new Date(start).toISOString(), 15, topic);
  }
  // Tomorrow: upcoming, never today.
  await createLesson(admin, classId, '2030-03-11T02:00:00Z', 60, 'Tomorrow');
  const teacher = school.teacher.client;
  at('2030-03-10T00:00:00Z');
  expect((await teacher.post(`/api/schedules/${held.schedule_id}/start`)).status).toBe(200);
  expect((await teacher.post(`/api/schedules/${held.schedule_id}/end`)).status).toBe(200);
  const cancelled = await admin.post(`/api/schedules/${called.schedule_id}/cancel`, {
    reason: 'Nghỉ',
  });
  expect(cancelled.status, cancelled.text).toBe(200);
  at('2030-03-10T02:00:00Z');
  expect((await teacher.post(`/api/schedules/${live.schedule_id}/start`)).status).toBe(200);
  at('2030-03-10T02:30:00Z');
});
afterAll(() => school.server.close());

describe("admin and staff: the center's day", () => {
  test('counted by state, with the next lessons only (running first, at most 10)', async () => {
    for (const client of [admin, school.staff.client]) {
      const response = await client.get('/api/dashboard');
      expect(response.status, response.text).toBe(200);
      expect(response.body.date).toBe('2030-03-10');
      expect(response.body.todayCounts).toEqual({
        all: 16,
        active: 1,
        pending: 12,
        completed: 1,
        overdue: 1,
        cancelled: 1,
      });
      expect(response.body.today).toHaveLength(TODAY_NEXT_LIMIT);
      expect(topics(response.body.today)).toEqual(['Live', ...upcomingTopics.slice(0, 9)]);
      expect(topics(response.body.upcoming)).toEqual(['Tomorrow']);
    }
  });

  test('the counts follow the clock: a lesson past its end and not ended is overdue', async () => {
    at('2030-03-10T03:05:00Z');
    const { body } = await admin.get('/api/dashboard');
    expect(body.todayCounts).toMatchObject({ all: 16, active: 0, pending: 12, overdue: 2 });
    expect(topics(body.today)).toEqual(upcomingTopics.slice(0, 10));
    // Later in the evening only the last two are still to come.
    at('2030-03-10T06:40:00Z');
    const evening = (await admin.get('/api/dashboard')).body;
    expect(topics(evening.today)).toEqual(upcomingTopics.slice(10));
    expect(evening.todayCounts).toMatchObject({ pending: 2, overdue: 12 });
    at('2030-03-10T02:30:00Z');
  });

  test('a day without lessons counts nothing', async () => {
    at('2030-03-12T02:30:00Z');
    const { body } = await admin.get('/api/dashboard');
    expect(body.today).toEqual([]);
    expect(body.todayCounts).toEqual({
      all: 0,
      active: 0,
      pending: 0,
      completed: 0,
      overdue: 0,
      cancelled: 0,
    });
    at('2030-03-10T02:30:00Z');
  });
});

test("teachers and students keep every lesson of their day, without the center's counts", async () => {
  for (const client of [school.teacher.client, school.student.client]) {
    const { body } = await client.get('/api/dashboard');
    expect(body.todayCounts).toBeUndefined();
    expect(topics(body.today)).toEqual([
      'Held',
      'Never started',
      'Called off',
      'Live',
      ...upcomingTopics,
    ]);
  }
});
