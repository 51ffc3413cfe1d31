import { afterAll, beforeAll, expect, test } from 'vitest';
import { TestClock } from '../helpers/clock.ts';
import { type Account, createAccount } from '../helpers/factories.ts';
import { createClass, createLesson, startSchool } from '../helpers/school.ts';
import type { TestClient, TestServer } from '../helpers/test-server.ts';

// 23:30 on 9 March 2030 in Ho Chi Minh City (16:30 UTC): "today" is still the 9th there.
const clock = new TestClock(Date.parse('2030-03-09T16:30:00Z'));
let server: TestServer;
let admin: TestClient;
let teacher: Account;
let student: Account;
let outsider: Account;

beforeAll(async () => {
  let classId: string;
  ({ server, admin, teacher, student, outsider, classId } = await startSchool({ clock }));
  // Tonight 23:40 local (today), then eight lessons on the following days.
  await createLesson(admin, classId, '2030-03-09T16:40:00Z', 15, 'Tonight');
  for (let day = 10; day < 18; day++) {
    await createLesson(admin, classId, `2030-03-${day}T02:00:00Z`, 60, `Day ${day}`);
  }
});
afterAll(() => server.close());

test("today is the center's local date, and upcoming holds the next five after it", async () => {
  for (const client of [admin, teacher.client, student.client]) {
    const response = await client.get('/api/dashboard');
    expect(response.status).toBe(200);
    expect(response.body.date).toBe('2030-03-09');
    expect(response.body.today.map((s: { topic: string }) => s.topic)).toEqual(['Tonight']);
    expect(response.body.upcoming.map((s: { topic: string }) => s.topic)).toEqual([
      'Day 10',
      'Day 11',
      'Day 12',
      'Day 13',
      'Day 14',
    ]);
  }
});

test('a student sees only lessons of classes they are enrolled in', async () => {
  const response = await outsider.client.get('/api/dashboard');
  expect(response.body.today).toEqual([]);
  expect(response.body.upcoming).toEqual([]);
});

test('after local midnight the next day becomes today', async () => {
  clock.advance(60 * 60_000); // 00:30 on the 10th, local
  const response = await student.client.get('/api/dashboard');
  expect(response.body.date).toBe('2030-03-10');
  expect(response.body.today.map((s: { topic: string }) => s.topic)).toEqual(['Day 10']);
  clock.advance(-60 * 60_000);
});

test('admin and staff share one center-wide dashboard that follows every change at once', async () => {
  const staff = await createAccount(server, admin, 'staff');
  const other = await createAccount(server, admin, 'teacher');
  const before = await staff.client.get('/api/dashboard');
  expect((await admin.get('/api/dashboard')).body).toEqual(before.body);
  // A new lesson tonight, a changed topic, a removed class: each is there on the next request.
  const klass = await createClass(admin, other.user.user_id, { class_name: 'Late class' });
  const late = await createLesson(admin, klass.class_id, '2030-03-09T16:45:00Z', 10, 'Very late');
  const added = (await staff.client.get('/api/dashboard')).body.today.map(
    (s: { topic: string }) => s.topic,
  );
  expect(added).toEqual(['Tonight', 'Very late']);
  expect(
    (await admin.patch(`/api/schedules/${late.schedule_id}`, { topic: 'Renamed' })).status,
  ).toBe(200);
  expect((await admin.get('/api/dashboard')).body.today[1].topic).toBe('Renamed');
  expect((await admin.delete(`/api/classes/${klass.class_id}`)).status).toBe(200);
  expect((await staff.client.get('/api/dashboard')).body).toEqual(before.body);
});
