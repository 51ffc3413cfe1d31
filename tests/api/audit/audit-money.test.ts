// The audit log for money, secrets, pay, reports (issue 30): each entry names who acted, from
// where, the operation, the record and its fields; a secret (the SMTP password, the bank
// webhook's key) only as changed, never its value; a refused money change leaves no entry; a
// transfer matched on arrival by the bank's webhook is recorded with no person.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount } from '../../helpers/factories.ts';
import {
  createClass,
  createLesson,
  enrol,
  type School,
  startSchool,
} from '../../helpers/school.ts';
import { SepayEmulator } from '../../helpers/sepay-emulator.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: School;
beforeAll(async () => {
  // Sessions outlive the month the clock moves on (teacher pay approves a month that is over).
  school = await startSchool({
    clock,
    env: { SESSION_IDLE_HOURS: '8760', SESSION_MAX_DAYS: '365' },
  });
});
afterAll(() => school.server.close());

const db = () => school.server.server.ctx.database.db;
const entries = (recordId: string, action?: string) => {
  let query = db().selectFrom('audit_log').selectAll().where('record_id', '=', recordId);
  if (action) query = query.where('action', '=', action);
  return query.orderBy('at').execute();
};
const changesOf = (entry: { changes: string } | undefined) => JSON.parse(entry?.changes ?? '{}');
const wholeLog = async () =>
  JSON.stringify(await db().selectFrom('audit_log').selectAll().execute());
const LOCAL = /127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/;

describe("a student's account", () => {
  let student: Account;
  beforeAll(async () => {
    student = await createAccount(school.server, school.admin, 'student');
  });

  test('a payment names who recorded it, from where, and the entry', async () => {
    const paid = await school.staff.client.request(
      'POST',
      `/api/students/${student.user.user_id}/payments`,
      { json: { amount: 1_500_000, method: 'cash', paid_on: '2030-03-10', note: 'Tiền mặt' } },
      { 'idempotency-key': randomUUID() },
    );
    expect(paid.status, paid.text).toBe(201);
    const [entry, ...more] = await entries(student.user.user_id, 'ledger.payment');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor_id: school.staff.user.user_id,
      actor_name: school.staff.user.full_name,
      record_type: 'student',
    });
    expect(entry?.actor_ip).toMatch(LOCAL);
    expect(changesOf(entry)).toMatchObject({
      entry_id: { before: null, after: paid.body.entry.entry_id },
      kind: { before: null, after: 'payment' },
      amount: { before: null, after: -1_500_000 },
      method: { before: null, after: 'cash' },
      note: { before: null, after: 'Tiền mặt' },
    });
  });

  test('a refund over the credit is refused inside its transaction and leaves no entry', async () => {
    const before = await entries(student.user.user_id);
    const refused = await school.admin.post(`/api/students/${student.user.user_id}/refunds`, {
      amount: 9_000_000,
      method: 'bank_transfer',
      paid_on: '2030-03-10',
      note: 'Quá số dư',
    });
    expect(refused.status, refused.text).toBe(409);
    expect(await entries(student.user.user_id)).toEqual(before);
  });

  test('a refund and a reversal are recorded by the admin', async () => {
    const refunded = await school.admin.post(`/api/students/${student.user.user_id}/refunds`, {
      amount: 500_000,
      method: 'bank_transfer',
      paid_on: '2030-03-10',
      note: 'Chuyển lớp khác',
    });
    expect(refunded.status, refunded.text).toBe(201);
    const [refund] = await entries(student.user.user_id, 'ledger.refund');
    expect(refund).toMatchObject({ actor_name: 'Administrator', record_type: 'student' });
    expect(changesOf(refund)).toMatchObject({ amount: { before: null, after: 500_000 } });
    const reversed = await school.admin.post(
      `/api/ledger-entries/${refunded.body.entry.entry_id}/reverse`,
      { reason: 'Ghi nhầm' },
    );
    expect(reversed.status, reversed.text).toBe(201);
    const [reversal] = await entries(student.user.user_id, 'ledger.reversal');
    expect(changesOf(reversal)).toMatchObject({
      amount: { before: null, after: -500_000 },
      reverses_entry_id: { before: null, after: refunded.body.entry.entry_id },
      note: { before: null, after: 'Ghi nhầm' },
    });
    // Reversing it again is refused: no second entry.
    const again = await school.admin.post(
      `/api/ledger-entries/${refunded.body.entry.entry_id}/reverse`,
      { reason: 'Lần nữa' },
    );
    expect(again.status).toBe(409);
    expect(await entries(student.user.user_id, 'ledger.reversal')).toHaveLength(1);
  });
});

