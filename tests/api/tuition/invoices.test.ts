// Invoices (issue 27, docs/decisions/029-invoices.md) on either database: lines from each plan kind
// and the lessons held (a cancelled lesson never charged, excused absences spared when the plan
// says so, a partial month prorated by lessons, a course's instalments once each, discounts), a
// class's month previewed then issued, a retried run and two runs at once issuing each invoice
// once, numbers gapless under 50 issues at once and two servers, drafts edited, payments allocated
// oldest first with the rest a credit the next invoice takes, voids keeping their number.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount, snapshot } from '../../helpers/factories.ts';
import { scanQr } from '../../helpers/qr.ts';
import {
  createClass,
  createLesson,
  enrol,
  type School,
  startSchool,
  vnTime,
} from '../../helpers/school.ts';
import { ADMIN, startTestServer, type TestClient } from '../../helpers/test-server.ts';

// 1 March 2030, 08:00 in Ho Chi Minh City.
const clock = new TestClock(Date.parse('2030-03-01T01:00:00Z'));
let school: School;
beforeAll(async () => {
  school = await startSchool({ clock, names: { className: 'IELTS 7.0' } });
});
afterAll(() => school.server.close());

/** Moves the clock (weeks at a time): sessions lapse, so the cast signs in again. */
async function moveTo(at: number) {
  clock.set(at);
  await school.admin.login(ADMIN.email, ADMIN.password);
  for (const account of [school.staff, school.student, school.teacher, school.outsider]) {
    await account.client.login(account.email, account.password);
  }
}
const newStudent = (name?: string) =>
  createAccount(school.server, school.admin, 'student', name ? { full_name: name } : {});
const setPlan = async (classId: string, plan: Record<string, unknown>) => {
  const response = await school.admin.put(`/api/classes/${classId}/fee-plan`, plan);
  expect(response.status, response.text).toBe(200);
};
const newClass = async (name: string) =>
  (await createClass(school.admin, school.teacher.user.user_id, { class_name: name })).class_id;
const run = (client: TestClient, body: Record<string, unknown>, key?: string) =>
  client.request(
    'POST',
    '/api/invoice-runs',
    { json: body },
    key ? { 'idempotency-key': key } : {},
  );
const invoicesOf = async (student: Account) =>
  (await school.admin.get(`/api/invoices?student_id=${student.user.user_id}&page_size=100`)).body
    .items;
const pay = (student: Account, amount: number, invoiceId?: string) =>
  school.staff.client.post(`/api/students/${student.user.user_id}/payments`, {
    amount,
    method: 'bank_transfer',
    paid_on: '2030-04-02',
    ...(invoiceId ? { invoice_id: invoiceId } : {}),
  });

