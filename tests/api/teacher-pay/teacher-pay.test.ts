// Teachers' pay (issue 28 point 3, docs/decisions/033-teachers-pay.md), through HTTP with real
// sessions: rates per lesson and per hour with a class's rate over the teacher's own and a later
// month's rate leaving earlier months alone; a month's statement counts the lessons a teacher
// taught (a covered lesson for its substitute, never for the class's teacher; cancelled and not
// yet held lessons not at all) with the provider's time where it knows it, else the schedule's;
// adjustments need a reason; approval freezes a statement; the export reads back; a teacher reads
// only their own; staff and students nothing.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount, snapshot } from '../../helpers/factories.ts';
import {
  createClass,
  createLesson,
  type School,
  startSchool,
  vnTime,
} from '../../helpers/school.ts';
import type { TestClient, TestServer } from '../../helpers/test-server.ts';

const clock = new TestClock(Date.parse('2030-03-01T00:00:00Z'));
let school: School;
let admin: TestClient;
/** Teaches class A (per lesson) and class C (its own rate). */
let teacher: Account;
/** Teaches class B on its link (per hour) and covers a lesson of class A. */
let cover: Account;
/** Teaches class D and has no rate. */
let unpaid: Account;
const lessons = {} as Record<
  'a1' | 'a2Cancelled' | 'a3Covered' | 'a4Late' | 'b1' | 'c1' | 'd1' | 'aApril',
  string
>;
let classA: string;
let classC: string;

const PAY_TABLES = [
  'teacher_pay_rates',
  'teacher_pay_adjustments',
  'teacher_pay_statements',
  'teacher_pay_lines',
];

/** Gives a pending lesson to another teacher, as staff do (PUT /api/schedules/:id/substitute). */
async function coverLesson(client: TestClient, scheduleId: string, teacherId: string) {
  const given = await client.put(`/api/schedules/${scheduleId}/substitute`, {
    teacher_id: teacherId,
  });
  expect(given.status, given.text).toBe(200);
}

/**
 * A held lesson's teacher changed afterwards, which the API refuses (only pending lessons are
 * given): written in the database to show an approved statement does not follow it.
 */
async function rewriteHeldLessonTeacher(server: TestServer, scheduleId: string, teacherId: string) {
  await server.server.ctx.database.db
    .updateTable('schedules')
    .set({ substitute_teacher_id: teacherId })
    .where('schedule_id', '=', scheduleId)
    .execute();
}

const statementOf = (client: TestClient, month: string, teacherId: string) =>
  client.get(`/api/teacher-pay/months/${month}/statements/${teacherId}`);

const setRate = async (body: Record<string, unknown>) => {
  const response = await admin.put('/api/teacher-pay/rates', body);
  expect(response.status, response.text).toBe(200);
  return response.body.rate;
};

