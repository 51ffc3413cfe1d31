// Debts, the month's summary and invoices' reminders (issue 27) on either database: who owes what,
// aged by days past due (the bucket edges: due today, 30, 31, 60 and 61 days) and moving as the
// clock moves; filtered by class and name; exported as .xlsx and read back; who may see it; the
// month's invoiced, collected, outstanding and received; reminders when issued, three days before
// the due date and when overdue, once each, with the job run at chosen instants.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sendInvoiceReminders } from '#server/features/tuition/invoices/reminders.ts';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount } from '../../helpers/factories.ts';
import { createClass, enrol, type School, startSchool } from '../../helpers/school.ts';
import { ADMIN } from '../../helpers/test-server.ts';

// 1 March 2030, 08:00 in Ho Chi Minh City.
const clock = new TestClock(Date.parse('2030-03-01T01:00:00Z'));
let school: School;
beforeAll(async () => {
  school = await startSchool({ clock, jobs: false });
});
afterAll(() => school.server.close());

/** 08:00 in Ho Chi Minh City on a day; the cast signs in again (sessions lapse). */
async function moveTo(date: string) {
  clock.set(Date.parse(`${date}T01:00:00Z`));
  await school.admin.login(ADMIN.email, ADMIN.password);
  for (const account of [school.staff, school.student, school.teacher]) {
    await account.client.login(account.email, account.password);
  }
}
const newStudent = (name: string) =>
  createAccount(school.server, school.admin, 'student', { full_name: name });
