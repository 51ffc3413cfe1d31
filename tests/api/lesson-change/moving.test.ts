// Moving one pending lesson: a new date, time and length under the rules of a new lesson (not in
// the past, inside the class's dates, no clash with the class's lessons or the teacher's), by admin
// and staff; a lesson that started, ended or was cancelled stays where it is.
import { describe, expect, test } from 'vitest';
import { snapshot } from '../../helpers/factories.ts';
import { putLessonMeeting } from '../../helpers/lesson-meeting.ts';
import {
  admin,
  cancel,
  classId,
  db,
  expectReply,
  lessonAt,
  lessonRow,
  move,
  otherClassId,
  server,
  setStatus,
  staff,
  student,
  teacher,
  timesAt,
} from './change-school.ts';

const lessonsOfClass = async () =>
  (await admin.get(`/api/classes/${classId}/schedules`)).body.items as Array<{
    schedule_id: string;
    start_time: string;
    end_time: string;
  }>;

describe('moving a pending lesson', () => {
  test('staff moves it to another day, time and length; a retry with the key moves it once', async () => {
    const id = await lessonAt('2030-03-12', '18:00');
    const before = await lessonRow(id);
    const to = timesAt('2030-03-14', '19:30', 90);
    const moved = expectReply(await move(staff.client, id, to, 'move-lesson-0001'), 200);
    expect(moved).toMatchObject({ schedule_id: id, status: 'pending', ...to });
    expect(moved.cancellation).toBeUndefined();
    expect((await lessonsOfClass()).find((l) => l.schedule_id === id)).toMatchObject(to);
    const after = await lessonRow(id);
    expect(after.sequence).toBe(before.sequence + 1);

    // The same request again (a retry after a lost reply) is answered, not done twice.
    const again = expectReply(await move(staff.client, id, to, 'move-lesson-0001'), 200);
    expect(again).toMatchObject({ schedule_id: id, ...to });
    expect((await lessonRow(id)).sequence).toBe(after.sequence);
    // The same times without a key change nothing either.
    expectReply(await move(admin, id, to), 200);
    expect((await lessonRow(id)).sequence).toBe(after.sequence);
  });

  test('a move into a lesson of the class, or of the teacher in another class, is refused', async () => {
    const id = await lessonAt('2030-03-19', '18:00');
    await lessonAt('2030-03-19', '20:00');
    await lessonAt('2030-03-20', '18:00', 60, otherClassId);
    const tables = ['schedules', 'notifications'];
    const before = await snapshot(server, tables);
    const intoClass = await move(staff.client, id, timesAt('2030-03-19', '19:30'));
    expectReply(intoClass, 409, 'SCHEDULE_OVERLAP_CLASS');
    expect(intoClass.body.field).toBe('start_time');
    const intoTeacher = await move(admin, id, timesAt('2030-03-20', '17:30', 45));
    expectReply(intoTeacher, 409, 'SCHEDULE_OVERLAP_TEACHER');
    expect(await snapshot(server, tables)).toEqual(before);
    // Right after the other class's lesson is free, and so is the time of a cancelled lesson.
    expectReply(await move(admin, id, timesAt('2030-03-20', '19:00')), 200);
    const called = await lessonAt('2030-03-21', '18:00', 60, otherClassId);
    expectReply(await cancel(admin, called, 'Phòng học bận'), 200);
    expectReply(await move(admin, id, timesAt('2030-03-21', '18:00')), 200);
  });

  test('a lesson that started, ended, is being started or was cancelled is not moved', async () => {
    const to = timesAt('2030-04-02', '18:00');
    const active = await lessonAt('2030-03-26', '18:00');
    await setStatus(active, 'active');
    const completed = await lessonAt('2030-03-26', '20:00');
    await setStatus(completed, 'completed');
    const starting = await lessonAt('2030-03-27', '18:00');
    // A start under way: its meeting is claimed, the lesson not yet active.
    await putLessonMeeting(db(), starting, { created_at: '2030-03-10T02:00:00.000Z' });
    const cancelled = await lessonAt('2030-03-27', '20:00');
    expectReply(await cancel(staff.client, cancelled, 'Nghỉ lễ'), 200);
    const before = await snapshot(server, ['schedules']);
    for (const id of [active, completed, starting]) {
      expectReply(await move(staff.client, id, to), 409, 'LESSON_NOT_PENDING');
    }
    expectReply(await move(staff.client, cancelled, to), 409, 'LESSON_ALREADY_CANCELLED');
    expect(await snapshot(server, ['schedules'])).toEqual(before);
  });

  test('bad times are refused with their codes and change nothing', async () => {
    const id = await lessonAt('2030-03-28', '18:00');
    const before = await snapshot(server, ['schedules']);
    const cases: Array<[unknown, number, string, string?]> = [
      [timesAt('2030-03-09', '18:00'), 400, 'SCHEDULE_START_IN_PAST', 'start_time'],
      [
        {
          start_time: timesAt('2030-03-29', '18:00').start_time,
          end_time: timesAt('2030-03-29', '17:00').start_time,
        },
        400,
        'SCHEDULE_END_AFTER_START',
        'end_time',
      ],
      [timesAt('2030-07-01', '18:00'), 400, 'SCHEDULE_OUTSIDE_CLASS', 'start_time'],
      [timesAt('2030-03-29', '06:00', 13 * 60), 400, 'SCHEDULE_TOO_LONG', 'end_time'],
      [{ start_time: '', end_time: '' }, 400, 'SCHEDULE_TIMES_REQUIRED'],
      [
        { start_time: '2030-02-30T10:00:00Z', end_time: '2030-03-01T10:00:00Z' },
        400,
        'SCHEDULE_TIMES_REQUIRED',
      ],
      [{ ...timesAt('2030-03-29', '18:00'), topic: 'New' }, 400, 'JSON_UNKNOWN_FIELD'],
    ];
    for (const [body, status, code, field] of cases) {
      const response = await move(staff.client, id, body);
      expect(response.status, `${JSON.stringify(body)}: ${response.text}`).toBe(status);
      // A schema's rule answers VALIDATION with the rule's code as the reason.
      expect(response.body.reason ?? response.body.code).toBe(code);
      if (field) expect(response.body.field).toBe(field);
    }
    expectReply(await move(staff.client, crypto.randomUUID(), timesAt('2030-03-29', '18:00')), 404);
    expect(await snapshot(server, ['schedules'])).toEqual(before);
  });

  test('teachers and students may not move a lesson, even of their own class', async () => {
    const id = await lessonAt('2030-03-30', '18:00');
    const before = await snapshot(server, ['schedules']);
    expectReply(await move(teacher.client, id, timesAt('2030-03-31', '18:00')), 403);
    expectReply(await move(student.client, id, timesAt('2030-03-31', '18:00')), 403);
    expectReply(await move(server.client(), id, timesAt('2030-03-31', '18:00')), 401);
    expect(await snapshot(server, ['schedules'])).toEqual(before);
  });
});
