// What follows a move or a cancel: the class's students and teacher are notified (old and new
// time; the reason), not whoever made the change and no one outside the class; calendar feeds
// keep the lesson's UID with a higher SEQUENCE, and show a cancelled lesson as STATUS:CANCELLED;
// the 15-minute reminder follows the new time and is never sent for a cancelled lesson.
import ICAL from 'ical.js';
import { describe, expect, test } from 'vitest';
import { sendLessonReminders } from '#server/features/notifications/reminders.ts';
import type { TestClient } from '../../helpers/test-server.ts';
import {
  admin,
  cancel,
  expectReply,
  lessonAt,
  move,
  outsider,
  server,
  setClock,
  staff,
  student,
  teacher,
  timesAt,
} from './change-school.ts';

type Notification = { type: string; schedule_id: string; params: Record<string, string> };
const notificationsOf = async (client: TestClient, type: string) =>
  ((await client.get('/api/notifications')).body.items as Notification[]).filter(
    (n) => n.type === type,
  );

/** The feed's events as a calendar app reads them (ical.js). */
async function feedEvents(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate().toISOString(),
      status: vevent.getFirstPropertyValue('status'),
      description: event.description,
    };
  });
}

describe('the class is told', () => {
  test('a move: the students and teacher get the old and the new time, the mover nothing', async () => {
    const id = await lessonAt('2030-03-15', '18:00');
    const to = timesAt('2030-03-16', '08:00', 90);
    expectReply(await move(staff.client, id, to), 200);
    for (const who of [student, teacher]) {
      expect(await notificationsOf(who.client, 'lesson_rescheduled')).toEqual([
        expect.objectContaining({
          schedule_id: id,
          params: {
            class_name: 'IELTS 7.0',
            topic: 'Speaking practice',
            start_time: '2030-03-15T11:00:00.000Z',
            end_time: '2030-03-15T12:00:00.000Z',
            new_start_time: to.start_time,
            new_end_time: to.end_time,
          },
        }),
      ]);
    }
    expect(await notificationsOf(staff.client, 'lesson_rescheduled')).toEqual([]);
    expect(await notificationsOf(outsider.client, 'lesson_rescheduled')).toEqual([]);
  });

  test('a cancel: the students and teacher get the reason', async () => {
    const id = await lessonAt('2030-03-17', '18:00');
    expectReply(await cancel(admin, id, 'Trung tâm mất điện'), 200);
    for (const who of [student, teacher]) {
      expect(await notificationsOf(who.client, 'lesson_cancelled_with_reason')).toEqual([
        expect.objectContaining({
          schedule_id: id,
          params: {
            class_name: 'IELTS 7.0',
            topic: 'Speaking practice',
            start_time: '2030-03-17T11:00:00.000Z',
            end_time: '2030-03-17T12:00:00.000Z',
            reason: 'Trung tâm mất điện',
          },
        }),
      ]);
    }
    expect(await notificationsOf(outsider.client, 'lesson_cancelled_with_reason')).toEqual([]);
  });
});

describe('calendar feeds follow', () => {
  test('same UID, a higher SEQUENCE on each move and cancel; a cancelled lesson stays, CANCELLED', async () => {
    const id = await lessonAt('2030-03-18', '18:00');
    const url = (await student.client.post('/api/profile/calendar-feed')).body.url as string;
    const eventOf = async () =>
      (await feedEvents(url)).find((event) => event.uid === `${id}@edu-center`)!;
    const created = await eventOf();
    expect(created.status).toBe('CONFIRMED');

    expectReply(await move(staff.client, id, timesAt('2030-03-18', '19:00')), 200);
    const moved = await eventOf();
    expect(moved.sequence).toBeGreaterThan(created.sequence);
    expect(moved.start).toBe('2030-03-18T12:00:00.000Z');

    expectReply(await move(staff.client, id, timesAt('2030-03-19', '19:00')), 200);
    const movedAgain = await eventOf();
    expect(movedAgain.sequence).toBeGreaterThan(moved.sequence);

    expectReply(await cancel(staff.client, id, 'Nghỉ lễ'), 200);
    const cancelled = await eventOf();
    expect(cancelled.sequence).toBeGreaterThan(movedAgain.sequence);
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.description).toContain('Nghỉ lễ');
  });
});

describe('reminders follow', () => {
  test('a moved lesson is reminded of again before its new time; a cancelled one never', async () => {
    const remind = () => sendLessonReminders(server.server.ctx);
    // Both on 25 March: one at 18:00, one at 19:30.
    const moving = await lessonAt('2030-03-25', '18:00');
    const calledOff = await lessonAt('2030-03-25', '19:30', 30);
    setClock('2030-03-25T10:50:00Z');
    // Reminded of: the teacher and the student, for the 18:00 lesson only so far.
    expect(await remind()).toBe(2);
    expectReply(await move(admin, moving, timesAt('2030-03-25', '20:00')), 200);
    expectReply(await cancel(admin, calledOff, 'Giáo viên ốm'), 200);
    setClock('2030-03-25T12:20:00Z');
    // 19:30 is within 15 minutes, but it was cancelled.
    expect(await remind()).toBe(0);
    setClock('2030-03-25T12:50:00Z');
    expect(await remind()).toBe(2);
    const reminders = await notificationsOf(student.client, 'lesson_starting_soon');
    expect(reminders.map((r) => r.params.start_time)).toEqual([
      '2030-03-25T13:00:00.000Z',
      '2030-03-25T11:00:00.000Z',
    ]);
    expect(await remind()).toBe(0);
  });
});
