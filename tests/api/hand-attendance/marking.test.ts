// Attendance by hand (docs/decisions/021) on a lesson nobody started on Zoom: refused before its
// start time with a code saying from when; from then on the class's teacher, admin and staff mark
// each of the four statuses, "all present" marks everyone not yet marked in one request, then the
// exceptions change one by one; a mark taken back leaves the student unmarked. Another class's
// teacher and students never mark; a student not in the class for the lesson cannot be marked.
import { describe, expect, test } from 'vitest';
import { createAccount, snapshot } from '../../helpers/factories.ts';
import { enrol } from '../../helpers/school.ts';
import {
  admin,
  allPresent,
  an,
  at,
  binh,
  chi,
  classId,
  dung,
  laterLesson,
  mark,
  marksOf,
  otherTeacher,
  roomLesson,
  server,
  staff,
  teacher,
  zoomLesson,
} from './school.ts';

const TABLES = ['attendance_marks'];

describe('before its start time', () => {
  test('a lesson cannot be marked, one student or all, and the reply says from when', async () => {
    at('2030-04-01T01:59:00Z');
    const before = await snapshot(server, TABLES);
    for (const reply of [
      await mark(teacher.client, roomLesson, an, 'present'),
      await allPresent(staff.client, roomLesson),
    ]) {
      expect(reply.status, reply.text).toBe(409);
      expect(reply.body).toEqual({
        code: 'ATTENDANCE_BEFORE_START',
        params: { time: '09:00 01/04/2030' },
      });
    }
    expect(await snapshot(server, TABLES)).toEqual(before);
    const view = await teacher.client.get(`/api/schedules/${roomLesson}/attendance`);
    expect(view.body).toMatchObject({ lesson_status: 'pending', markable: false });
  });
});

describe('from its start time, a lesson that never ran on Zoom', () => {
  test('nothing is reported: every student is unmarked, and the lesson can be marked', async () => {
    at('2030-04-01T02:00:00Z');
    const view = await teacher.client.get(`/api/schedules/${roomLesson}/attendance`);
    expect(view.body).toMatchObject({ lesson_status: 'pending', markable: true });
    expect(await marksOf(roomLesson)).toEqual([
      ['An', null, false, null, null],
      ['Bình', null, false, null, null],
      ['Chi', null, false, null, null],
      ['Dũng', null, false, null, null],
    ]);
  });

  test('all present marks everyone in one request, then the exceptions change one by one', async () => {
    at('2030-04-01T02:05:00Z');
    const all = await allPresent(teacher.client, roomLesson);
    expect(all.status, all.text).toBe(200);
    expect(all.body).toEqual({ ok: true, code: 'ATTENDANCE_ALL_PRESENT', params: { count: '4' } });
    expect((await mark(teacher.client, roomLesson, binh, 'late')).body.code).toBe(
      'ATTENDANCE_CORRECTED',
    );
    expect((await mark(staff.client, roomLesson, chi, 'excused')).status).toBe(200);
    expect((await mark(admin, roomLesson, dung, 'absent')).status).toBe(200);
    // Each of the four marks by a single request too.
    expect((await mark(staff.client, roomLesson, an, 'present')).status).toBe(200);
    expect(await marksOf(roomLesson)).toEqual([
      ['An', 'present', true, 'Chị Hà', null],
      ['Bình', 'late', true, 'Cô Mai', null],
      ['Chi', 'excused', true, 'Chị Hà', null],
      ['Dũng', 'absent', true, 'Administrator', null],
    ]);
  });

  test('all present again marks no one and changes nothing (it is idempotent)', async () => {
    const before = await snapshot(server, TABLES);
    const again = await allPresent(staff.client, roomLesson);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ok: true, code: 'ATTENDANCE_ALL_MARKED_ALREADY' });
    expect(await snapshot(server, TABLES)).toEqual(before);
  });

  test('a mark taken back leaves the student unmarked (nothing was reported)', async () => {
    const cleared = await mark(teacher.client, roomLesson, dung, null);
    expect(cleared.body.code).toBe('ATTENDANCE_CORRECTION_CLEARED');
    expect((await marksOf(roomLesson))[3]).toEqual(['Dũng', null, false, null, null]);
    expect((await mark(teacher.client, roomLesson, dung, 'absent')).status).toBe(200);
  });

  test('after its end, without ever being started, it can still be marked', async () => {
    at('2030-04-01T05:00:00Z');
    expect((await mark(teacher.client, roomLesson, an, 'late')).status).toBe(200);
    expect((await marksOf(roomLesson))[0]).toEqual(['An', 'late', true, 'Cô Mai', null]);
    expect((await mark(teacher.client, roomLesson, an, 'present')).status).toBe(200);
  });
});

describe('who may mark', () => {
  test("another class's teacher and students are refused with a code, and nothing changes", async () => {
    const before = await snapshot(server, TABLES);
    for (const client of [otherTeacher.client, an.client]) {
      for (const reply of [
        await mark(client, roomLesson, binh, 'present'),
        await allPresent(client, roomLesson),
      ]) {
        expect(reply.status, reply.text).toBe(403);
        expect(reply.body).toEqual({ code: 'ATTENDANCE_MARK_FORBIDDEN' });
      }
    }
    expect((await mark(server.client(), roomLesson, binh, 'present')).status).toBe(401);
    expect(await snapshot(server, TABLES)).toEqual(before);
  });

  test('a student enrolled after the lesson cannot be marked for it, nor counted by all present', async () => {
    const em = await createAccount(server, admin, 'student', { full_name: 'Em' });
    // Enrolled at 12:00, after 'Bài 1' ended: in the class for 'Bài 2' and 'Bài 3' only.
    await enrol(admin, classId, [em.user.user_id]);
    const before = await snapshot(server, TABLES);
    const refused = await mark(teacher.client, roomLesson, em, 'present');
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ code: 'ATTENDANCE_NOT_ENROLLED' });
    expect((await allPresent(teacher.client, roomLesson)).body.code).toBe(
      'ATTENDANCE_ALL_MARKED_ALREADY',
    );
    expect(await snapshot(server, TABLES)).toEqual(before);
    expect((await marksOf(roomLesson)).map((row: unknown[]) => row[0])).not.toContain('Em');
    // Someone not in the class at all.
    expect((await mark(teacher.client, roomLesson, otherTeacher, 'present')).status).toBe(404);
    // In the class for the next lesson, once it has begun.
    at('2030-04-02T02:00:00Z');
    expect((await mark(teacher.client, zoomLesson, em, 'excused')).status).toBe(200);
    expect((await mark(teacher.client, laterLesson, em, 'excused')).body.code).toBe(
      'ATTENDANCE_BEFORE_START',
    );
  });

  test('bad input is refused with a code and changes nothing', async () => {
    const before = await snapshot(server, TABLES);
    const url = `/api/schedules/${roomLesson}/attendance/${binh.user.user_id}`;
    for (const body of [{ status: 'sick' }, {}, { status: 'present', by: 'x' }]) {
      const reply = await teacher.client.put(url, body);
      expect(reply.status, reply.text).toBe(400);
      expect(reply.body.code).toMatch(/^[A-Z_]+$/);
    }
    const missing = await teacher.client.post(
      '/api/schedules/00000000-0000-4000-8000-000000000000/attendance/all-present',
    );
    expect(missing.status).toBe(404);
    expect(await snapshot(server, TABLES)).toEqual(before);
  });
});