beforeAll(async () => {
  school = await startSchool({
    clock,
    env: { EARLY_START_MINUTES: '600', SESSION_IDLE_HOURS: '8760', SESSION_MAX_DAYS: '365' },
    names: { teacher: 'An Giáo Viên' },
  });
  admin = school.admin;
  teacher = school.teacher;
  cover = await createAccount(school.server, admin, 'teacher', { full_name: 'Bình Dạy Thay' });
  unpaid = await createAccount(school.server, admin, 'teacher', { full_name: 'Chi Chưa Lương' });
  classA = school.classId;
  const classB = (
    await createClass(admin, cover.user.user_id, {
      class_name: 'Lớp B',
      default_venue: 'link',
      meeting_link: 'https://meet.example.com/lop-b',
    })
  ).class_id;
  classC = (await createClass(admin, teacher.user.user_id, { class_name: 'Lớp C' })).class_id;
  const classD = (await createClass(admin, unpaid.user.user_id, { class_name: 'Lớp D' })).class_id;

  lessons.a1 = (await createLesson(admin, classA, vnTime('2030-03-02', '09:00'), 60)).schedule_id;
  lessons.a2Cancelled = (
    await createLesson(admin, classA, vnTime('2030-03-03', '09:00'), 90)
  ).schedule_id;
  lessons.a3Covered = (
    await createLesson(admin, classA, vnTime('2030-03-04', '09:00'), 60)
  ).schedule_id;
  lessons.a4Late = (
    await createLesson(admin, classA, vnTime('2030-03-28', '09:00'), 60)
  ).schedule_id;
  lessons.b1 = (await createLesson(admin, classB, vnTime('2030-03-05', '10:00'), 60)).schedule_id;
  lessons.c1 = (await createLesson(admin, classC, vnTime('2030-03-06', '09:00'), 60)).schedule_id;
  lessons.d1 = (await createLesson(admin, classD, vnTime('2030-03-07', '09:00'), 60)).schedule_id;
  lessons.aApril = (
    await createLesson(admin, classA, vnTime('2030-04-01', '09:00'), 60)
  ).schedule_id;

  const cancelled = await admin.post(`/api/schedules/${lessons.a2Cancelled}/cancel`, {
    reason: 'Giáo viên ốm',
  });
  expect(cancelled.status, cancelled.text).toBe(200);
  await coverLesson(admin, lessons.a3Covered, cover.user.user_id);

  // Lớp B's lesson really runs 10:05–10:50 on its link: 45 minutes by the provider.
  clock.set(Date.parse(vnTime('2030-03-05', '10:05')));
  const started = await cover.client.post(`/api/schedules/${lessons.b1}/start`);
  expect(started.status, started.text).toBe(200);
  clock.set(Date.parse(vnTime('2030-03-05', '10:50')));
  const ended = await cover.client.post(`/api/schedules/${lessons.b1}/end`);
  expect(ended.status, ended.text).toBe(200);

  clock.set(Date.parse(vnTime('2030-03-10', '12:00')));
});
afterAll(() => school.server.close());

