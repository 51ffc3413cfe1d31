// Attendance from Zoom's webhook deliveries (joins and leaves, reconnections, replays): minutes
// merged and clipped to the lesson, present / late / absent by the center's rule, a teacher's
// mark by hand kept apart; the class grid with rates; a student's own; CSV and .xlsx parsed back.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../helpers/clock.ts';
import { type Account, createAccount, snapshot } from '../helpers/factories.ts';
import { createClass, createLesson, enrol } from '../helpers/school.ts';
import type { TestClient, TestServer } from '../helpers/test-server.ts';
import { startZoomSchool, type ZoomServer } from '../helpers/zoom-school.ts';
import { deliverWebhook } from '../helpers/zoom-webhook.ts';

const clock = new TestClock(Date.parse('2030-03-12T01:50:00Z'));
let school: ZoomServer;
let server: TestServer;
let admin: TestClient;
let teacher: Account;
let otherTeacher: Account;
let staff: Account;
const students: Account[] = [];
let classId: string;
let lessonId: string;
let meetingId: string;
let laterLessonId: string;

beforeAll(async () => {
  school = await startZoomSchool({ cast: false, clock, jobs: false });
  ({ server, admin } = school);
  teacher = await createAccount(server, admin, 'teacher', { full_name: 'Cô Lan' });
  otherTeacher = await createAccount(server, admin, 'teacher');
  staff = await createAccount(server, admin, 'staff');
  for (const name of ['An', 'Bình', 'Chi', 'Dũng']) {
    students.push(await createAccount(server, admin, 'student', { full_name: name }));
  }
  classId = (await createClass(admin, teacher.user.user_id, { class_name: 'IELTS Tối' })).class_id;
  await enrol(
    admin,
    classId,
    students.map((s) => s.user.user_id),
  );
  // A 60-minute lesson at 09:00 (02:00 UTC), started 10 minutes early; a later one not begun.
  lessonId = (await createLesson(admin, classId, '2030-03-12T02:00:00Z', 60, 'Unit 1')).schedule_id;
  laterLessonId = (await createLesson(admin, classId, '2030-03-19T02:00:00Z', 60, 'Unit 2'))
    .schedule_id;
  const started = await teacher.client.post(`/api/schedules/${lessonId}/start`);
  expect(started.status, started.text).toBe(200);
  meetingId = started.body.launch.meetingNumber;
});
afterAll(() => school.close());

function stay(student: Account, key: string, join: string, leave?: string) {
  const participant = {
    customer_key: student.user.user_id,
    participant_uuid: key,
    user_id: key,
    join_time: join,
    ...(leave ? { leave_time: leave } : {}),
  };
  return [
    { event: 'meeting.participant_joined', payload: { object: { id: meetingId, participant } } },
    ...(leave
      ? [{ event: 'meeting.participant_left', payload: { object: { id: meetingId, participant } } }]
      : []),
  ];
}

describe('a lesson', () => {
  beforeAll(async () => {
    const [an, binh, chi] = students as [Account, Account, Account];
    const deliveries = [
      // An: on time, dropped out and came back (the stays overlap by a minute), to the end.
      ...stay(an, 'an-1', '2030-03-12T01:58:00Z', '2030-03-12T02:30:00Z'),
      ...stay(an, 'an-2', '2030-03-12T02:29:00Z', '2030-03-12T03:05:00Z'),
      // Bình: 20 minutes late, then to the end.
      ...stay(binh, 'binh-1', '2030-03-12T02:20:00Z', '2030-03-12T03:00:00Z'),
      // Chi: on time but only 15 minutes.
      ...stay(chi, 'chi-1', '2030-03-12T02:00:00Z', '2030-03-12T02:15:00Z'),
      // Dũng: never came.
    ];
    for (let round = 0; round < 2; round++) {
      // Zoom retries: every delivery twice.
      for (const body of deliveries) {
        expect((await deliverWebhook(server, clock, body)).status).toBe(200);
      }
    }
    clock.advance(80 * 60_000);
    const ended = await teacher.client.post(`/api/schedules/${lessonId}/end`);
    expect(ended.status, ended.text).toBe(200);
  });

  test('minutes merged and clipped to the lesson, and the statuses by the rule', async () => {
    const reply = await teacher.client.get(`/api/schedules/${lessonId}/attendance`);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({
      topic: 'Unit 1',
      lesson_status: 'completed',
      present_percent: 50,
      late_minutes: 10,
    });
    expect(
      reply.body.students.map((s: Record<string, unknown>) => [
        s.full_name,
        s.first_join,
        s.last_leave,
        s.minutes,
        s.reported_status,
        s.status,
        s.by_hand,
      ]),
    ).toEqual([
      [
        'An',
        '2030-03-12T01:58:00.000Z',
        '2030-03-12T03:05:00.000Z',
        60,
        'present',
        'present',
        false,
      ],
      ['Bình', '2030-03-12T02:20:00.000Z', '2030-03-12T03:00:00.000Z', 40, 'late', 'late', false],
      [
        'Chi',
        '2030-03-12T02:00:00.000Z',
        '2030-03-12T02:15:00.000Z',
        15,
        'absent',
        'absent',
        false,
      ],
      ['Dũng', null, null, 0, 'absent', 'absent', false],
    ]);
  });

  test('a correction by hand is shown as such beside what Zoom reported, and can be undone', async () => {
    const chi = students[2]!;
    const url = `/api/schedules/${lessonId}/attendance/${chi.user.user_id}`;
    const corrected = await teacher.client.put(url, { status: 'present' });
    expect(corrected.status, corrected.text).toBe(200);
    expect(corrected.body.code).toBe('ATTENDANCE_CORRECTED');
    const entry = (await teacher.client.get(`/api/schedules/${lessonId}/attendance`)).body
      .students[2];
    expect(entry).toMatchObject({
      reported_status: 'absent',
      status: 'present',
      by_hand: true,
      marked_by: 'Cô Lan',
    });
    // Refusals change nothing.
    const before = await snapshot(server, ['attendance_marks']);
    expect((await teacher.client.put(url, { status: 'sick' })).status).toBe(400);
    expect((await otherTeacher.client.put(url, { status: 'absent' })).status).toBe(403);
    expect((await chi.client.put(url, { status: 'present' })).status).toBe(403);
    const notBegun = await teacher.client.put(
      `/api/schedules/${laterLessonId}/attendance/${chi.user.user_id}`,
      { status: 'present' },
    );
    expect(notBegun.status).toBe(409);
    expect(notBegun.body).toEqual({
      code: 'ATTENDANCE_BEFORE_START',
      params: { time: '09:00 19/03/2030' },
    });
    const stranger = await teacher.client.put(
      `/api/schedules/${lessonId}/attendance/${otherTeacher.user.user_id}`,
      { status: 'present' },
    );
    expect(stranger.status).toBe(404);
    expect(await snapshot(server, ['attendance_marks'])).toEqual(before);

    // Staff undoes it: back to what Zoom reported.
    const cleared = await staff.client.put(url, { status: null });
    expect(cleared.status).toBe(200);
    expect(
      (await staff.client.get(`/api/schedules/${lessonId}/attendance`)).body.students[2],
    ).toMatchObject({ status: 'absent', by_hand: false, marked_by: null });
    await teacher.client.put(url, { status: 'late' });
  });

  test('who may see it: the class teacher, admin and staff; not another teacher or a student', async () => {
    expect((await admin.get(`/api/schedules/${lessonId}/attendance`)).status).toBe(200);
    expect((await otherTeacher.client.get(`/api/schedules/${lessonId}/attendance`)).status).toBe(
      403,
    );
    expect((await students[0]!.client.get(`/api/schedules/${lessonId}/attendance`)).status).toBe(
      403,
    );
    expect((await students[0]!.client.get(`/api/classes/${classId}/attendance`)).status).toBe(403);
  });
});

