// A lesson's events reach only those who may see the lesson (issue 30 point 8): its class's
// teacher, its students and their parents, admin and staff; a student of another class, an
// unrelated parent and another teacher hear nothing of it. Events are delivered in order, so a
// center-wide event published after the lesson's is the sign that the lesson's would have arrived.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type EventStreamReader, openEventStream } from '../helpers/event-stream.ts';
import { createAccount } from '../helpers/factories.ts';
import { createParent } from '../helpers/family.ts';
import { createClass, createLesson, enrol, type School, startSchool } from '../helpers/school.ts';
import type { TestClient } from '../helpers/test-server.ts';

let school: School;

beforeAll(async () => {
  school = await startSchool();
});
afterAll(() => school.server.close());

async function streamOf(client: TestClient): Promise<EventStreamReader> {
  const stream = await openEventStream(school.server.baseUrl, client.cookie);
  expect(stream.status).toBe(200);
  await stream.next('ready');
  return stream;
}

test('a lesson change is heard by its teacher, student, parent, admin and staff, and by no one else', async () => {
  const { server, admin, staff, teacher, otherTeacher, student, outsider, classId } = school;
  const parent = await createParent(server, admin, [student], 'Parent of the class');
  const otherParent = await createParent(server, admin, [outsider], 'Parent of another');
  // The outsider is in another class, with its own lessons.
  const other = await createClass(admin, otherTeacher.user.user_id, { class_name: 'Other class' });
  await enrol(admin, other.class_id, [outsider.user.user_id]);

  const listeners = {
    admin: await streamOf(admin),
    staff: await streamOf(staff.client),
    teacher: await streamOf(teacher.client),
    student: await streamOf(student.client),
    parent: await streamOf(parent.client),
  };
  const strangers = {
    outsider: await streamOf(outsider.client),
    otherParent: await streamOf(otherParent.client),
    otherTeacher: await streamOf(otherTeacher.client),
  };

  const lesson = await createLesson(admin, classId, '2030-04-02T02:00:00Z', 60, 'Private topic');
  for (const [who, stream] of Object.entries(listeners)) {
    const event = await stream.next('schedules.changed');
    expect(event.data, who).toMatchObject({ class_id: classId });
  }
  // A change of the lesson itself (its topic) too.
  const moved = await admin.patch(`/api/schedules/${lesson.schedule_id}`, {
    topic: 'Still private',
  });
  expect(moved.status, moved.text).toBe(200);
  for (const stream of Object.values(listeners)) await stream.next('schedules.changed');

  // Then an event for everyone: once it arrived, the lesson's events would have come before it.
  await admin.patch('/api/center-settings', { center_name: 'Marker Center' });
  for (const [who, stream] of Object.entries(strangers)) {
    await stream.next('center-settings.updated');
    await expect(stream.next('schedules.changed', 100), who).rejects.toThrow();
  }
  for (const stream of [...Object.values(listeners), ...Object.values(strangers)]) stream.close();
});

test("the other class's own lesson reaches its student, not the first class's students", async () => {
  const { server, admin, otherTeacher, student, outsider } = school;
  const klass = await createClass(admin, otherTeacher.user.user_id, { class_name: 'Third class' });
  const newcomer = await createAccount(server, admin, 'student');
  await enrol(admin, klass.class_id, [newcomer.user.user_id]);
  const theirs = await streamOf(newcomer.client);
  const notTheirs = await streamOf(student.client);
  const alsoNot = await streamOf(outsider.client);
  await createLesson(admin, klass.class_id, '2030-04-03T02:00:00Z');
  expect((await theirs.next('schedules.changed')).data).toMatchObject({ class_id: klass.class_id });
  await admin.patch('/api/center-settings', { center_name: 'Second Marker' });
  for (const stream of [notTheirs, alsoNot]) {
    await stream.next('center-settings.updated');
    await expect(stream.next('schedules.changed', 100)).rejects.toThrow();
  }
  for (const stream of [theirs, notTheirs, alsoNot]) stream.close();
});