describe('rates', () => {
  test('admin sets per-lesson, per-hour and per-class rates; a later month keeps earlier ones', async () => {
    await setRate({
      teacher_id: teacher.user.user_id,
      kind: 'per_lesson',
      amount: 200_000,
      effective_from: '2030-01',
    });
    // Set again for the same month: replaced, not doubled.
    await setRate({
      teacher_id: teacher.user.user_id,
      kind: 'per_lesson',
      amount: 200_000,
      effective_from: '2030-03',
    });
    await setRate({
      teacher_id: teacher.user.user_id,
      kind: 'per_lesson',
      amount: 999_999,
      effective_from: '2030-03',
    });
    await setRate({
      teacher_id: teacher.user.user_id,
      kind: 'per_lesson',
      amount: 200_000,
      effective_from: '2030-03',
    });
    await setRate({
      teacher_id: teacher.user.user_id,
      kind: 'per_lesson',
      amount: 250_000,
      effective_from: '2030-04',
    });
    const override = await setRate({
      teacher_id: teacher.user.user_id,
      class_id: classC,
      kind: 'per_lesson',
      amount: 350_000,
      effective_from: '2030-03',
    });
    expect(override).toMatchObject({ class_name: 'Lớp C', teacher_name: 'An Giáo Viên' });
    await setRate({
      teacher_id: cover.user.user_id,
      kind: 'per_hour',
      amount: 100_001,
      effective_from: '2030-03',
    });
    const list = await admin.get(`/api/teacher-pay/rates?teacher_id=${teacher.user.user_id}`);
    expect(list.status).toBe(200);
    expect(
      list.body.items.map((rate: { amount: number; effective_from: string }) => [
        rate.effective_from,
        rate.amount,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['2030-01', 200_000],
        ['2030-03', 200_000],
        ['2030-04', 250_000],
        ['2030-03', 350_000],
      ]),
    );
    expect(list.body.items).toHaveLength(4);
  });

  test('the same rate set twice at once is kept once', async () => {
    const body = (amount: number) => ({
      teacher_id: unpaid.user.user_id,
      class_id: classC,
      kind: 'per_hour',
      amount,
      effective_from: '2030-03',
    });
    const replies = await Promise.all([
      admin.put('/api/teacher-pay/rates', body(111_000)),
      admin.put('/api/teacher-pay/rates', body(222_000)),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    const rows = await school.server.server.ctx.database.db
      .selectFrom('teacher_pay_rates')
      .select('amount')
      .where('teacher_id', '=', unpaid.user.user_id)
      .execute();
    expect(rows).toHaveLength(1);
    expect([111_000, 222_000]).toContain(Number(rows[0]!.amount));
    const kept = await admin.get(`/api/teacher-pay/rates?teacher_id=${unpaid.user.user_id}`);
    const removed = await admin.delete(`/api/teacher-pay/rates/${kept.body.items[0].rate_id}`);
    expect(removed.status, removed.text).toBe(200);
    const gone = await admin.delete(`/api/teacher-pay/rates/${crypto.randomUUID()}`);
    expect(gone.status).toBe(404);
  });

  test('bad rates are refused with a code and change nothing', async () => {
    const before = await snapshot(school.server, PAY_TABLES);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ kind: 'per_lesson', amount: 0, effective_from: '2030-03' }, 400, 'MONEY_AMOUNT_INVALID'],
      [{ kind: 'per_lesson', amount: 1.5, effective_from: '2030-03' }, 400, 'MONEY_AMOUNT_INVALID'],
      [{ kind: 'per_day', amount: 1, effective_from: '2030-03' }, 400, 'PAY_RATE_KIND_INVALID'],
      [{ kind: 'per_hour', amount: 1, effective_from: '2030-13' }, 400, 'INVOICE_PERIOD_INVALID'],
    ];
    for (const [body, status, code] of cases) {
      const response = await admin.put('/api/teacher-pay/rates', {
        teacher_id: teacher.user.user_id,
        ...body,
      });
      expect(response.status, response.text).toBe(status);
      // A malformed field is VALIDATION with the catalogue's code as its reason.
      expect(response.body.reason ?? response.body.code).toBe(code);
    }
    const student = await admin.put('/api/teacher-pay/rates', {
      teacher_id: school.student.user.user_id,
      kind: 'per_lesson',
      amount: 1,
      effective_from: '2030-03',
    });
    expect(student.status).toBe(404);
    expect(student.body.code).toBe('PAY_TEACHER_NOT_FOUND');
    const noClass = await admin.put('/api/teacher-pay/rates', {
      teacher_id: teacher.user.user_id,
      class_id: crypto.randomUUID(),
      kind: 'per_lesson',
      amount: 1,
      effective_from: '2030-03',
    });
    expect(noClass.status).toBe(404);
    expect(await snapshot(school.server, PAY_TABLES)).toEqual(before);
  });
});

