// Cancelling one pending lesson with a reason: it stays in the class's lessons, the Schedules page
// and the dashboard, marked with why, when and by whom, and counts for nothing: not in progress,
// not in attendance (grid, rates, export, a student's own page), never started or joined, and its
// time is free for another lesson.
import { beforeAll, describe, expect, test } from 'vitest';
import { snapshot } from '../../helpers/factories.ts';
import {
  admin,
  cancel,
  classId,
  db,
  expectReply,
  lessonAt,
  lessonRow,
  server,
  setClock,
  staff,
  student,
  teacher,
} from './change-school.ts';

let held: string;
let called: string;
let planned: string;

beforeAll(async () => {
  held = await lessonAt('2030-03-11', '18:00');
  called = await lessonAt('2030-03-12', '18:00');
  planned = await lessonAt('2030-03-13', '18:00');
  // The first lesson was held yesterday evening (18:00–19:00 on 11 March).
  setClock('2030-03-11T12:30:00Z');
  await db()
    .updateTable('schedules')
    .set({ status: 'completed', updated_at: '2030-03-11T12:00:00.000Z' })
    .where('schedule_id', '=', held)
    .execute();
  // The student was there (marked by the teacher): all present before and after the cancel.
  const marked = await teacher.client.put(
    `/api/schedules/${held}/attendance/${student.user.user_id}`,
    { status: 'present' },
  );
  expect(marked.status, marked.text).toBe(200);
});

describe('cancelling a pending lesson', () => {
  test('staff cancels it with a reason: it stays, marked, with why, when and by whom', async () => {
    const before = await lessonRow(called);
    const reply = expectReply(await cancel(staff.client, called, '  Giáo viên bị ốm  '), 200);
    expect(reply).toMatchObject({
      schedule_id: called,
      status: 'cancelled',
      cancellation: {
        reason: 'Giáo viên bị ốm',
        cancelled_at: '2030-03-11T12:30:00.000Z',
        cancelled_by_name: staff.user.full_name,
      },
    });
    const row = await lessonRow(called);
    expect(row).toMatchObject({ cancelled_by: staff.user.user_id, status: 'cancelled' });
    expect(row.sequence).toBe(before.sequence + 1);

    // Everyone who saw it still sees it, with its reason.
    const ofClass = (await student.client.get(`/api/classes/${classId}/schedules`)).body.items;
    expect(ofClass.map((l: { schedule_id: string }) => l.schedule_id)).toEqual([
      held,
      called,
      planned,
    ]);
    expect(ofClass[1].cancellation.reason).toBe('Giáo viên bị ốm');
    const dashboard = (await student.client.get('/api/dashboard')).body;
    expect(
      dashboard.upcoming.find((l: { schedule_id: string }) => l.schedule_id === called),
    ).toMatchObject({ status: 'cancelled', cancellation: { reason: 'Giáo viên bị ốm' } });
  });

  test('the Schedules page counts it in its own tab and in all, and numbers no session for it', async () => {
    const page = (await admin.get('/api/schedules?sort=start_time')).body;
    expect(page.counts).toEqual({ all: 3, pending: 1, active: 0, completed: 1, cancelled: 1 });
    const byId = new Map(page.items.map((l: { schedule_id: string }) => [l.schedule_id, l]));
    expect(byId.get(held)).toMatchObject({ session_index: 1, session_total: 2 });
    expect(byId.get(planned)).toMatchObject({ session_index: 2, session_total: 2 });
    expect(byId.get(called)).not.toHaveProperty('session_index');
    const tab = (await admin.get('/api/schedules?status=cancelled')).body;
    expect(tab.total).toBe(1);
    expect(tab.items).toEqual([expect.objectContaining({ schedule_id: called })]);
    const teachers = (await teacher.client.get('/api/schedules')).body;
    expect(teachers.counts.cancelled).toBe(1);
  });

  test('it counts for nothing: progress, attendance, export', async () => {
    const klass = (await student.client.get(`/api/classes/${classId}`)).body;
    expect(klass).toMatchObject({ schedule_count: 2, held_lesson_count: 1 });
    const grid = (await teacher.client.get(`/api/classes/${classId}/attendance`)).body;
    expect(grid.lessons.map((l: { schedule_id: string }) => l.schedule_id)).toEqual([
      held,
      planned,
    ]);
    expect(grid.students[0]).toMatchObject({ statuses: ['present', null], rate: 1 });
    const mine = (await student.client.get('/api/attendance/me')).body;
    expect(mine.classes[0].lessons.map((l: { schedule_id: string }) => l.schedule_id)).toEqual([
      held,
      planned,
    ]);
    expect(mine.rate).toBe(1);
    const byStaff = (await staff.client.get(`/api/users/${student.user.user_id}/attendance`)).body;
    expect(byStaff).toEqual(mine);
    const csv = await teacher.client.get(`/api/classes/${classId}/attendance/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.text).not.toContain('12/03/2030');
    expect(csv.text).toContain('11/03/2030');
  });

  test('it cannot be started, joined or cancelled again; its time is free for another lesson', async () => {
    const before = await snapshot(server, ['schedules', 'lesson_meetings', 'notifications']);
    expectReply(
      await teacher.client.post(`/api/schedules/${called}/start`),
      409,
      'LESSON_ALREADY_CANCELLED',
    );
    expectReply(
      await admin.post(`/api/schedules/${called}/start`),
      409,
      'LESSON_ALREADY_CANCELLED',
    );
    expectReply(
      await student.client.post(`/api/schedules/${called}/join`),
      409,
      'MEETING_CANNOT_JOIN',
    );
    expectReply(await cancel(admin, called, 'Again'), 409, 'LESSON_ALREADY_CANCELLED');
    expect(await snapshot(server, ['schedules', 'lesson_meetings', 'notifications'])).toEqual(
      before,
    );
    const instead = await lessonAt('2030-03-12', '18:00');
    expect((await lessonRow(instead)).status).toBe('pending');
  });

  test('a reason is required, at most 500 characters; teachers and students may not cancel', async () => {
    const before = await snapshot(server, ['schedules', 'notifications']);
    for (const [reason, code] of [
      ['   ', 'LESSON_CANCEL_REASON_REQUIRED'],
      ['', 'LESSON_CANCEL_REASON_REQUIRED'],
      [undefined, 'LESSON_CANCEL_REASON_REQUIRED'],
      ['x'.repeat(501), 'LESSON_CANCEL_REASON_TOO_LONG'],
    ] as const) {
      const response = await cancel(staff.client, planned, reason);
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION', field: 'reason', reason: code });
    }
    expectReply(await cancel(teacher.client, planned, 'Ốm'), 403);
    expectReply(await cancel(student.client, planned, 'Ốm'), 403);
    expect(await snapshot(server, ['schedules', 'notifications'])).toEqual(before);
    // Exactly 500 is fine; the active and completed ones are not cancelled.
    expectReply(await cancel(admin, held, 'Ốm'), 409, 'LESSON_NOT_PENDING');
    expectReply(await cancel(admin, planned, 'y'.repeat(500)), 200);
  });
});
