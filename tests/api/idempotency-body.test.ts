// An Idempotency-Key sent again with another body (issue 30 point 6): 422 and nothing written,
// on every route that takes a key, instead of the first request's answer (a silent no-op that
// looked like success). The same body again, whatever the order of its fields, still replays the
// first answer. Two bodies with one key at once: one wins, the other gets 422.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../helpers/clock.ts';
import { type Account, createAccount, snapshot, uniqueEmail } from '../helpers/factories.ts';
import { createLesson, type School, startSchool, vnTime } from '../helpers/school.ts';
import type { TestClient, TestResponse } from '../helpers/test-server.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: School;
beforeAll(async () => {
  school = await startSchool({ clock });
});
afterAll(() => school.server.close());

const MISMATCH = 'IDEMPOTENCY_KEY_BODY_MISMATCH';
const send = (client: TestClient, method: string, url: string, body: unknown, key: string) =>
  client.request(method, url, { json: body }, { 'idempotency-key': key });

/**
 * The first body succeeds; the second with the same key is refused with 422 (`code`) and writes
 * nothing in `tables`; the first again is answered as the first time (`sameBody`: its body too).
 */
async function refusesAnotherBody(options: {
  client: TestClient;
  method?: string;
  url: string;
  first: unknown;
  second: unknown;
  tables: string[];
  code?: string;
  sameBody?: boolean;
}): Promise<TestResponse> {
  const { client, url, first, second, tables } = options;
  const method = options.method ?? 'POST';
  const key = `body-${randomUUID()}`;
  const done = await send(client, method, url, first, key);
  expect(done.status, done.text).toBeLessThan(300);
  const before = await snapshot(school.server, [...tables, 'idempotency_keys']);
  const other = await send(client, method, url, second, key);
  expect(other.status, other.text).toBe(422);
  expect(other.body.code).toBe(options.code ?? MISMATCH);
  expect(await snapshot(school.server, [...tables, 'idempotency_keys'])).toEqual(before);
  const again = await send(client, method, url, first, key);
  expect(again.status, again.text).toBe(done.status);
  if (options.sameBody !== false) expect(again.body).toEqual(done.body);
  expect(await snapshot(school.server, [...tables, 'idempotency_keys'])).toEqual(before);
  return done;
}

const lessonBody = (day: string, hhmm = '18:00') => {
  const start = vnTime(day, hhmm);
  return {
    topic: 'Keyed lesson',
    start_time: start,
    end_time: new Date(Date.parse(start) + 3_600_000).toISOString(),
  };
};
const timesOf = ({ start_time, end_time }: { start_time: string; end_time: string }) => ({
  start_time,
  end_time,
});
const newStudent = (): Promise<Account> => createAccount(school.server, school.admin, 'student');

describe('lessons and classes', () => {
  test('a lesson: another body is refused; the same fields in another order replay', async () => {
    const url = `/api/classes/${school.classId}/schedules`;
    await refusesAnotherBody({
      client: school.admin,
      url,
      first: lessonBody('2030-04-01'),
      second: lessonBody('2030-04-02'),
      tables: ['schedules'],
    });
    const key = `order-${randomUUID()}`;
    const body = lessonBody('2030-04-03');
    const done = await send(school.admin, 'POST', url, body, key);
    expect(done.status, done.text).toBe(201);
    const reordered = { end_time: body.end_time, start_time: body.start_time, topic: body.topic };
    const again = await send(school.admin, 'POST', url, reordered, key);
    expect(again.status, again.text).toBe(201);
    expect(again.body.schedule_id).toBe(done.body.schedule_id);
  });

  test('a series', async () => {
    const series = (count: number) => ({
      topic_pattern: 'Unit {n}',
      weekdays: [2, 4],
      start_time: '07:00',
      duration_minutes: 60,
      first_date: '2030-05-07',
      count,
    });
    await refusesAnotherBody({
      client: school.admin,
      url: `/api/classes/${school.classId}/schedule-series`,
      first: series(2),
      second: series(3),
      tables: ['schedules'],
    });
  });

  test('an enrolment', async () => {
    const [one, two] = await Promise.all([newStudent(), newStudent()]);
    await refusesAnotherBody({
      client: school.admin,
      url: `/api/classes/${school.classId}/students`,
      first: { student_ids: [one.user.user_id] },
      second: { student_ids: [two.user.user_id] },
      tables: ['class_students'],
    });
  });

  test("a lesson's move, cancellation and substitute", async () => {
    const moved = await createLesson(school.admin, school.classId, vnTime('2030-04-08', '18:00'));
    await refusesAnotherBody({
      client: school.admin,
      url: `/api/schedules/${moved.schedule_id}/move`,
      first: timesOf(lessonBody('2030-04-09', '19:00')),
      second: timesOf(lessonBody('2030-04-09', '20:30')),
      tables: ['schedules'],
    });
    const cancelled = await createLesson(
      school.admin,
      school.classId,
      vnTime('2030-04-10', '18:00'),
    );
    await refusesAnotherBody({
      client: school.admin,
      url: `/api/schedules/${cancelled.schedule_id}/cancel`,
      first: { reason: 'Giáo viên ốm' },
      second: { reason: 'Mất điện' },
      tables: ['schedules'],
    });
    const covered = await createLesson(school.admin, school.classId, vnTime('2030-04-11', '18:00'));
    const third = await createAccount(school.server, school.admin, 'teacher');
    await refusesAnotherBody({
      client: school.admin,
      method: 'PUT',
      url: `/api/schedules/${covered.schedule_id}/substitute`,
      first: { teacher_id: school.otherTeacher.user.user_id },
      second: { teacher_id: third.user.user_id },
      tables: ['schedules'],
    });
  });

  test('two bodies with one key at the same moment: one is written, the other gets 422', async () => {
    const key = `race-${randomUUID()}`;
    const url = `/api/classes/${school.classId}/schedules`;
    const replies = await Promise.all([
      send(school.admin, 'POST', url, lessonBody('2030-04-15', '08:00'), key),
      send(school.admin, 'POST', url, lessonBody('2030-04-16', '08:00'), key),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 422]);
    expect(replies.find((reply) => reply.status === 422)!.body.code).toBe(MISMATCH);
    const lessons = (await school.admin.get(`/api/classes/${school.classId}/schedules`)).body
      .items as { start_time: string }[];
    const made = lessons.filter((lesson) =>
      [vnTime('2030-04-15', '08:00'), vnTime('2030-04-16', '08:00')].includes(lesson.start_time),
    );
    expect(made).toHaveLength(1);
  });
});