describe("a month's statement", () => {
  test("the class's teacher is paid their held lessons, not the cancelled, covered or future ones", async () => {
    const response = await statementOf(admin, '2030-03', teacher.user.user_id);
    expect(response.status, response.text).toBe(200);
    const statement = response.body;
    expect(statement).toMatchObject({ state: 'draft', teacher_name: 'An Giáo Viên' });
    expect(
      statement.lines.map((line: Record<string, unknown>) => [
        line.schedule_id,
        line.lesson_date,
        line.class_name,
        line.time_source,
        line.minutes,
        line.rate_kind,
        line.amount,
      ]),
    ).toEqual([
      [lessons.a1, '2030-03-02', 'IELTS Foundation', 'schedule', 60, 'per_lesson', 200_000],
      // The class's own rate over the teacher's.
      [lessons.c1, '2030-03-06', 'Lớp C', 'schedule', 60, 'per_lesson', 350_000],
    ]);
    expect(statement).toMatchObject({
      lessons: 2,
      minutes: 120,
      lesson_amount: 550_000,
      adjustments: 0,
      total: 550_000,
      missing_rates: 0,
    });
    // Neither lesson was ever started (still pending, no meeting): counted by the schedule, flagged.
    expect(statement.lines.map((line: { never_started: boolean }) => line.never_started)).toEqual([
      true,
      true,
    ]);
  });

  test('the substitute is paid the lesson they covered; the provider times a lesson where it knows', async () => {
    const statement = (await statementOf(admin, '2030-03', cover.user.user_id)).body;
    expect(
      statement.lines.map((line: Record<string, unknown>) => [
        line.schedule_id,
        line.substitute,
        line.time_source,
        line.started_at,
        line.ended_at,
        line.minutes,
        line.amount,
        line.never_started,
      ]),
    ).toEqual([
      [
        lessons.a3Covered,
        true,
        'schedule',
        vnTime('2030-03-04', '09:00'),
        vnTime('2030-03-04', '10:00'),
        60,
        100_001,
        // Never started: flagged.
        true,
      ],
      // 100,001 ₫ an hour × 45 minutes = 75,000.75 ₫: rounded to 75,001 ₫.
      [
        lessons.b1,
        false,
        'provider',
        vnTime('2030-03-05', '10:05'),
        vnTime('2030-03-05', '10:50'),
        45,
        75_001,
        // Held (started and ended in the app): not flagged.
        false,
      ],
    ]);
    expect(statement.total).toBe(175_002);
  });

  test("the month's list has every teacher who taught, with totals; one without a rate counts 0", async () => {
    const list = await admin.get('/api/teacher-pay/months/2030-03/statements');
    expect(list.status, list.text).toBe(200);
    expect(
      list.body.items.map((item: Record<string, unknown>) => [
        item.teacher_name,
        item.state,
        item.lessons,
        item.missing_rates,
        item.total,
      ]),
    ).toEqual([
      ['An Giáo Viên', 'draft', 2, 0, 550_000],
      ['Bình Dạy Thay', 'draft', 2, 0, 175_002],
      ['Chi Chưa Lương', 'draft', 1, 1, 0],
    ]);
    expect(list.body.totals).toMatchObject({ lessons: 5, total: 725_002 });
    // April: the rate from April on (250,000), once its lesson is over.
    clock.set(Date.parse(vnTime('2030-04-01', '11:00')));
    const april = (await statementOf(admin, '2030-04', teacher.user.user_id)).body;
    expect(april.lines.map((line: { amount: number }) => line.amount)).toEqual([250_000]);
    clock.set(Date.parse(vnTime('2030-03-10', '12:00')));
  });
});