describe('lines from the plan and the lessons held', () => {
  test('per lesson: held lessons while enrolled; never a cancelled one; excused spared if the plan says', async () => {
    const classId = await newClass('Per lesson');
    const [ann, bao] = await Promise.all([newStudent('An'), newStudent('Bảo')]);
    await enrol(school.admin, classId, [ann.user.user_id, bao.user.user_id]);
    const lessons = [];
    for (const day of ['05', '12', '19', '26']) {
      lessons.push(await createLesson(school.admin, classId, vnTime(`2030-03-${day}`, '18:00')));
    }
    const cancelled = await school.admin.post(`/api/schedules/${lessons[2]!.schedule_id}/cancel`, {
      reason: 'Giáo viên ốm',
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    // 12 March: An is excused (absent with notice).
    await moveTo(Date.parse(vnTime('2030-03-12', '19:00')));
    const excused = await school.admin.put(
      `/api/schedules/${lessons[1]!.schedule_id}/attendance/${ann.user.user_id}`,
      { status: 'excused' },
    );
    expect(excused.status, excused.text).toBe(200);
    await moveTo(Date.parse('2030-04-01T01:00:00Z'));

    await setPlan(classId, { kind: 'per_lesson', amount: 200_000, charged_absences: 'unexcused' });
    const preview = await school.staff.client.post('/api/invoice-runs/preview', {
      period: '2030-03',
      class_id: classId,
      due_date: '2030-04-10',
    });
    expect(preview.status, preview.text).toBe(200);
    const byName = Object.fromEntries(
      preview.body.invoices.map((invoice: { student_name: string }) => [
        invoice.student_name,
        invoice,
      ]),
    );
    // An: 5 and 26 March (12th excused, 19th cancelled); Bảo: 5, 12 and 26 March.
    expect(byName.An).toMatchObject({
      total: 400_000,
      lines: [{ label: 'lessons', quantity: 2, unit_amount: 200_000, amount: 400_000 }],
    });
    expect(byName.Bảo).toMatchObject({ total: 600_000 });
    expect(preview.body.total).toBe(1_000_000);

    // Charged for all absences, An pays for the excused lesson too; the cancelled one never.
    await setPlan(classId, { kind: 'per_lesson', amount: 200_000, charged_absences: 'all' });
    const all = await school.staff.client.post('/api/invoice-runs/preview', {
      period: '2030-03',
      class_id: classId,
      due_date: '2030-04-10',
    });
    expect(all.body.invoices.map((invoice: { total: number }) => invoice.total).sort()).toEqual([
      600_000, 600_000,
    ]);
    // A preview writes nothing.
    expect((await invoicesOf(ann)).length).toBe(0);
  });

  test('per month: a whole month in full, a partial first month by its lessons', async () => {
    await moveTo(Date.parse('2030-03-01T01:00:00Z'));
    const classId = await newClass('Per month');
    const [chi, dung] = await Promise.all([newStudent('Chi'), newStudent('Dũng')]);
    await enrol(school.admin, classId, [chi.user.user_id]);
    for (const day of ['04', '11', '18', '25']) {
      await createLesson(school.admin, classId, vnTime(`2030-03-${day}`, '18:00'));
    }
    // Dũng joins on 15 March: two of the month's four lessons.
    await moveTo(Date.parse(vnTime('2030-03-15', '09:00')));
    await enrol(school.admin, classId, [dung.user.user_id]);
    await moveTo(Date.parse('2030-04-01T01:00:00Z'));
    await setPlan(classId, { kind: 'per_month', amount: 1_000_001 });
    const preview = await school.admin.post('/api/invoice-runs/preview', {
      period: '2030-03',
      class_id: classId,
      due_date: '2030-04-10',
    });
    const byName = Object.fromEntries(
      preview.body.invoices.map((invoice: { student_name: string }) => [
        invoice.student_name,
        invoice,
      ]),
    );
    expect(byName.Chi.lines).toEqual([
      expect.objectContaining({ label: 'month', amount: 1_000_001, params: { period: '2030-03' } }),
    ]);
    // 1,000,001 × 2 / 4 = 500,000.5, rounded half up.
    expect(byName.Dũng.lines).toEqual([
      expect.objectContaining({
        label: 'month_prorated',
        amount: 500_001,
        params: { period: '2030-03', lessons: '2', of: '4' },
      }),
    ]);
  });

  test("per month: the class's own first month, started late, by its lessons against a full month's", async () => {
    await moveTo(Date.parse('2030-03-01T01:00:00Z'));
    const { class_id: classId } = await createClass(school.admin, school.teacher.user.user_id, {
      class_name: 'Starts late',
      start_date: '2030-03-25',
      end_date: '2030-05-31',
    });
    const giao = await newStudent('Giao');
    await enrol(school.admin, classId, [giao.user.user_id]);
    // Two lessons in March (it starts on the 25th), nine in April, its one full month so far.
    const days = ['03-25', '03-27', '04-01', '04-03', '04-08', '04-10', '04-15', '04-17'];
    for (const day of [...days, '04-22', '04-24', '04-29']) {
      await createLesson(school.admin, classId, vnTime(`2030-${day}`, '07:00'));
    }
    await setPlan(classId, { kind: 'per_month', amount: 900_000 });
    const preview = async (period: string) =>
      (
        await school.admin.post('/api/invoice-runs/preview', {
          period,
          class_id: classId,
          due_date: `${period}-10`,
        })
      ).body.invoices[0].lines;
    expect(await preview('2030-03')).toEqual([
      expect.objectContaining({
        label: 'month_prorated',
        amount: 200_000,
        params: { period: '2030-03', lessons: '2', of: '9' },
      }),
    ]);
    expect(await preview('2030-04')).toEqual([
      expect.objectContaining({ label: 'month', amount: 900_000 }),
    ]);
  });

  test('per course: instalments once each, from the month they fall due; a discount on its own line', async () => {
    await moveTo(Date.parse('2030-03-01T01:00:00Z'));
    const classId = await newClass('Per course');
    const em = await newStudent('Em');
    await enrol(school.admin, classId, [em.user.user_id]);
    await setPlan(classId, {
      kind: 'per_course',
      amount: 3_000_000,
      instalments: [
        { amount: 1_000_000, due_date: '2030-03-10' },
        { amount: 2_000_000, due_date: '2030-04-10' },
      ],
    });
    const discount = await school.admin.post(`/api/students/${em.user.user_id}/discounts`, {
      kind: 'percent',
      value: 10,
      reason: 'Anh chị em',
      starts_on: '2030-03-01',
    });
    expect(discount.status, discount.text).toBe(201);
    const march = await run(school.admin, {
      period: '2030-03',
      class_id: classId,
      due_date: '2030-03-20',
    });
    expect(march.status, march.text).toBe(201);
    const [first] = await invoicesOf(em);
    const invoice = (await school.admin.get(`/api/invoices/${first.invoice_id}`)).body;
    expect(invoice).toMatchObject({
      due_date: '2030-03-10',
      total: 900_000,
      lines: [
        { label: 'instalment', amount: 1_000_000, params: { position: '1', of: '2' } },
        { label: 'discount_percent', amount: -100_000, params: { percent: '10' } },
      ],
    });
    // April charges the second instalment only; May nothing.
    const april = await school.admin.post('/api/invoice-runs/preview', {
      period: '2030-04',
      class_id: classId,
      due_date: '2030-04-20',
    });
    expect(april.body.invoices[0].lines[0]).toMatchObject({
      label: 'instalment',
      amount: 2_000_000,
    });
    // An instalment not yet invoiced waits for the next run; once April's is issued, May has none.
    await run(school.admin, { period: '2030-04', class_id: classId, due_date: '2030-04-20' });
    const may = await school.admin.post('/api/invoice-runs/preview', {
      period: '2030-05',
      class_id: classId,
      due_date: '2030-05-20',
    });
    expect(may.body.invoices).toEqual([]);
    expect(may.body.skipped).toEqual([
      expect.objectContaining({ student_name: 'Em', reason: 'nothing_to_charge' }),
    ]);
  });
});

describe("a month's run", () => {
  test('previewed, then issued once: a retry with its key and a second run issue nothing more', async () => {
    await moveTo(Date.parse('2030-03-01T01:00:00Z'));
    const classId = await newClass('Run once');
    const students = await Promise.all([newStudent('Giang'), newStudent('Hà'), newStudent('Khoa')]);
    await enrol(
      school.admin,
      classId,
      students.map((student) => student.user.user_id),
    );
    await setPlan(classId, { kind: 'per_month', amount: 1_200_000 });
    const body = { period: '2030-03', class_id: classId, due_date: '2030-03-10' };
    const preview = await school.staff.client.post('/api/invoice-runs/preview', body);
    expect(preview.body.invoices).toHaveLength(3);

    const first = await run(school.staff.client, body, 'run-2030-03-once');
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      code: 'INVOICE_RUN_DONE',
      params: { count: '3', skipped: '0' },
    });
    const retried = await run(school.staff.client, body, 'run-2030-03-once');
    expect(retried.body.invoice_ids).toEqual(first.body.invoice_ids);
    const again = await run(school.staff.client, body, 'run-2030-03-again');
    expect(again.body).toMatchObject({ invoice_ids: [], skipped: 3 });
    for (const student of students) {
      const [invoice] = await invoicesOf(student);
      expect(invoice).toMatchObject({
        state: 'issued',
        total: 1_200_000,
        outstanding: 1_200_000,
        number: expect.stringMatching(/^HP-2030-\d{6}$/),
      });
      const account = (await school.admin.get(`/api/students/${student.user.user_id}/account`))
        .body;
      expect(account.balance).toBe(1_200_000);
    }
  });

  test('two runs at once, and the whole center, issue each invoice once', async () => {
    const classId = await newClass('Run twice');
    const students = await Promise.all(
      Array.from({ length: 6 }, (_, index) => newStudent(`Song song ${index}`)),
    );
    await enrol(
      school.admin,
      classId,
      students.map((student) => student.user.user_id),
    );
    await setPlan(classId, { kind: 'per_month', amount: 700_000 });
    const body = { period: '2030-03', class_id: classId, due_date: '2030-03-10' };
    const [a, b, c] = await Promise.all([
      run(school.staff.client, body, 'run-parallel-a'),
      run(school.admin, body, 'run-parallel-b'),
      run(school.admin, { period: '2030-03', due_date: '2030-03-10' }, 'run-center-c'),
    ]);
    for (const response of [a, b, c]) expect(response.status, response.text).toBe(201);
    for (const student of students) expect(await invoicesOf(student)).toHaveLength(1);
  });

  test('a run for a class without a plan issues nothing and says why', async () => {
    const classId = await newClass('No plan');
    const student = await newStudent();
    await enrol(school.admin, classId, [student.user.user_id]);
    const preview = await school.admin.post('/api/invoice-runs/preview', {
      period: '2030-03',
      class_id: classId,
      due_date: '2030-03-10',
    });
    expect(preview.body).toMatchObject({
      invoices: [],
      skipped: [{ reason: 'no_fee_plan', class_name: 'No plan' }],
    });
  });
});

