// A covered lesson's life: the substitute sees it (dashboard, Schedules list and week, calendar
// feed, reminders) without gaining its class, starts it as host under their own name, joins it,
// takes its attendance and ends it; the class's own teacher still sees it, with who covers it, and
// is refused every action on it.
import { beforeAll, describe, expect, test } from 'vitest';
import { sendLessonReminders } from '#server/features/notifications/reminders.ts';
import {
  admin,
  classId,
  clock,
  expectReply,
  give,
  ids,
  lessonAt,
  notificationsOf,
  server,
  staff,
  student,
  substitute,
  teacher,
} from './substitute-school.ts';

let covered: string;
let own: string;

beforeAll(async () => {
  // Tomorrow 09:00 covered by Thầy Minh; the day after stays Cô Lan's.
  covered = await lessonAt('2030-03-11', '09:00');
  own = await lessonAt('2030-03-12', '09:00');
  expectReply(await give(staff.client, covered, { teacher_id: substitute.user.user_id }), 200);
});

describe('the substitute sees the covered lesson, not its class', () => {
  test('on the dashboard and the Schedules page (list and week), with the substitute named', async () => {
    const dashboard = (await substitute.client.get('/api/dashboard')).body;
    expect(ids(dashboard.upcoming)).toEqual([covered]);
    expect(dashboard.upcoming[0]).toMatchObject({
      substitute_name: 'Thầy Minh',
      class: { class_name: 'IELTS 7.0' },
    });
    const list = (await substitute.client.get('/api/schedules')).body;
    expect(ids(list.items)).toEqual([covered]);
    expect(list.counts).toMatchObject({ all: 1, pending: 1 });
    const week = (await substitute.client.get('/api/schedules/week?date=2030-03-11')).body;
    expect(ids(week.items)).toEqual([covered]);
    // Admin's list filtered by the substitute shows the lesson they cover.
    const filtered = (await admin.get(`/api/schedules?teacher_id=${substitute.user.user_id}`)).body;
    expect(ids(filtered.items)).toContain(covered);
  });

  test('its attendance list, but not the class, its students or its other lessons (403)', async () => {
    const attendance = await substitute.client.get(`/api/schedules/${covered}/attendance`);
    expectReply(attendance, 200);
    expect(attendance.body.students.map((s: { student_id: string }) => s.student_id)).toEqual([
      student.user.user_id,
    ]);
    expectReply(await substitute.client.get(`/api/classes/${classId}`), 403);
    expectReply(await substitute.client.get(`/api/classes/${classId}/schedules`), 403);
    expectReply(await substitute.client.get(`/api/classes/${classId}/attendance`), 403);
    expectReply(await substitute.client.get(`/api/schedules/${own}/attendance`), 403);
    expect(
      (await substitute.client.get('/api/classes')).body.items.map(
        (c: { class_id: string }) => c.class_id,
      ),
    ).not.toContain(classId);
  });

  test('in their calendar feed, naming them as the teacher', async () => {
    const created = await substitute.client.post('/api/profile/calendar-feed');
    expectReply(created, 201);
    const text = (await (await fetch(created.body.url)).text()).replace(/\r\n[ \t]/g, '');
    expect(text).toContain(`UID:${covered}@edu-center`);
    expect(text).not.toContain(`UID:${own}@edu-center`);
    expect(text).toContain('Thầy Minh');
  });

  test("the class's teacher and its students still see it, naming the substitute", async () => {
    for (const who of [teacher, student]) {
      const lessons = (await who.client.get(`/api/classes/${classId}/schedules`)).body.items;
      const lesson = lessons.find((l: { schedule_id: string }) => l.schedule_id === covered);
      expect(lesson).toMatchObject({
        substitute_teacher_id: substitute.user.user_id,
        substitute_name: 'Thầy Minh',
      });
    }
    const dashboard = (await teacher.client.get('/api/dashboard')).body;
    expect(ids(dashboard.upcoming)).toEqual(expect.arrayContaining([covered, own]));
  });
});

describe('reminders', () => {
  test("the reminder goes to the substitute, not the class's teacher", async () => {
    // 08:50 on the lesson's day (clock.set moves forward only).
    clock.set(Date.parse('2030-03-11T01:50:00Z'));
    await sendLessonReminders(server.server.ctx);
    const reminded = async (who: typeof teacher) =>
      (await notificationsOf(who)).some(
        (n) => n.type === 'lesson_starting_soon' && n.schedule_id === covered,
      );
    expect(await reminded(substitute)).toBe(true);
    expect(await reminded(student)).toBe(true);
    expect(await reminded(teacher)).toBe(false);
  });
});