describe('adjustments', () => {
  test('an adjustment needs a reason, a whole amount other than 0 and a line of the statement', async () => {
    const before = await snapshot(school.server, PAY_TABLES);
    const url = `/api/teacher-pay/months/2030-03/statements/${teacher.user.user_id}/adjustments`;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ schedule_id: lessons.a1, amount: 50_000 }, 400, 'PAY_REASON_REQUIRED'],
      [{ schedule_id: lessons.a1, amount: 50_000, reason: '   ' }, 400, 'PAY_REASON_REQUIRED'],
      [{ schedule_id: lessons.a1, amount: 0, reason: 'x' }, 400, 'PAY_ADJUSTMENT_AMOUNT_INVALID'],
      [{ schedule_id: lessons.a1, amount: 0.5, reason: 'x' }, 400, 'PAY_ADJUSTMENT_AMOUNT_INVALID'],
      [{ schedule_id: lessons.a1, amount: 1, reason: 'x'.repeat(501) }, 400, 'PAY_REASON_TOO_LONG'],
      // Covered by another teacher: not a line of this statement.
      [{ schedule_id: lessons.a3Covered, amount: 1, reason: 'x' }, 404, 'PAY_LINE_NOT_FOUND'],
      [{ schedule_id: lessons.a2Cancelled, amount: 1, reason: 'x' }, 404, 'PAY_LINE_NOT_FOUND'],
    ];
    for (const [body, status, code] of cases) {
      const response = await admin.post(url, body);
      expect(response.status, response.text).toBe(status);
      // A malformed field is VALIDATION with the catalogue's code as its reason.
      expect(response.body.reason ?? response.body.code).toBe(code);
    }
    expect(await snapshot(school.server, PAY_TABLES)).toEqual(before);
  });

  test('admin adjusts a line and the statement, each kept with its reason, who and when', async () => {
    const url = `/api/teacher-pay/months/2030-03/statements/${teacher.user.user_id}/adjustments`;
    const line = await admin.post(url, {
      schedule_id: lessons.a1,
      amount: 50_000,
      reason: 'Dạy thêm 30 phút',
    });
    expect(line.status, line.text).toBe(201);
    expect(line.body.code).toBe('PAY_ADJUSTED');
    clock.advance(60_000);
    const whole = await admin.post(url, { amount: -20_000, reason: 'Tạm ứng' });
    expect(whole.status, whole.text).toBe(201);
    const statement = (await statementOf(admin, '2030-03', teacher.user.user_id)).body;
    expect(statement.lines[0]).toMatchObject({ schedule_id: lessons.a1, adjusted: 50_000 });
    expect(statement.adjustment_items).toMatchObject([
      { schedule_id: lessons.a1, amount: 50_000, reason: 'Dạy thêm 30 phút' },
      { schedule_id: null, amount: -20_000, reason: 'Tạm ứng' },
    ]);
    expect(statement.adjustment_items[0].created_by_name).toBeTruthy();
    expect(statement).toMatchObject({
      lesson_amount: 550_000,
      adjustments: 30_000,
      total: 580_000,
    });
  });
});