describe('secrets', () => {
  test('the SMTP password is recorded only as changed', async () => {
    const password = `smtp-${randomUUID()}`;
    const saved = await school.admin.put('/api/email/settings', {
      host: 'smtp.example.com',
      port: 587,
      security: 'starttls',
      username: 'center',
      password,
      from_address: 'center@example.com',
      from_name: 'Edu Center',
    });
    expect(saved.status, saved.text).toBe(200);
    const [entry] = await entries('email', 'email-settings.update');
    expect(entry).toMatchObject({ record_type: 'settings', actor_name: expect.any(String) });
    expect(changesOf(entry)).toMatchObject({
      host: { before: null, after: 'smtp.example.com' },
      sealed_password: { secret: true },
    });
    expect(await wholeLog()).not.toContain(password);
  });

  test("the bank webhook's key: made and revoked are recorded, never the key", async () => {
    const made = await school.admin.post('/api/bank/webhook-key', {});
    expect(made.status, made.text).toBe(201);
    const key: string = made.body.key;
    expect(key.length).toBeGreaterThan(10);
    const revoked = await school.admin.delete('/api/bank/webhook-key');
    expect(revoked.status, revoked.text).toBe(200);
    const log = await entries('bank-webhook-key');
    expect(log.map((e) => e.action)).toEqual([
      'bank-webhook-key.create',
      'bank-webhook-key.revoke',
    ]);
    expect(changesOf(log[0])).toEqual({ webhook_key: { secret: true } });
    expect(await wholeLog()).not.toContain(key);
    expect(await wholeLog()).not.toContain(key.slice(-12));
  });
});

describe('invoices and bank transfers', () => {
  test('a run issued by staff is recorded in their name; a transfer matched on arrival by no one', async () => {
    const student = await createAccount(school.server, school.admin, 'student');
    const klass = await createClass(school.admin, school.teacher.user.user_id, {
      class_name: 'Kế toán',
    });
    await enrol(school.admin, klass.class_id, [student.user.user_id]);
    const plan = await school.admin.put(`/api/classes/${klass.class_id}/fee-plan`, {
      kind: 'per_course',
      amount: 1_200_000,
    });
    expect(plan.status, plan.text).toBe(200);
    expect(changesOf((await entries(klass.class_id, 'fee-plan.create'))[0])).toMatchObject({
      kind: { before: null, after: 'per_course' },
      amount: { before: null, after: 1_200_000 },
    });
    const run = await school.staff.client.post('/api/invoice-runs', {
      period: '2030-03',
      class_id: klass.class_id,
      due_date: '2030-03-20',
    });
    expect(run.status, run.text).toBe(201);
    const list = await school.admin.get(`/api/invoices?student_id=${student.user.user_id}`);
    const invoice = list.body.items.find(
      (item: { student_id: string }) => item.student_id === student.user.user_id,
    );
    const issued = await entries(invoice.invoice_id, 'invoice.issue');
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      actor_id: school.staff.user.user_id,
      record_type: 'invoice',
    });
    expect(changesOf(issued[0])).toMatchObject({
      status: { before: 'draft', after: 'issued' },
      number: { before: null, after: invoice.number },
      total: { before: null, after: 1_200_000 },
    });
    const charges = await entries(student.user.user_id, 'ledger.charge');
    expect(charges).toHaveLength(1);
    expect(charges[0]?.actor_id).toBe(school.staff.user.user_id);

    const made = await school.admin.post('/api/bank/webhook-key', {});
    const sepay = new SepayEmulator(`${school.server.baseUrl}/api/bank/webhook`, made.body.key);
    const arrived = await sepay.transfer({
      amount: 1_200_000,
      content: `HOC PHI ${String(invoice.number).replaceAll('-', '')}`,
    });
    expect(arrived.status, JSON.stringify(arrived.body)).toBe(200);
    const [payment] = await entries(student.user.user_id, 'ledger.payment');
    expect(payment).toMatchObject({ actor_id: null, actor_name: null });
    const transfer = await db()
      .selectFrom('bank_transfers')
      .select(['transfer_id', 'status'])
      .where('student_id', '=', student.user.user_id)
      .executeTakeFirstOrThrow();
    expect(transfer.status).toBe('matched');
    const matched = await entries(transfer.transfer_id);
    expect(matched.map((e) => [e.action, e.actor_id])).toEqual([
      ['bank-transfer.receive', null],
      ['bank-transfer.match', null],
    ]);
    expect(await wholeLog()).not.toContain(made.body.key);

    // Voided by the admin, with why; its charge reversed in the same breath.
    const voided = await school.admin.post(`/api/invoices/${invoice.invoice_id}/void`, {
      reason: 'Sai lớp',
    });
    expect(voided.status, voided.text).toBe(200);
    expect(changesOf((await entries(invoice.invoice_id, 'invoice.void'))[0])).toEqual({
      status: { before: 'issued', after: 'void' },
      void_reason: { before: null, after: 'Sai lớp' },
    });
  });
});