describe('a class and a student', () => {
  test('the grid: students × lessons with each rate over the lessons that have begun', async () => {
    const grid = (await teacher.client.get(`/api/classes/${classId}/attendance`)).body;
    expect(grid.lessons.map((l: { topic: string }) => l.topic)).toEqual(['Unit 1', 'Unit 2']);
    expect(
      grid.students.map((s: { full_name: string; statuses: unknown[]; rate: number | null }) => [
        s.full_name,
        s.statuses,
        s.rate,
      ]),
    ).toEqual([
      ['An', ['present', null], 1],
      ['Bình', ['late', null], 1],
      ['Chi', ['late', null], 1],
      ['Dũng', ['absent', null], 0],
    ]);
  });

  test('a student sees their own attendance across their classes', async () => {
    const mine = (await students[3]!.client.get('/api/attendance/me')).body;
    expect(mine.classes).toEqual([
      {
        class_id: classId,
        class_name: 'IELTS Tối',
        left_at: null,
        rate: 0,
        lessons: [
          expect.objectContaining({ topic: 'Unit 1', status: 'absent', minutes: 0 }),
          expect.objectContaining({ topic: 'Unit 2', status: null }),
        ],
      },
    ]);
  });

  test('CSV (UTF-8 with BOM) and .xlsx exports read back the same grid', async () => {
    const csv = await teacher.client.get(`/api/classes/${classId}/attendance/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('Điểm danh - IELTS Tối.csv')}`,
    );
    // The first bytes are UTF-8's byte-order mark (fetch's text() drops it: read the bytes).
    const raw = Buffer.from(
      await (
        await fetch(`${server.baseUrl}/api/classes/${classId}/attendance/export`, {
          headers: { cookie: teacher.client.cookie! },
        })
      ).arrayBuffer(),
    );
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: string[][] = parse(raw.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual([
      'Học viên',
      '09:00 12/03/2030 – Unit 1',
      '09:00 19/03/2030 – Unit 2',
      'Tỉ lệ có mặt',
    ]);
    expect(rows.slice(1)).toEqual([
      ['An', 'Có mặt', '', '100%'],
      ['Bình', 'Đi muộn', '', '100%'],
      ['Chi', 'Đi muộn', '', '100%'],
      ['Dũng', 'Vắng', '', '0%'],
    ]);

    const response = await fetch(
      `${server.baseUrl}/api/classes/${classId}/attendance/export?format=xlsx`,
      { headers: { cookie: teacher.client.cookie! } },
    );
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('IELTS Tối');
    const values: string[][] = [];
    sheet.eachRow((row) => values.push((row.values as string[]).slice(1).map((v) => v ?? '')));
    expect(values).toEqual(rows.map((row) => row.map((cell) => cell)));
    expect(
      (await students[0]!.client.get(`/api/classes/${classId}/attendance/export`)).status,
    ).toBe(403);
  });

  test('a teacher who chose English gets the export in English, file name included', async () => {
    await teacher.client.put('/api/profile/language', { language: 'en' });
    const csv = await teacher.client.get(`/api/classes/${classId}/attendance/export?format=csv`);
    await teacher.client.put('/api/profile/language', { language: 'vi' });
    expect(csv.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('Attendance - IELTS Tối.csv')}`,
    );
    const rows: string[][] = parse(csv.text.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([
      'Student',
      '09:00 12/03/2030 – Unit 1',
      '09:00 19/03/2030 – Unit 2',
      'Attendance rate',
    ]);
    expect(rows.slice(1).map((row) => row[1])).toEqual(['Present', 'Late', 'Late', 'Absent']);
  });
});