describe('approval', () => {
  test('a month is approved once it is over, and never with a lesson without a rate', async () => {
    const early = await admin.post(
      `/api/teacher-pay/months/2030-03/statements/${teacher.user.user_id}/approve`,
    );
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'PAY_MONTH_NOT_OVER', params: { month: '03/2030' } });
    clock.set(Date.parse(vnTime('2030-04-02', '08:00')));
    const before = await snapshot(school.server, PAY_TABLES);
    const all = await admin.post('/api/teacher-pay/months/2030-03/approve');
    expect(all.status).toBe(409);
    expect(all.body).toMatchObject({
      code: 'PAY_RATE_MISSING',
      params: { name: 'Chi Chưa Lương' },
    });
    expect(await snapshot(school.server, PAY_TABLES)).toEqual(before);
  });

  test('an approved statement is frozen: later rates, lessons and substitutes change nothing', async () => {
    // 28 March's lesson is now held too.
    const draft = (await statementOf(admin, '2030-03', teacher.user.user_id)).body;
    expect(draft.lines).toHaveLength(3);
    expect(draft.total).toBe(780_000);
    const approved = await admin.post(
      `/api/teacher-pay/months/2030-03/statements/${teacher.user.user_id}/approve`,
    );
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ code: 'PAY_APPROVED', params: { count: '1' } });
    const frozen = (await statementOf(admin, '2030-03', teacher.user.user_id)).body;
    expect(frozen).toMatchObject({ state: 'approved', total: 780_000 });
    expect(frozen.approved_by_name).toBeTruthy();
    // The lessons never started keep their flag on the approved statement.
    expect(frozen.lines.map((line: { never_started: boolean }) => line.never_started)).toEqual([
      true,
      true,
      true,
    ]);

    // The rate changes, a lesson moves and is given to a substitute, a lesson is cancelled.
    await setRate({
      teacher_id: teacher.user.user_id,
      kind: 'per_hour',
      amount: 1_000,
      effective_from: '2030-03',
    });
    await setRate({
      teacher_id: teacher.user.user_id,
      class_id: classC,
      kind: 'per_lesson',
      amount: 1,
      effective_from: '2030-03',
    });
    await rewriteHeldLessonTeacher(school.server, lessons.a1, cover.user.user_id);
    await school.server.server.ctx.database.db
      .updateTable('schedules')
      .set({ status: 'cancelled', end_time: vnTime('2030-03-06', '12:00') })
      .where('schedule_id', '=', lessons.c1)
      .execute();
    const after = (await statementOf(admin, '2030-03', teacher.user.user_id)).body;
    expect(after).toEqual(frozen);
    // The lesson paid to its teacher is not paid again to the substitute given it afterwards.
    const substitute = (await statementOf(admin, '2030-03', cover.user.user_id)).body;
    expect(substitute.lines.map((line: { schedule_id: string }) => line.schedule_id)).toEqual([
      lessons.a3Covered,
      lessons.b1,
    ]);
  });

  test('an approved statement takes no adjustment and no second approval', async () => {
    const before = await snapshot(school.server, PAY_TABLES);
    const adjusted = await admin.post(
      `/api/teacher-pay/months/2030-03/statements/${teacher.user.user_id}/adjustments`,
      { amount: 10_000, reason: 'Thưởng' },
    );
    expect(adjusted.status).toBe(409);
    expect(adjusted.body.code).toBe('PAY_ALREADY_APPROVED');
    const again = await admin.post(
      `/api/teacher-pay/months/2030-03/statements/${teacher.user.user_id}/approve`,
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('PAY_ALREADY_APPROVED');
    expect(await snapshot(school.server, PAY_TABLES)).toEqual(before);
  });

  test('admin approves the rest of the month at once', async () => {
    await setRate({
      teacher_id: unpaid.user.user_id,
      kind: 'per_lesson',
      amount: 150_000,
      effective_from: '2030-03',
    });
    const all = await admin.post('/api/teacher-pay/months/2030-03/approve');
    expect(all.status, all.text).toBe(200);
    expect(all.body).toMatchObject({ code: 'PAY_APPROVED', params: { count: '2' } });
    const list = (await admin.get('/api/teacher-pay/months/2030-03/statements')).body;
    expect(list.items.map((item: { state: string }) => item.state)).toEqual([
      'approved',
      'approved',
      'approved',
    ]);
    const none = await admin.post('/api/teacher-pay/months/2030-03/approve');
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('PAY_NOTHING_TO_APPROVE');
  });
});