const newClass = async (name: string, amount: number) => {
  // A class running through every month these tests invoice (a month it does not run through
  // is charged by its lessons).
  const { class_id } = await createClass(school.admin, school.teacher.user.user_id, {
    class_name: name,
    start_date: '2030-01-01',
    end_date: '2030-12-31',
  });
  const plan = await school.admin.put(`/api/classes/${class_id}/fee-plan`, {
    kind: 'per_month',
    amount,
  });
  expect(plan.status, plan.text).toBe(200);
  return class_id;
};
/** An issued invoice for March for a student and class, due on a chosen day. */
async function issue(student: Account, classId: string, dueDate: string, period = '2030-03') {
  const draft = await school.staff.client.post('/api/invoices', {
    student_id: student.user.user_id,
    class_id: classId,
    period,
    due_date: dueDate,
  });
  expect(draft.status, draft.text).toBe(201);
  const issued = await school.staff.client.post(
    `/api/invoices/${draft.body.invoice.invoice_id}/issue`,
    {},
  );
  expect(issued.status, issued.text).toBe(200);
  return issued.body.invoice as { invoice_id: string; number: string };
}
const pay = async (student: Account, amount: number, paidOn: string, invoiceId?: string) => {
  const paid = await school.staff.client.post(`/api/students/${student.user.user_id}/payments`, {
    amount,
    method: 'cash',
    paid_on: paidOn,
    ...(invoiceId ? { invoice_id: invoiceId } : {}),
  });
  expect(paid.status, paid.text).toBe(201);
  return paid.body.entry as { entry_id: string };
};
const debts = async (query = '') => {
  const response = await school.staff.client.get(`/api/debts${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
};
const rowOf = (list: { items: { student_name: string }[] }, name: string) =>
  list.items.find((row) => row.student_name === name);

let classA = '';
let classB = '';
let khoaInvoice = '';
const cast = {} as Record<'an' | 'binh' | 'chi' | 'dung' | 'em' | 'giang' | 'ha' | 'khoa', Account>;

describe('the debts list', () => {
  beforeAll(async () => {
    classA = await newClass('Aged A', 1_000_000);
    classB = await newClass('Aged B', 500_000);
    const names = {
      an: 'An Nợ',
      binh: 'Bình Nợ',
      chi: 'Chi Nợ',
      dung: 'Dũng Trả',
      em: 'Em Nợ',
      giang: 'Giang Nợ',
      ha: 'Hà Nợ',
      khoa: 'Khoa Nợ',
    } as const;
    for (const [key, name] of Object.entries(names)) {
      cast[key as keyof typeof cast] = await newStudent(name);
    }
    const all = Object.values(cast).map((account) => account.user.user_id);
    await enrol(school.admin, classA, all);
    await enrol(school.admin, classB, [cast.an.user.user_id, cast.chi.user.user_id]);
    // Counted from 15 May 2030: the days past due of each.
    await issue(cast.an, classA, '2030-05-20'); // not yet due
    await issue(cast.an, classB, '2030-05-01'); // 14 days
    const binh = await issue(cast.binh, classA, '2030-04-10'); // 35 days
    await pay(cast.binh, 300_000, '2030-04-05', binh.invoice_id);
    await issue(cast.chi, classB, '2030-03-10'); // 66 days
    const dung = await issue(cast.dung, classA, '2030-04-01');
    await pay(cast.dung, 1_000_000, '2030-04-02', dung.invoice_id);
    await issue(cast.em, classA, '2030-04-15'); // 30 days
    await issue(cast.giang, classA, '2030-03-16'); // 60 days
    await issue(cast.ha, classA, '2030-05-15'); // due today
    khoaInvoice = (await issue(cast.khoa, classA, '2030-03-15')).invoice_id; // 61 days
  });

  test('one row per student who owes, aged by days past due, with totals', async () => {
    await moveTo('2030-05-15');
    const list = await debts();
    expect(list.today).toBe('2030-05-15');
    const names = list.items.map((row: { student_name: string }) => row.student_name);
    // Dũng paid; the school's own student owes nothing.
    expect(names).toEqual(['An Nợ', 'Bình Nợ', 'Chi Nợ', 'Em Nợ', 'Giang Nợ', 'Hà Nợ', 'Khoa Nợ']);
    const zero = { not_due: 0, overdue_1_30: 0, overdue_31_60: 0, overdue_over_60: 0 };
    expect(rowOf(list, 'An Nợ')).toEqual({
      student_id: cast.an.user.user_id,
      student_name: 'An Nợ',
      classes: [
        { class_id: classA, class_name: 'Aged A' },
        { class_id: classB, class_name: 'Aged B' },
      ],
      invoices: 2,
      oldest_due_date: '2030-05-01',
      ...zero,
      outstanding: 1_500_000,
      not_due: 1_000_000,
      overdue_1_30: 500_000,
    });
    expect(rowOf(list, 'Bình Nợ')).toMatchObject({
      ...zero,
      outstanding: 700_000,
      overdue_31_60: 700_000,
    });
    expect(rowOf(list, 'Chi Nợ')).toMatchObject({ ...zero, overdue_over_60: 500_000 });
    // The edges: 30 days is 1–30, 60 days is 31–60, 61 is over 60, due today is not yet due.
    expect(rowOf(list, 'Em Nợ')).toMatchObject({ ...zero, overdue_1_30: 1_000_000 });
    expect(rowOf(list, 'Giang Nợ')).toMatchObject({ ...zero, overdue_31_60: 1_000_000 });
    expect(rowOf(list, 'Khoa Nợ')).toMatchObject({ ...zero, overdue_over_60: 1_000_000 });
    expect(rowOf(list, 'Hà Nợ')).toMatchObject({ ...zero, not_due: 1_000_000 });
    expect(list.totals).toEqual({
      outstanding: 6_700_000,
      not_due: 2_000_000,
      overdue_1_30: 1_500_000,
      overdue_31_60: 1_700_000,
      overdue_over_60: 1_500_000,
    });
  });

  test('the buckets move with the clock; a payment takes the debt off', async () => {
    await moveTo('2030-06-20');
    let list = await debts();
    // An's A invoice, due 20 May, is now 31 days past due; B's 50.
    expect(rowOf(list, 'An Nợ')).toMatchObject({
      not_due: 0,
      overdue_1_30: 0,
      overdue_31_60: 1_500_000,
    });
    expect(rowOf(list, 'Hà Nợ')).toMatchObject({ overdue_31_60: 1_000_000 });
    await pay(cast.ha, 1_000_000, '2030-06-20');
    list = await debts();
    expect(rowOf(list, 'Hà Nợ')).toBeUndefined();
    await moveTo('2030-05-15');
  });

  test("filtered by class (that class's invoices only) and by name without accents", async () => {
    const onlyB = await debts(`?class_id=${classB}`);
    expect(onlyB.items.map((row: { student_name: string }) => row.student_name)).toEqual([
      'An Nợ',
      'Chi Nợ',
    ]);
    expect(rowOf(onlyB, 'An Nợ')).toMatchObject({
      classes: [{ class_id: classB, class_name: 'Aged B' }],
      outstanding: 500_000,
      overdue_1_30: 500_000,
      not_due: 0,
    });
    expect(onlyB.totals.outstanding).toBe(1_000_000);
    const binh = await debts('?q=binh');
    expect(binh.items.map((row: { student_name: string }) => row.student_name)).toEqual([
      'Bình Nợ',
    ]);
    expect(binh.totals.outstanding).toBe(700_000);
    expect((await debts('?q=no%25')).items).toEqual([]);
    expect((await debts('?class_id=nope')).items).toEqual([]);
    const tooLong = await school.staff.client.get(`/api/debts?q=${'x'.repeat(101)}`);
    expect(tooLong.status).toBe(400);
  });

  test('exported as .xlsx: the rows and the totals read back; staff only while the center allows', async () => {
    const response = await fetch(`${school.server.baseUrl}/api/debts/export?class_id=${classB}`, {
      headers: { cookie: school.staff.client.cookie! },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toContain('cong-no-2030-05-15.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const values: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values).toEqual([
      [
        'Học viên',
        'Lớp',
        'Số hoá đơn nợ',
        'Hạn sớm nhất',
        'Tổng còn nợ',
        'Chưa đến hạn',
        'Quá hạn 1–30 ngày',
        'Quá hạn 31–60 ngày',
        'Quá hạn trên 60 ngày',
      ],
      ['An Nợ', 'Aged B', 1, new Date('2030-05-01T00:00:00Z'), 500_000, 0, 500_000, 0, 0],
      ['Chi Nợ', 'Aged B', 1, new Date('2030-03-10T00:00:00Z'), 500_000, 0, 0, 0, 500_000],
      ['Tổng cộng', '', 2, '', 1_000_000, 0, 500_000, 0, 500_000],
    ]);

    const closed = await school.admin.patch('/api/center-settings/options', {
      staff_may_export: false,
    });
    expect(closed.status, closed.text).toBe(200);
    const refused = await school.staff.client.get('/api/debts/export');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('EXPORT_NOT_ALLOWED');
    expect((await school.admin.get('/api/debts/export')).status).toBe(200);
    await school.admin.patch('/api/center-settings/options', { staff_may_export: true });
  });

  test('who may see debts and the summary: admin and staff the debts, admin the summary', async () => {
    expect((await school.admin.get('/api/debts')).status).toBe(200);
    for (const account of [school.teacher, school.student]) {
      expect((await account.client.get('/api/debts')).status).toBe(403);
      expect((await account.client.get('/api/debts/export')).status).toBe(403);
      expect((await account.client.get('/api/tuition/summary?period=2030-03')).status).toBe(403);
    }
    expect((await school.staff.client.get('/api/tuition/summary?period=2030-03')).status).toBe(403);
    expect((await school.server.client().get('/api/debts')).status).toBe(401);
    const bad = await school.admin.get('/api/tuition/summary?period=2030-13');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toMatch(/INVOICE_PERIOD_INVALID|VALIDATION/);
  });

  test("the month's summary: invoiced, collected, outstanding per class; money received by date paid", async () => {
    const summary = await school.admin.get('/api/tuition/summary?period=2030-03');
    expect(summary.status, summary.text).toBe(200);
    const byName = Object.fromEntries(
      summary.body.classes.map((row: { class_name: string }) => [row.class_name, row]),
    );
    // A: seven invoices of 1,000,000; Bình paid 300,000, Dũng 1,000,000, Hà 1,000,000 (June).
    expect(byName['Aged A']).toEqual({
      class_id: classA,
      class_name: 'Aged A',
      invoices: 7,
      invoiced: 7_000_000,
      collected: 2_300_000,
      outstanding: 4_700_000,
    });
    expect(byName['Aged B']).toEqual({
      class_id: classB,
      class_name: 'Aged B',
      invoices: 2,
      invoiced: 1_000_000,
      collected: 0,
      outstanding: 1_000_000,
    });
    expect(summary.body.total).toEqual({
      invoices: 9,
      invoiced: 8_000_000,
      collected: 2_300_000,
      outstanding: 5_700_000,
    });
    // Money by the date paid: 300,000 and 1,000,000 in April, 1,000,000 in June; none in March.
    expect(summary.body).toMatchObject({ received: 0, refunded: 0 });
    const april = (await school.admin.get('/api/tuition/summary?period=2030-04')).body;
    expect(april).toMatchObject({ classes: [], received: 1_300_000, refunded: 0 });
    // A reversed payment is not money received.
    const wrong = await pay(cast.khoa, 50_000, '2030-04-20');
    const reversed = await school.admin.post(`/api/ledger-entries/${wrong.entry_id}/reverse`, {
      reason: 'Ghi nhầm',
    });
    expect(reversed.status, reversed.text).toBe(201);
    expect((await school.admin.get('/api/tuition/summary?period=2030-04')).body.received).toBe(
      1_300_000,
    );
    // A void invoice is left out of the month.
    const voided = await school.admin.post(`/api/invoices/${khoaInvoice}/void`, {
      reason: 'Lập nhầm',
    });
    expect(voided.status, voided.text).toBe(200);
    const after = (await school.admin.get('/api/tuition/summary?period=2030-03')).body;
    expect(after.total).toEqual({
      invoices: 8,
      invoiced: 7_000_000,
      collected: 2_300_000,
      outstanding: 4_700_000,
    });
  });
});

describe("invoices' reminders", () => {
  const remind = () => sendInvoiceReminders(school.server.server.ctx);
  const invoiceNotes = async (account: Account) =>
    ((await account.client.get('/api/notifications')).body.items as { type: string }[]).filter(
      (item) => item.type.startsWith('invoice_'),
    );

  test('issued, three days before due, and overdue: each once, with the number, amount and due date', async () => {
    await moveTo('2030-07-01');
    const classId = await newClass('Reminded', 800_000);
    const [lan, minh] = await Promise.all([newStudent('Lan Nhắc'), newStudent('Minh Nhắc')]);
    await enrol(school.admin, classId, [lan.user.user_id, minh.user.user_id]);
    // A month's run: each student is told once, a retried run tells nobody again.
    const body = { period: '2030-07', class_id: classId, due_date: '2030-07-10' };
    for (let i = 0; i < 2; i++) {
      const ran = await school.staff.client.request(
        'POST',
        '/api/invoice-runs',
        { json: body },
        { 'idempotency-key': 'reminded-run' },
      );
      expect(ran.status, ran.text).toBe(201);
    }
    await lan.client.login(lan.email, lan.password);
    await minh.client.login(minh.email, minh.password);
    const [issued] = await invoiceNotes(lan);
    expect(await invoiceNotes(lan)).toHaveLength(1);
    expect(issued).toMatchObject({
      type: 'invoice_issued',
      class_id: classId,
      params: {
        number: expect.stringMatching(/^HP-2030-\d{6}$/),
        amount: '800000',
        due_date: '2030-07-10',
        class_name: 'Reminded',
      },
    });
    // Minh pays at once: no reminders for a paid invoice.
    await pay(minh, 800_000, '2030-07-01');

    // Due on the 10th: nothing until the 7th, then once (runs racing, as processes would).
    await moveTo('2030-07-06');
    expect(await remind()).toBe(0);
    await moveTo('2030-07-07');
    const made = await Promise.all([remind(), remind(), remind()]);
    expect(made.reduce((a, b) => a + b, 0)).toBe(1);
    await moveTo('2030-07-10');
    expect(await remind()).toBe(0);
    // Overdue from the 11th, once.
    await moveTo('2030-07-11');
    expect(await remind()).toBe(1);
    expect(await remind()).toBe(0);
    await moveTo('2030-07-12');
    expect(await remind()).toBe(0);
    await lan.client.login(lan.email, lan.password);
    await minh.client.login(minh.email, minh.password);
    const notes = await invoiceNotes(lan);
    expect(notes.map((note) => note.type).sort()).toEqual([
      'invoice_due_soon',
      'invoice_issued',
      'invoice_overdue',
    ]);
    expect(notes.find((note) => note.type === 'invoice_overdue')).toMatchObject({
      params: { amount: '800000', due_date: '2030-07-10' },
    });
    expect((await invoiceNotes(minh)).map((note) => note.type)).toEqual(['invoice_issued']);
  });

  test('a single issue tells the student; one issued within three days of its due date gets no "due soon"', async () => {
    await moveTo('2030-08-01');
    const classId = await newClass('Late issue', 600_000);
    const nam = await newStudent('Nam Nhắc');
    await enrol(school.admin, classId, [nam.user.user_id]);
    await moveTo('2030-08-08');
    await issue(nam, classId, '2030-08-10', '2030-08');
    expect(await remind()).toBe(0);
    await moveTo('2030-08-09');
    expect(await remind()).toBe(0);
    await nam.client.login(nam.email, nam.password);
    expect((await invoiceNotes(nam)).map((note) => note.type)).toEqual(['invoice_issued']);
  });
});