describe('numbers, drafts, payments and voids', () => {
  test('50 drafts issued at once on two servers take 50 numbers with no gap', async () => {
    await moveTo(Date.parse('2030-03-01T01:00:00Z'));
    const classId = await newClass('Numbers');
    const students = await Promise.all(
      Array.from({ length: 50 }, (_, index) => newStudent(`Số ${index}`)),
    );
    await enrol(
      school.admin,
      classId,
      students.map((student) => student.user.user_id),
    );
    await setPlan(classId, { kind: 'per_month', amount: 500_000 });
    const drafts = [];
    for (const student of students) {
      const draft = await school.staff.client.post('/api/invoices', {
        student_id: student.user.user_id,
        class_id: classId,
        period: '2030-04',
        due_date: '2030-04-10',
      });
      expect(draft.status, draft.text).toBe(201);
      expect(draft.body.invoice).toMatchObject({ state: 'draft', number: null });
      drafts.push(draft.body.invoice.invoice_id as string);
    }
    const second = await startTestServer({ database: school.server.database, clock });
    try {
      const otherAdmin = await second.admin();
      const before = (await school.admin.get('/api/invoices?state=issued&page_size=100')).body
        .total as number;
      const issued = await Promise.all(
        drafts.map((id, index) =>
          (index % 2 ? otherAdmin : school.staff.client).post(`/api/invoices/${id}/issue`, {}),
        ),
      );
      for (const response of issued) expect(response.status, response.text).toBe(200);
      const numbers = issued
        .map((response) => Number(String(response.body.invoice.number).slice(-6)))
        .sort((x, y) => x - y);
      expect(new Set(numbers).size).toBe(50);
      expect(numbers[49]! - numbers[0]! + 1).toBe(50);
      // Every number of the year so far is taken: 1 … N with none missing.
      const all = (await school.admin.get('/api/invoices?page_size=100')).body.items
        .map((invoice: { number: string | null }) => invoice.number)
        .filter(Boolean);
      expect(all.length).toBeGreaterThanOrEqual(before + 50);
      expect(numbers[49]).toBe(numbers[0]! + 49);
    } finally {
      await second.close();
    }
  });

  test('a draft is edited, refused once issued; a second draft for the same month is refused', async () => {
    const classId = await newClass('Drafts');
    const student = await newStudent('Lan');
    await enrol(school.admin, classId, [student.user.user_id]);
    await setPlan(classId, { kind: 'per_month', amount: 900_000 });
    const body = {
      student_id: student.user.user_id,
      class_id: classId,
      period: '2030-03',
      due_date: '2030-03-15',
    };
    const draft = (await school.staff.client.post('/api/invoices', body)).body.invoice;
    const twice = await school.staff.client.post('/api/invoices', body);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('INVOICE_ALREADY_EXISTS');
    // The student does not see a draft.
    expect((await student.client.get(`/api/invoices/${draft.invoice_id}`)).status).toBe(404);

    const edited = await school.staff.client.put(`/api/invoices/${draft.invoice_id}`, {
      due_date: '2030-03-20',
      lines: [
        { line_id: draft.lines[0].line_id, quantity: 1, unit_amount: 800_000 },
        { description: 'Giáo trình', quantity: 2, unit_amount: 50_000 },
        { kind: 'discount', description: 'Giảm khai giảng', quantity: 1, unit_amount: 30_000 },
      ],
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.invoice).toMatchObject({
      due_date: '2030-03-20',
      total: 870_000,
      lines: [
        { label: 'month', amount: 800_000 },
        { label: 'custom_charge', description: 'Giáo trình', amount: 100_000 },
        { label: 'custom_discount', amount: -30_000 },
      ],
    });
    const negative = await school.staff.client.put(`/api/invoices/${draft.invoice_id}`, {
      due_date: '2030-03-20',
      lines: [{ kind: 'discount', description: 'x', quantity: 1, unit_amount: 5 }],
    });
    expect(negative.body.code).toBe('INVOICE_TOTAL_NEGATIVE');

    // A draft is deleted, never voided.
    const voidDraft = await school.admin.post(`/api/invoices/${draft.invoice_id}/void`, {
      reason: 'x',
    });
    expect(voidDraft.body.code).toBe('INVOICE_NOT_ISSUED');
    const issued = await school.staff.client.post(`/api/invoices/${draft.invoice_id}/issue`, {});
    expect(issued.body).toMatchObject({ code: 'INVOICE_ISSUED', invoice: { state: 'issued' } });
    const late = await school.staff.client.put(`/api/invoices/${draft.invoice_id}`, {
      due_date: '2030-03-20',
      lines: [{ line_id: draft.lines[0].line_id, quantity: 1, unit_amount: 1 }],
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('INVOICE_NOT_DRAFT');
    const account = (await school.admin.get(`/api/students/${student.user.user_id}/account`)).body;
    expect(account.balance).toBe(870_000);
    expect(account.entries.map((entry: { kind: string }) => entry.kind).sort()).toEqual([
      'charge',
      'charge',
      'discount',
    ]);
  });

  test('payments settle the named invoice, then the oldest; the excess is a credit the next invoice takes; a void keeps its number', async () => {
    await moveTo(Date.parse('2030-03-01T01:00:00Z'));
    const classId = await newClass('Allocation');
    const student = await newStudent('Minh');
    await enrol(school.admin, classId, [student.user.user_id]);
    await setPlan(classId, { kind: 'per_month', amount: 1_000_000 });
    for (const [period, due] of [
      ['2030-03', '2030-03-10'],
      ['2030-04', '2030-04-10'],
    ] as const) {
      const done = await run(school.admin, { period, class_id: classId, due_date: due });
      expect(done.status, done.text).toBe(201);
    }
    const byPeriod = async () =>
      Object.fromEntries(
        (await invoicesOf(student)).map((invoice: { period: string }) => [invoice.period, invoice]),
      );
    let invoices = await byPeriod();

    // 300,000 against April's invoice: April partly paid, March untouched.
    expect((await pay(student, 300_000, invoices['2030-04'].invoice_id)).status).toBe(201);
    invoices = await byPeriod();
    expect(invoices['2030-04']).toMatchObject({ state: 'partly_paid', paid: 300_000 });
    expect(invoices['2030-03']).toMatchObject({ state: 'issued', paid: 0 });

    // 2,000,000 to the account: March first (oldest), then the rest of April, 300,000 credit.
    expect((await pay(student, 2_000_000)).status).toBe(201);
    invoices = await byPeriod();
    expect(invoices['2030-03']).toMatchObject({ state: 'paid', outstanding: 0 });
    expect(invoices['2030-04']).toMatchObject({ state: 'paid', outstanding: 0 });
    let account = (await school.admin.get(`/api/students/${student.user.user_id}/account`)).body;
    expect(account.balance).toBe(-300_000);
    const paidOnes = await school.staff.client.get(
      `/api/invoices?student_id=${student.user.user_id}&state=paid`,
    );
    expect(paidOnes.body.total).toBe(2);
    const unpaid = await school.staff.client.get(
      `/api/invoices?student_id=${student.user.user_id}&state=issued`,
    );
    expect(unpaid.body).toEqual({ items: [], total: 0 });

    // May's invoice takes the credit when issued.
    await run(school.admin, { period: '2030-05', class_id: classId, due_date: '2030-05-10' });
    invoices = await byPeriod();
    expect(invoices['2030-05']).toMatchObject({ state: 'partly_paid', paid: 300_000 });

    // Voiding April (admin) keeps its number; what was paid on it goes to May, the rest is credit.
    const aprilNumber = invoices['2030-04'].number;
    const staffVoid = await school.staff.client.post(
      `/api/invoices/${invoices['2030-04'].invoice_id}/void`,
      { reason: 'Nghỉ cả tháng' },
    );
    expect(staffVoid.status).toBe(403);
    const voided = await school.admin.post(`/api/invoices/${invoices['2030-04'].invoice_id}/void`, {
      reason: 'Nghỉ cả tháng',
    });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.invoice).toMatchObject({
      state: 'void',
      number: aprilNumber,
      void_reason: 'Nghỉ cả tháng',
      paid: 0,
    });
    invoices = await byPeriod();
    expect(invoices['2030-05']).toMatchObject({ state: 'paid' });
    account = (await school.admin.get(`/api/students/${student.user.user_id}/account`)).body;
    expect(account.balance).toBe(-300_000);
    // The credit is refunded (admin); a second void is refused.
    const refund = await school.admin.post(`/api/students/${student.user.user_id}/refunds`, {
      amount: 300_000,
      method: 'cash',
      paid_on: '2030-05-02',
      note: 'Hoàn tiền tháng 4',
    });
    expect(refund.status, refund.text).toBe(201);
    expect(refund.body.balance).toBe(0);
    const twice = await school.admin.post(`/api/invoices/${invoices['2030-04'].invoice_id}/void`, {
      reason: 'again',
    });
    expect(twice.body.code).toBe('INVOICE_ALREADY_VOID');
    // A charge on an invoice is not reversed on its own.
    const charge = account.entries.find((entry: { kind: string }) => entry.kind === 'charge');
    const reversed = await school.admin.post(`/api/ledger-entries/${charge.entry_id}/reverse`, {
      reason: 'x',
    });
    expect(reversed.body.code).toBe('TUITION_ENTRY_ON_INVOICE');
  });

  test("VietQR: an invoice's code asks what it still owes with its number; the account's, the whole balance", async () => {
    await moveTo(Date.parse('2030-03-01T01:00:00Z'));
    const classId = await newClass('QR');
    const student = await newStudent('Quân');
    await enrol(school.admin, classId, [student.user.user_id]);
    await setPlan(classId, { kind: 'per_month', amount: 1_500_000 });
    await run(school.admin, { period: '2030-03', class_id: classId, due_date: '2030-03-10' });
    await run(school.admin, { period: '2030-04', class_id: classId, due_date: '2030-04-10' });
    const invoices = await invoicesOf(student);
    const march = invoices.find((invoice: { period: string }) => invoice.period === '2030-03');
    // No bank account yet: no code, said as null.
    expect((await student.client.get(`/api/invoices/${march.invoice_id}/qr`)).body).toEqual({
      qr: null,
    });
    const bank = await school.admin.put('/api/center-settings/bank-account', {
      bank_bin: '970436',
      account_number: '0071000123456',
      account_name: 'TRUNG TAM ANH NGU',
    });
    expect(bank.status, bank.text).toBe(200);
    await pay(student, 500_000, march.invoice_id);

    const own = await student.client.get(`/api/invoices/${march.invoice_id}/qr`);
    expect(own.status, own.text).toBe(200);
    expect(own.body.qr).toMatchObject({ amount: 1_000_000, content: march.number });
    const scanned = scanQr(own.body.qr.image).text!;
    expect(scanned).toBe(own.body.qr.payload);
    expect(scanned).toContain(`54071000000`);
    expect(scanned).toContain(march.number);
    // The whole balance, named by the oldest open invoice.
    const account = await student.client.get(`/api/students/${student.user.user_id}/qr`);
    expect(account.body.qr).toMatchObject({ amount: 2_500_000, content: march.number });
    // Not another student's; nothing once paid.
    expect((await school.outsider.client.get(`/api/invoices/${march.invoice_id}/qr`)).status).toBe(
      403,
    );
    await pay(student, 2_500_000);
    expect((await student.client.get(`/api/invoices/${march.invoice_id}/qr`)).body.qr).toBeNull();
    expect(
      (await student.client.get(`/api/students/${student.user.user_id}/qr`)).body.qr,
    ).toBeNull();
  });

  test('who reaches invoices: a student only their own issued ones; a teacher none; bad input changes nothing', async () => {
    const mine = await school.student.client.get('/api/invoices');
    expect(mine.status).toBe(200);
    const others = await school.student.client.get(
      `/api/invoices?student_id=${school.outsider.user.user_id}`,
    );
    expect(others.status).toBe(403);
    expect((await school.teacher.client.get('/api/invoices')).status).toBe(403);
    expect(
      (
        await school.teacher.client.post('/api/invoice-runs/preview', {
          period: '2030-03',
          due_date: '2030-03-10',
        })
      ).status,
    ).toBe(403);
    const before = await snapshot(school.server, ['invoices', 'invoice_lines', 'ledger_entries']);
    const bad = await school.staff.client.post('/api/invoice-runs', {
      period: '2030-13',
      due_date: '2030-03-10',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.reason ?? bad.body.code).toMatch(/INVOICE_PERIOD_INVALID|VALIDATION/);
    const notPayable = await school.staff.client.post(
      `/api/students/${school.student.user.user_id}/payments`,
      { amount: 1000, method: 'cash', paid_on: '2030-03-02', invoice_id: 'nope' },
    );
    expect(notPayable.body.code).toBe('INVOICE_NOT_PAYABLE');
    expect(await snapshot(school.server, ['invoices', 'invoice_lines', 'ledger_entries'])).toEqual(
      before,
    );
  });
});