test('a key kept before its request was hashed answers as it always did', async () => {
  const url = `/api/classes/${school.classId}/schedules`;
  const key = `old-${randomUUID()}`;
  const done = await send(school.admin, 'POST', url, lessonBody('2030-04-17'), key);
  expect(done.status, done.text).toBe(201);
  const { db } = school.server.server.ctx.database;
  await db
    .updateTable('idempotency_keys')
    .set({ request_hash: null })
    .where('idempotency_key', '=', key)
    .execute();
  const again = await send(school.admin, 'POST', url, lessonBody('2030-04-18'), key);
  expect(again.status, again.text).toBe(201);
  expect(again.body.schedule_id).toBe(done.body.schedule_id);
});

describe('accounts', () => {
  test('an import', async () => {
    const rows = (email: string) => ({
      role: 'student',
      rows: [{ full_name: 'Nguyễn Văn Khoá', email }],
    });
    // The first passwords are shown once: a replay answers the same counts without them.
    await refusesAnotherBody({
      client: school.staff.client,
      url: '/api/users/import',
      first: rows(uniqueEmail('keyed')),
      second: rows(uniqueEmail('other')),
      tables: ['users', 'auth_credentials'],
      sameBody: false,
    });
  });
});

// The money routes' scopes already name what they were asked (amount, reason, lines, student):
// another body there is refused as a key 'used for another action', 422 as well.
const REUSED = 'IDEMPOTENCY_KEY_REUSED';

describe('money', () => {
  const payment = (amount: number) => ({ amount, method: 'cash', paid_on: '2030-03-10' });

  test('a payment, a refund and a reversal', async () => {
    const student = await newStudent();
    const paid = await refusesAnotherBody({
      client: school.staff.client,
      url: `/api/students/${student.user.user_id}/payments`,
      first: payment(1_500_000),
      second: payment(1_600_000),
      tables: ['ledger_entries'],
      code: REUSED,
    });
    await refusesAnotherBody({
      client: school.admin,
      url: `/api/students/${student.user.user_id}/refunds`,
      first: { ...payment(100_000), method: 'bank_transfer', note: 'Chuyển lớp' },
      second: { ...payment(200_000), method: 'bank_transfer', note: 'Chuyển lớp' },
      tables: ['ledger_entries'],
      code: REUSED,
    });
    await refusesAnotherBody({
      client: school.admin,
      url: `/api/ledger-entries/${paid.body.entry.entry_id}/reverse`,
      first: { reason: 'Ghi nhầm số tiền' },
      second: { reason: 'Ghi nhầm người' },
      tables: ['ledger_entries'],
      code: REUSED,
    });
  });

  test('an invoice run', async () => {
    await refusesAnotherBody({
      client: school.admin,
      url: '/api/invoice-runs',
      first: { period: '2030-03', due_date: '2030-03-20' },
      second: { period: '2030-03', due_date: '2030-03-25' },
      tables: ['invoices'],
      code: REUSED,
    });
  });

  test('a bank statement and a transfer given to a student', async () => {
    const line = (amount: number, reference: string) => ({
      row: 1,
      date: '2030-03-09',
      amount,
      content: 'PHU HUYNH CHUYEN TIEN HOC',
      reference,
      balance: null,
    });
    await refusesAnotherBody({
      client: school.staff.client,
      url: '/api/bank/statements',
      first: { lines: [line(700_000, `FT-${randomUUID()}`)] },
      second: { lines: [line(800_000, `FT-${randomUUID()}`)] },
      tables: ['bank_transfers', 'ledger_entries'],
      code: REUSED,
    });
    const transfers = await school.staff.client.get('/api/bank/transfers?status=unmatched');
    expect(transfers.status, transfers.text).toBe(200);
    const transferId = transfers.body.items[0].transfer_id as string;
    const [one, two] = await Promise.all([newStudent(), newStudent()]);
    await refusesAnotherBody({
      client: school.staff.client,
      url: `/api/bank/transfers/${transferId}/assign`,
      first: { student_id: one.user.user_id },
      second: { student_id: two.user.user_id },
      tables: ['bank_transfers', 'ledger_entries'],
      code: REUSED,
      sameBody: false,
    });
  });
});