describe('export', () => {
  test('every statement of the month as .xlsx: a summary with totals and the lines', async () => {
    const response = await fetch(`${school.server.baseUrl}/api/teacher-pay/months/2030-03/export`, {
      headers: { cookie: admin.cookie! },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toContain('luong-giao-vien-2030-03.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows = (index: number) => {
      const values: unknown[][] = [];
      workbook.worksheets[index]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
      return values;
    };
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Tổng hợp', 'Chi tiết']);
    expect(rows(0)).toEqual([
      ['Giáo viên', 'Trạng thái', 'Số buổi', 'Số phút', 'Tiền buổi dạy', 'Điều chỉnh', 'Tổng cộng'],
      ['An Giáo Viên', 'Đã duyệt', 3, 180, 750_000, 30_000, 780_000],
      ['Bình Dạy Thay', 'Đã duyệt', 2, 105, 175_002, 0, 175_002],
      ['Chi Chưa Lương', 'Đã duyệt', 1, 60, 150_000, 0, 150_000],
      ['Tổng cộng', '', 6, 345, 1_075_002, 30_000, 1_105_002],
    ]);
    const lines = rows(1);
    // A header, six lessons and two adjustments; the amounts add up to the total.
    expect(lines).toHaveLength(9);
    expect(lines.slice(1).reduce((sum, row) => sum + (row[10] as number), 0)).toBe(1_105_002);
    expect(lines[1]).toEqual([
      'An Giáo Viên',
      new Date('2030-03-02T00:00:00Z'),
      'IELTS Foundation',
      'Speaking practice',
      '',
      '09:00 02/03/2030',
      '10:00 02/03/2030',
      60,
      'Theo lịch',
      '200.000 ₫/buổi',
      200_000,
    ]);
  });
});

describe('who may read and act', () => {
  test('a teacher reads their own statement only', async () => {
    const own = await statementOf(teacher.client, '2030-03', teacher.user.user_id);
    expect(own.status, own.text).toBe(200);
    expect(own.body.total).toBe(780_000);
    const other = await statementOf(teacher.client, '2030-03', cover.user.user_id);
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('FORBIDDEN');
    for (const url of [
      '/api/teacher-pay/months/2030-03/statements',
      '/api/teacher-pay/rates',
      '/api/teacher-pay/months/2030-03/export',
    ]) {
      expect((await teacher.client.get(url)).status).toBe(403);
    }
    const approve = await teacher.client.post('/api/teacher-pay/months/2030-04/approve');
    expect(approve.status).toBe(403);
  });

  test('staff and students have no access to pay', async () => {
    for (const client of [school.staff.client, school.student.client]) {
      for (const url of [
        '/api/teacher-pay/months/2030-03/statements',
        `/api/teacher-pay/months/2030-03/statements/${teacher.user.user_id}`,
        '/api/teacher-pay/rates',
        '/api/teacher-pay/months/2030-03/export',
      ]) {
        const response = await client.get(url);
        expect(response.status, url).toBe(403);
      }
    }
    const student = await statementOf(
      school.student.client,
      '2030-03',
      school.student.user.user_id,
    );
    expect(student.status).toBe(403);
    expect((await school.server.client().get('/api/teacher-pay/rates')).status).toBe(401);
  });

  test('a statement of an unknown person or a malformed month is refused with a code', async () => {
    const unknown = await statementOf(admin, '2030-03', crypto.randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('PAY_TEACHER_NOT_FOUND');
    const month = await admin.get('/api/teacher-pay/months/2030-3/statements');
    expect(month.status).toBe(400);
    expect(month.body.reason).toBe('INVOICE_PERIOD_INVALID');
  });
});

describe("months in the center's zone", () => {
  test("a lesson at 23:00 on a month's last day is that month's; one at 00:30 on the first, the next's", async () => {
    const dung = await createAccount(school.server, admin, 'teacher', { full_name: 'Dũng' });
    const { class_id: classE } = await createClass(admin, dung.user.user_id, {
      class_name: 'Lớp E',
    });
    await setRate({
      teacher_id: dung.user.user_id,
      kind: 'per_lesson',
      amount: 100_000,
      effective_from: '2030-05',
    });
    // 16:00 and 17:30 UTC on 31 May: both on 31 May in UTC, not in Ho Chi Minh City.
    const late = await createLesson(admin, classE, vnTime('2030-05-31', '23:00'), 45);
    const early = await createLesson(admin, classE, vnTime('2030-06-01', '00:30'), 45);
    clock.set(Date.parse(vnTime('2030-06-02', '08:00')));
    const may = (await statementOf(admin, '2030-05', dung.user.user_id)).body;
    const june = (await statementOf(admin, '2030-06', dung.user.user_id)).body;
    expect(may.lines.map((line: { schedule_id: string }) => line.schedule_id)).toEqual([
      late.schedule_id,
    ]);
    expect(may.lines[0].lesson_date).toBe('2030-05-31');
    expect(june.lines.map((line: { schedule_id: string }) => line.schedule_id)).toEqual([
      early.schedule_id,
    ]);
    expect(june.lines[0].lesson_date).toBe('2030-06-01');
    expect([may.total, june.total]).toEqual([100_000, 100_000]);
  });
});
