// Marks by hand beside what Zoom reported (docs/decisions/021): Zoom's report fills the lesson in
// first, "all present" leaves it as reported, and a mark by hand wins and is shown as such. Rates
// count late as attended and leave excused out (product.md, Deviations); the grid, the exports and
// each student's own page show the marks.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, test } from 'vitest';
import { snapshot } from '../../helpers/factories.ts';
import {
  admin,
  allPresent,
  an,
  at,
  binh,
  chi,
  classId,
  dung,
  holdOnZoom,
  mark,
  marksOf,
  roomLesson,
  server,
  staff,
  teacher,
  zoomLesson,
} from './school.ts';

beforeAll(async () => {
  // 'Bài 1', never started on Zoom: all present, then Bình late, Chi excused, Dũng absent.
  at('2030-04-01T02:10:00Z');
  expect((await allPresent(teacher.client, roomLesson)).status).toBe(200);
  for (const [student, status] of [
    [binh, 'late'],
    [chi, 'excused'],
    [dung, 'absent'],
  ] as const) {
    expect((await mark(teacher.client, roomLesson, student, status)).status).toBe(200);
  }
  // 'Bài 2' on Zoom: An, Chi and Dũng there all along, Bình never came.
  await holdOnZoom([an, chi, dung]);
});

describe('what Zoom reported and a mark by hand', () => {
  test("Zoom's report fills the lesson in first; all present leaves it as reported", async () => {
    const report = [
      ['An', 'present', false, null, 'present'],
      ['Bình', 'absent', false, null, 'absent'],
      ['Chi', 'present', false, null, 'present'],
      ['Dũng', 'present', false, null, 'present'],
    ];
    expect(await marksOf(zoomLesson)).toEqual(report);
    const before = await snapshot(server, ['attendance_marks']);
    const all = await allPresent(staff.client, zoomLesson);
    expect(all.body).toEqual({ ok: true, code: 'ATTENDANCE_ALL_MARKED_ALREADY' });
    expect(await snapshot(server, ['attendance_marks'])).toEqual(before);
    expect(await marksOf(zoomLesson)).toEqual(report);
  });

  test('a mark by hand wins over the report and says who marked it; the report stays beside it', async () => {
    expect((await mark(teacher.client, zoomLesson, binh, 'excused')).status).toBe(200);
    const entry = (await staff.client.get(`/api/schedules/${zoomLesson}/attendance`)).body
      .students[1];
    expect(entry).toMatchObject({
      full_name: 'Bình',
      reported_status: 'absent',
      status: 'excused',
      by_hand: true,
      marked_by: 'Cô Mai',
      minutes: 0,
    });
  });
});

describe('rates, the grid and each student', () => {
  test('late counts as attended; excused is left out of the rate', async () => {
    const grid = (await teacher.client.get(`/api/classes/${classId}/attendance`)).body;
    expect(grid.lessons.map((l: { topic: string }) => l.topic)).toEqual([
      'Bài 1',
      'Bài 2',
      'Bài 3',
    ]);
    expect(
      grid.students.map((s: { full_name: string; statuses: unknown[]; rate: number | null }) => [
        s.full_name,
        s.statuses,
        s.rate,
      ]),
    ).toEqual([
      ['An', ['present', 'present', null], 1],
      // Late and excused: one lesson attended of one counted.
      ['Bình', ['late', 'excused', null], 1],
      ['Chi', ['excused', 'present', null], 1],
      ['Dũng', ['absent', 'present', null], 0.5],
    ]);
  });

  test('a student sees their own marks, by hand or reported, and their rate', async () => {
    const mine = (await chi.client.get('/api/attendance/me')).body;
    expect(mine.rate).toBe(1);
    expect(mine.classes[0].lessons).toEqual([
      expect.objectContaining({ topic: 'Bài 1', status: 'excused', by_hand: true, minutes: 0 }),
      expect.objectContaining({ topic: 'Bài 2', status: 'present', by_hand: false, minutes: 60 }),
      expect.objectContaining({ topic: 'Bài 3', status: null, by_hand: false }),
    ]);
    // Admin and staff see the same from the student's details.
    const seen = (await admin.get(`/api/users/${chi.user.user_id}/attendance`)).body;
    expect(seen).toEqual(mine);
  });

  test('a student whose only counted lessons are excused has no rate yet', async () => {
    at('2030-04-02T04:00:00Z');
    expect((await mark(staff.client, zoomLesson, dung, 'excused')).status).toBe(200);
    expect((await mark(staff.client, roomLesson, dung, 'excused')).status).toBe(200);
    const mine = (await dung.client.get('/api/attendance/me')).body;
    expect(mine.classes[0].rate).toBeNull();
    expect(mine.rate).toBeNull();
    expect((await mark(staff.client, zoomLesson, dung, null)).status).toBe(200);
    expect((await mark(staff.client, roomLesson, dung, 'absent')).status).toBe(200);
  });
});

describe('exports', () => {
  const rowsExpected = [
    [
      'Học viên',
      '09:00 01/04/2030 – Bài 1',
      '09:00 02/04/2030 – Bài 2',
      '09:00 09/04/2030 – Bài 3',
      'Tỉ lệ có mặt',
    ],
    ['An', 'Có mặt', 'Có mặt', '', '100%'],
    ['Bình', 'Đi muộn', 'Vắng có phép', '', '100%'],
    ['Chi', 'Vắng có phép', 'Có mặt', '', '100%'],
    ['Dũng', 'Vắng', 'Có mặt', '', '50%'],
  ];

  test('CSV and .xlsx show the marks, excused included', async () => {
    const csv = await teacher.client.get(`/api/classes/${classId}/attendance/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(parse(csv.text.replace(/^\uFEFF/, ''))).toEqual(rowsExpected);
    const response = await fetch(
      `${server.baseUrl}/api/classes/${classId}/attendance/export?format=xlsx`,
      { headers: { cookie: teacher.client.cookie! } },
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const values: string[][] = [];
    workbook.worksheets[0]!.eachRow((row) =>
      values.push((row.values as string[]).slice(1).map((v) => v ?? '')),
    );
    expect(values).toEqual(rowsExpected);
  });

  test('in English for a teacher who chose English', async () => {
    await teacher.client.put('/api/profile/language', { language: 'en' });
    const csv = await teacher.client.get(`/api/classes/${classId}/attendance/export?format=csv`);
    await teacher.client.put('/api/profile/language', { language: 'vi' });
    const rows: string[][] = parse(csv.text.replace(/^\uFEFF/, ''));
    expect(rows[2]).toEqual(['Bình', 'Late', 'Excused', '', '100%']);
  });
});