describe('teacher pay and lesson reports', () => {
  let klassId: string;
  let lessonId: string;
  beforeAll(async () => {
    const klass = await createClass(school.admin, school.teacher.user.user_id, {
      class_name: 'Lương',
    });
    klassId = klass.class_id;
    await enrol(school.admin, klassId, [school.student.user.user_id]);
    lessonId = (await createLesson(school.admin, klassId, '2030-03-20T02:00:00Z')).schedule_id;
    clock.set(Date.parse('2030-04-02T02:00:00Z'));
  });

  test("the teacher's report: written, then corrected, each with its fields", async () => {
    const body = (covered: string) => ({ covered, homework: 'Bài 3', notes: [] });
    const first = await school.teacher.client.put(
      `/api/schedules/${lessonId}/report`,
      body('Unit 1'),
    );
    expect(first.status, first.text).toBe(200);
    const second = await school.teacher.client.put(
      `/api/schedules/${lessonId}/report`,
      body('Unit 1 và 2'),
    );
    expect(second.status, second.text).toBe(200);
    // The lesson's own entries (its creation) stand beside the report's. The test clock stands
    // still, so both entries share one instant: they are found by their action, not their order.
    const log = (await entries(lessonId)).filter((e) => e.action.startsWith('lesson-report.'));
    expect(log.map((e) => [e.action, e.actor_id]).sort()).toEqual([
      ['lesson-report.correct', school.teacher.user.user_id],
      ['lesson-report.write', school.teacher.user.user_id],
    ]);
    const correction = log.find((e) => e.action === 'lesson-report.correct');
    expect(changesOf(correction)).toEqual({ covered: { before: 'Unit 1', after: 'Unit 1 và 2' } });
  });

  test("a rate, then the teacher's statement approved, are recorded under the teacher", async () => {
    const rate = await school.admin.put('/api/teacher-pay/rates', {
      teacher_id: school.teacher.user.user_id,
      kind: 'per_lesson',
      amount: 300_000,
      effective_from: '2030-01',
    });
    expect(rate.status, rate.text).toBe(200);
    const approved = await school.admin.post(
      `/api/teacher-pay/months/2030-03/statements/${school.teacher.user.user_id}/approve`,
      {},
    );
    expect(approved.status, approved.text).toBe(200);
    const log = await entries(school.teacher.user.user_id);
    const actions = log.map((e) => e.action);
    expect(actions).toContain('pay-rate.set');
    expect(actions).toContain('pay-statement.approve');
    const approval = log.find((e) => e.action === 'pay-statement.approve');
    expect(approval?.actor_id).toBeTruthy();
    expect(changesOf(approval)).toMatchObject({
      state: { before: 'draft', after: 'approved' },
      total: { before: null },
    });
  });
});