describe('the substitute runs the lesson; the class teacher may not', () => {
  test("the class's teacher may not start it: 403 naming the substitute", async () => {
    const refused = expectReply(
      await teacher.client.post(`/api/schedules/${covered}/start`),
      403,
      'LESSON_COVERED_BY_SUBSTITUTE',
    );
    expect(refused.params).toEqual({ name: 'Thầy Minh' });
    // The same teacher starts their own lesson as before (the rule is about covered lessons).
    expect((await teacher.client.get(`/api/schedules/${own}/attendance`)).status).toBe(200);
  });

  test('the substitute starts it as host, under their own name; the host keys are theirs', async () => {
    const started = expectReply(
      await substitute.client.post(`/api/schedules/${covered}/start`),
      200,
    );
    expect(started.launch).toMatchObject({ role: 1, userName: 'Thầy Minh' });
    expectReply(await substitute.client.get(`/api/schedules/${covered}/meeting-keys?role=1`), 200);
    expectReply(
      await teacher.client.get(`/api/schedules/${covered}/meeting-keys?role=1`),
      403,
      'LESSON_COVERED_BY_SUBSTITUTE',
    );
    // Opening it again gives the substitute the same meeting.
    const again = expectReply(await substitute.client.post(`/api/schedules/${covered}/start`), 200);
    expect(again.launch.meetingNumber).toBe(started.launch.meetingNumber);
    // The students join under their names and see it running.
    const joined = expectReply(await student.client.post(`/api/schedules/${covered}/join`), 200);
    expect(joined.launch).toMatchObject({ role: 0, userName: student.user.full_name });
    expectReply(await substitute.client.post(`/api/schedules/${covered}/join`), 200);
  });

  test('the substitute marks attendance; the class teacher is refused and reads it as not markable', async () => {
    const studentId = student.user.user_id;
    expectReply(
      await substitute.client.put(`/api/schedules/${covered}/attendance/${studentId}`, {
        status: 'late',
      }),
      200,
    );
    const refused = expectReply(
      await teacher.client.put(`/api/schedules/${covered}/attendance/${studentId}`, {
        status: 'absent',
      }),
      403,
      'LESSON_COVERED_BY_SUBSTITUTE',
    );
    expect(refused.params).toEqual({ name: 'Thầy Minh' });
    expectReply(
      await teacher.client.post(`/api/schedules/${covered}/attendance/all-present`),
      403,
      'LESSON_COVERED_BY_SUBSTITUTE',
    );
    const asTeacher = expectReply(
      await teacher.client.get(`/api/schedules/${covered}/attendance`),
      200,
    );
    expect(asTeacher.markable).toBe(false);
    expect(asTeacher.students[0]).toMatchObject({ student_id: studentId, status: 'late' });
    const asSubstitute = expectReply(
      await substitute.client.get(`/api/schedules/${covered}/attendance`),
      200,
    );
    expect(asSubstitute.markable).toBe(true);
    // Staff still marks any lesson.
    expectReply(
      await staff.client.put(`/api/schedules/${covered}/attendance/${studentId}`, {
        status: 'present',
      }),
      200,
    );
  });

  test("the class's teacher may not rename or end it; the substitute does both", async () => {
    expectReply(
      await teacher.client.patch(`/api/schedules/${covered}`, { topic: 'Renamed' }),
      403,
      'LESSON_COVERED_BY_SUBSTITUTE',
    );
    const renamed = expectReply(
      await substitute.client.patch(`/api/schedules/${covered}`, { topic: 'Covered topic' }),
      200,
    );
    expect(renamed.topic).toBe('Covered topic');
    expectReply(
      await teacher.client.post(`/api/schedules/${covered}/end`),
      403,
      'LESSON_COVERED_BY_SUBSTITUTE',
    );
    expectReply(await substitute.client.post(`/api/schedules/${covered}/end`), 200);
    const lesson = (await teacher.client.get(`/api/classes/${classId}/schedules`)).body.items.find(
      (l: { schedule_id: string }) => l.schedule_id === covered,
    );
    expect(lesson).toMatchObject({ status: 'completed', substitute_name: 'Thầy Minh' });
  });
});
