// Matching bank transfers (issue 27, docs/decisions/030-bank-transfers.md) on either database: a
// statement as Vietnamese banks export it (CSV with title rows and a total row, .xlsx with real date
// and number cells) read into its credit lines and matched to invoices by the number in the
// content (exact, partial, over, unknown, already recorded); confirmed once under one key, read
// again recording nothing; the webhook (SePay's shape, through the emulator) authenticated by the
// admin's key, recording a matched transfer at once, keeping an unmatched one, once per transfer;
// staff assigning an unmatched transfer to a student or ignoring it.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount, snapshot } from '../../helpers/factories.ts';
import { createClass, enrol, type School, startSchool } from '../../helpers/school.ts';
import { SepayEmulator } from '../../helpers/sepay-emulator.ts';
import type { TestClient } from '../../helpers/test-server.ts';

// 1 April 2030, 08:00 in Ho Chi Minh City.
const clock = new TestClock(Date.parse('2030-04-01T01:00:00Z'));
let school: School;
/** Students with an issued invoice of 1.500.000 ₫ each, by name, and their invoices' numbers. */
const students: Record<string, Account> = {};
const numbers: Record<string, string> = {};
const invoiceIds: Record<string, string> = {};

const NAMES = ['An', 'Bảo', 'Chi', 'Dũng', 'Giang', 'Hà', 'Khoa', 'Lan', 'Minh', 'Nga'];

beforeAll(async () => {
  school = await startSchool({ clock, names: { className: 'IELTS 7.0' } });
  const klass = await createClass(school.admin, school.teacher.user.user_id, {
    class_name: 'Giao tiếp',
  });
  for (const name of NAMES) {
    students[name] = await createAccount(school.server, school.admin, 'student', {
      full_name: name,
    });
  }
  await enrol(
    school.admin,
    klass.class_id,
    NAMES.map((name) => students[name]!.user.user_id),
  );
  const plan = await school.admin.put(`/api/classes/${klass.class_id}/fee-plan`, {
    kind: 'per_course',
    amount: 1_500_000,
  });
  expect(plan.status, plan.text).toBe(200);
  const run = await school.staff.client.post('/api/invoice-runs', {
    period: '2030-04',
    class_id: klass.class_id,
    due_date: '2030-04-20',
  });
  expect(run.status, run.text).toBe(201);
  const list = await school.admin.get('/api/invoices?page_size=100');
  for (const invoice of list.body.items) {
    numbers[invoice.student_name] = invoice.number;
    invoiceIds[invoice.student_name] = invoice.invoice_id;
  }
  expect(Object.keys(numbers).sort()).toEqual([...NAMES].sort());
});
afterAll(() => school.server.close());

/** 'HP-2030-000004' as banks write it: 'HP2030000004'. */
const squeezed = (name: string) => numbers[name]!.replaceAll('-', '');

const upload = (client: TestClient, bytes: string | Uint8Array, name: string) => {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  return client.request('POST', '/api/bank/statements/preview', { form });
};
const confirm = (client: TestClient, lines: unknown[], key: string) =>
  client.request('POST', '/api/bank/statements', { json: { lines } }, { 'idempotency-key': key });
const invoice = async (name: string) =>
  (await school.admin.get(`/api/invoices/${invoiceIds[name]}`)).body;
const account = async (name: string) =>
  (await school.admin.get(`/api/students/${students[name]!.user.user_id}/account`)).body;
const stripLines = (lines: Record<string, unknown>[]) =>
  lines.map(({ kind: _kind, invoice: _invoice, ...line }) => line);

/** A Vietcombank-like export: title rows, bilingual headers, a debit, a total row at the end. */
const vcbCsv = () =>
  [
    'NGÂN HÀNG TMCP NGOẠI THƯƠNG VIỆT NAM',
    'SAO KÊ TÀI KHOẢN / ACCOUNT STATEMENT',
    'Số tài khoản / Account number: 0071000123456',
    'Từ ngày 01/03/2030 đến ngày 31/03/2030',
    '',
    'STT,Ngày giao dịch / Transaction Date,Số tham chiếu / Reference No.,Ghi nợ / Debit,Ghi có / Credit,Số dư / Balance,Nội dung chi tiết / Transactions in detail',
    `1,"28/03/2030 09:15:22",FT30087000001,,"1.500.000","11.500.000","MBVCB.1234.NGUYEN AN chuyen tien hoc phi ${squeezed('An')}.CT tu 0123"`,
    `2,"28/03/2030 10:01:03",FT30087000002,,"500.000","12.000.000","hp-${numbers.Bảo!.slice(3)} bao dong truoc"`,
    `3,"29/03/2030 14:30:00",FT30088000003,,"2.000.000","14.000.000","HP ${numbers.Chi!.slice(3, 7)} ${numbers.Chi!.slice(8)} CHI NOP HOC PHI"`,
    '4,"29/03/2030 15:00:00",FT30088000004,"200.000",,"13.800.000","Phi quan ly tai khoan"',
    '5,"30/03/2030 08:00:00",FT30089000005,,"700.000","14.500.000","PHU HUYNH CHUYEN TIEN HOC"',
    '6,"30/03/2030 08:05:00",FT30089000006,,"300.000","14.800.000","HP2030999999 sai so"',
    ',Tổng cộng / Total,,"200.000","5.000.000",,',
  ].join('\r\n');

describe('a statement read and matched', () => {
  test('a CSV as Vietcombank exports it: credit lines matched exact, partial, over, unknown; the debit and the total left aside', async () => {
    const preview = await upload(school.staff.client, `\uFEFF${vcbCsv()}`, 'sao-ke.csv');
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.debits).toBe(1);
    expect(preview.body.skipped).toBe(1);
    expect(
      preview.body.lines.map((line: any) => [line.row, line.date, line.amount, line.kind]),
    ).toEqual([
      [7, '2030-03-28', 1_500_000, 'exact'],
      [8, '2030-03-28', 500_000, 'partial'],
      [9, '2030-03-29', 2_000_000, 'over'],
      [11, '2030-03-30', 700_000, 'unknown'],
      [12, '2030-03-30', 300_000, 'unknown'],
    ]);
    expect(preview.body.lines[0]).toMatchObject({
      reference: 'FT30087000001',
      balance: '11.500.000',
      invoice: { number: numbers.An, student_name: 'An', outstanding: 1_500_000 },
    });
    expect(preview.body.lines[1].invoice).toMatchObject({ student_name: 'Bảo' });
    expect(preview.body.lines[2].invoice).toMatchObject({ student_name: 'Chi' });
    expect(preview.body.counts).toEqual({ exact: 1, partial: 1, over: 1, unknown: 2, already: 0 });
    // A preview writes nothing.
    expect((await invoice('An')).state).toBe('issued');
  });

  test('confirmed once: payments against the invoices (the rest of an overpayment a credit), the unknown kept; a retry and a second import record nothing', async () => {
    const preview = await upload(school.staff.client, vcbCsv(), 'sao-ke.csv');
    const lines = stripLines(preview.body.lines);
    const before = await snapshot(school.server, ['ledger_entries']);
    const [first, retry] = await Promise.all([
      confirm(school.staff.client, lines, 'statement-march-1'),
      confirm(school.staff.client, lines, 'statement-march-1'),
    ]);
    for (const reply of [first, retry]) {
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body).toMatchObject({
        code: 'BANK_STATEMENT_RECORDED',
        recorded: 3,
        unmatched: 2,
        already: 0,
      });
    }
    expect((await invoice('An')).state).toBe('paid');
    expect(await invoice('Bảo')).toMatchObject({ state: 'partly_paid', outstanding: 1_000_000 });
    expect((await invoice('Chi')).state).toBe('paid');
    expect((await account('Chi')).balance).toBe(-500_000);
    const payment = (await account('An')).entries.find((entry: any) => entry.kind === 'payment');
    expect(payment).toMatchObject({
      amount: -1_500_000,
      method: 'bank_transfer',
      occurred_on: '2030-03-28',
      invoice_id: invoiceIds.An,
    });
    expect(payment.note).toContain(squeezed('An'));
    const after = await snapshot(school.server, ['ledger_entries']);
    expect(after.ledger_entries!.length - before.ledger_entries!.length).toBe(3);

    const unmatched = await school.staff.client.get('/api/bank/transfers?status=unmatched');
    expect(unmatched.body.items.map((item: any) => item.amount).sort()).toEqual([300_000, 700_000]);
    const matched = await school.staff.client.get('/api/bank/transfers?status=matched');
    expect(matched.body.total).toBe(3);
    expect(matched.body.items.find((item: any) => item.amount === 500_000)).toMatchObject({
      student_name: 'Bảo',
      invoice_number: numbers.Bảo,
      source: 'statement',
    });

    // The same statement again: everything already recorded, nothing new written.
    const again = await upload(school.staff.client, vcbCsv(), 'sao-ke.csv');
    expect(again.body.counts).toMatchObject({ already: 5 });
    const snap = await snapshot(school.server, ['ledger_entries', 'bank_transfers']);
    const second = await confirm(school.admin, stripLines(again.body.lines), 'statement-march-2');
    expect(second.body).toMatchObject({ recorded: 0, unmatched: 0, already: 5 });
    expect(await snapshot(school.server, ['ledger_entries', 'bank_transfers'])).toEqual(snap);
  });

  test('an .xlsx with real date and number cells, one signed amount column, no reference: lines told apart by their own data', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Lịch sử giao dịch');
    sheet.addRow(['TECHCOMBANK - LỊCH SỬ GIAO DỊCH']);
    sheet.addRow(['Tài khoản: 19031234567890']);
    sheet.addRow([]);
    sheet.addRow(['Ngày', 'Mô tả', 'Số tiền', 'Số dư']);
    const day = (d: number) => new Date(Date.UTC(2030, 3, d));
    sheet.addRow([day(1), `${squeezed('Dũng')} Dung dong hoc phi`, 1_500_000, 16_300_000]);
    sheet.addRow([day(1), 'Chuyen tien mua sach', -100_000, 16_200_000]);
    sheet.addRow([day(2), `hoc phi ${numbers.Giang!.toLowerCase()}`, 1_000_000, 17_200_000]);
    sheet.addRow([day(2), `hoc phi ${numbers.Giang!.toLowerCase()}`, 1_000_000, 18_200_000]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const preview = await upload(school.staff.client, bytes, 'lich-su.xlsx');
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.debits).toBe(1);
    // Two identical transfers to Giang: the first partial, the second pays more than is left.
    expect(
      preview.body.lines.map((line: any) => [line.date, line.amount, line.kind, line.reference]),
    ).toEqual([
      ['2030-04-01', 1_500_000, 'exact', null],
      ['2030-04-02', 1_000_000, 'partial', null],
      ['2030-04-02', 1_000_000, 'over', null],
    ]);
    expect(preview.body.lines[2].invoice.outstanding).toBe(500_000);
    const done = await confirm(
      school.staff.client,
      stripLines(preview.body.lines),
      'statement-april-1',
    );
    expect(done.body).toMatchObject({ recorded: 3, unmatched: 0, already: 0 });
    expect((await account('Giang')).balance).toBe(-500_000);
    // Read again (a later export holding the same lines and a new one): only the new one counts.
    sheet.addRow([day(3), `${squeezed('Hà')}`, 1_500_000, 19_700_000]);
    const later = await upload(
      school.staff.client,
      new Uint8Array(await workbook.xlsx.writeBuffer()),
      'lich-su-2.xlsx',
    );
    expect(later.body.lines.map((line: any) => line.kind)).toEqual([
      'already',
      'already',
      'already',
      'exact',
    ]);
  });

  test('amounts and dates as banks write them; files that are not statements are refused with a code and change nothing', async () => {
    const csv = [
      'Date,Description,Credit,Debit',
      `05-04-2030,${squeezed('Khoa')},"1,500,000.00",`,
      '05-04-2030,Fee,,"11,000.00"',
    ].join('\n');
    const preview = await upload(school.staff.client, csv, 'statement.csv');
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.lines).toMatchObject([
      { date: '2030-04-05', amount: 1_500_000, kind: 'exact' },
    ]);
    const before = await snapshot(school.server, ['bank_transfers', 'ledger_entries']);
    const noColumns = await upload(school.staff.client, 'Họ tên,Email\nAn,an@example.com', 'x.csv');
    expect(noColumns.status).toBe(400);
    expect(noColumns.body.code).toBe('BANK_STATEMENT_COLUMNS');
    const debitsOnly = await upload(
      school.staff.client,
      'Ngày,Nội dung,Số tiền\n01/04/2030,Rut tien,-500.000',
      'x.csv',
    );
    expect(debitsOnly.body.code).toBe('BANK_STATEMENT_NO_CREDITS');
    const binary = await upload(
      school.staff.client,
      new Uint8Array([0xff, 0xfe, 0x00, 0x81]),
      'x.csv',
    );
    expect(binary.status).toBe(400);
    const noFile = await school.staff.client.post('/api/bank/statements/preview', {});
    expect(noFile.status).toBe(400);
    const badLine = await confirm(
      school.staff.client,
      [{ row: 2, date: '2030-02-30', amount: 1.5, content: 'x', reference: null, balance: null }],
      'statement-bad-1',
    );
    expect(badLine.status).toBe(400);
    expect(await snapshot(school.server, ['bank_transfers', 'ledger_entries'])).toEqual(before);
  });
});

describe('the webhook', () => {
  let sepay: SepayEmulator;

  test('the admin makes a key (shown once, only its end shown after); staff and teachers may not', async () => {
    const none = await school.admin.get('/api/bank/webhook-key');
    expect(none.body).toMatchObject({ configured: false, hint: null });
    expect(none.body.webhook_url).toMatch(/\/api\/bank\/webhook$/);
    expect((await school.staff.client.post('/api/bank/webhook-key', {})).status).toBe(403);
    const made = await school.admin.post('/api/bank/webhook-key', {});
    expect(made.status, made.text).toBe(201);
    expect(made.body.key).toMatch(/^edu_[A-Za-z0-9_-]{32}$/);
    const shown = await school.admin.get('/api/bank/webhook-key');
    expect(shown.body).toMatchObject({ configured: true, hint: `…${made.body.key.slice(-4)}` });
    expect(JSON.stringify(shown.body)).not.toContain(made.body.key);
    const stored = await snapshot(school.server, ['bank_webhook_keys']);
    expect(JSON.stringify(stored)).not.toContain(made.body.key);
    sepay = new SepayEmulator(`${school.server.baseUrl}/api/bank/webhook`, made.body.key);
  });

  test('a wrong, missing or revoked key: 401 and nothing written', async () => {
    const before = await snapshot(school.server, ['bank_transfers', 'ledger_entries']);
    const right = sepay.apiKey!;
    // One character changed (never to itself: a random key can end in 'x').
    sepay.apiKey = `${right.slice(0, -1)}${right.endsWith('x') ? 'y' : 'x'}`;
    const wrong = await sepay.transfer({ amount: 1_500_000, content: squeezed('Lan') });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('BANK_WEBHOOK_UNAUTHORIZED');
    expect((await sepay.deliver(wrong.transfer, null)).status).toBe(401);
    expect((await sepay.deliver(wrong.transfer, `Bearer ${right}`)).status).toBe(401);
    sepay.apiKey = right;
    expect(await snapshot(school.server, ['bank_transfers', 'ledger_entries'])).toEqual(before);

    // A new key: the old one stops working.
    const renewed = await school.admin.post('/api/bank/webhook-key', {});
    expect((await sepay.deliver(wrong.transfer, right)).status).toBe(401);
    sepay.apiKey = renewed.body.key;
    const revoked = await school.admin.delete('/api/bank/webhook-key');
    expect(revoked.body).toMatchObject({ configured: false, code: 'BANK_WEBHOOK_KEY_REVOKED' });
    expect((await sepay.deliver(wrong.transfer)).status).toBe(401);
    expect(await snapshot(school.server, ['bank_transfers', 'ledger_entries'])).toEqual(before);
    sepay.apiKey = (await school.admin.post('/api/bank/webhook-key', {})).body.key;
  });

  test('a matched transfer is paid at once; sent again (or at once twice) it is recorded once; outgoing ignored', async () => {
    const sent = await sepay.transfer({
      amount: 1_500_000,
      content: `LAN CHUYEN KHOAN ${squeezed('Lan')} FT123`,
      at: '2030-04-03 10:20:00',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ success: true });
    const [again, twice] = await Promise.all([
      sepay.deliver(sent.transfer),
      sepay.deliver(sent.transfer),
    ]);
    expect([again.status, twice.status]).toEqual([200, 200]);
    expect((await invoice('Lan')).state).toBe('paid');
    const entries = (await account('Lan')).entries.filter((e: any) => e.kind === 'payment');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ occurred_on: '2030-04-03', method: 'bank_transfer' });

    const before = await snapshot(school.server, ['bank_transfers', 'ledger_entries']);
    const out = await sepay.transfer({ amount: 300_000, content: 'Tra tien dien', type: 'out' });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect(await snapshot(school.server, ['bank_transfers', 'ledger_entries'])).toEqual(before);

    const bad = await sepay.deliver({ ...sent.transfer, id: 1, transferAmount: -5 } as never);
    expect(bad.status).toBe(400);
  });

  test('an unmatched transfer waits for staff, who give it to a student (and an invoice) or ignore it', async () => {
    const unknown = await sepay.transfer({
      amount: 1_500_000,
      content: 'PHU HUYNH CHAU MINH NOP TIEN',
      reference: null,
    });
    expect(unknown.status).toBe(200);
    const stranger = await sepay.transfer({ amount: 42_000, content: 'HOAN TIEN SHOPEE' });
    const list = await school.staff.client.get('/api/bank/transfers?status=unmatched');
    const waiting = list.body.items.find((item: any) => item.content.includes('CHAU MINH'));
    expect(waiting).toMatchObject({ source: 'webhook', amount: 1_500_000, bank_reference: null });

    // Not a student; not Minh's invoice: refused, nothing written.
    const before = await snapshot(school.server, ['bank_transfers', 'ledger_entries']);
    const toTeacher = await school.staff.client.post(
      `/api/bank/transfers/${waiting.transfer_id}/assign`,
      { student_id: school.teacher.user.user_id },
    );
    expect(toTeacher.body.code).toBe('TUITION_NOT_A_STUDENT');
    const wrongInvoice = await school.staff.client.post(
      `/api/bank/transfers/${waiting.transfer_id}/assign`,
      { student_id: students.Minh!.user.user_id, invoice_id: invoiceIds.Nga },
    );
    expect(wrongInvoice.status).toBe(409);
    expect(wrongInvoice.body.code).toBe('INVOICE_NOT_PAYABLE');
    expect(await snapshot(school.server, ['bank_transfers', 'ledger_entries'])).toEqual(before);

    const assigned = await school.staff.client.post(
      `/api/bank/transfers/${waiting.transfer_id}/assign`,
      { student_id: students.Minh!.user.user_id, invoice_id: invoiceIds.Minh },
    );
    expect(assigned.status, assigned.text).toBe(200);
    expect(assigned.body).toMatchObject({
      code: 'BANK_TRANSFER_ASSIGNED',
      params: { name: 'Minh' },
      transfer: { status: 'matched', student_name: 'Minh', invoice_number: numbers.Minh },
    });
    expect((await invoice('Minh')).state).toBe('paid');
    const twice = await school.admin.post(`/api/bank/transfers/${waiting.transfer_id}/assign`, {
      student_id: students.Nga!.user.user_id,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('BANK_TRANSFER_NOT_UNMATCHED');

    const strangerRow = (await school.staff.client.get('/api/bank/transfers')).body.items.find(
      (item: any) => item.content === 'HOAN TIEN SHOPEE',
    );
    const ignored = await school.staff.client.post(
      `/api/bank/transfers/${strangerRow.transfer_id}/ignore`,
      { reason: 'Không phải học phí' },
    );
    expect(ignored.body.transfer).toMatchObject({
      status: 'ignored',
      ignore_reason: 'Không phải học phí',
    });
    expect(
      (await school.staff.client.post(`/api/bank/transfers/${strangerRow.transfer_id}/ignore`, {}))
        .body.code,
    ).toBe('BANK_TRANSFER_NOT_UNMATCHED');
    expect(stranger.status).toBe(200);
    const missing = await school.staff.client.post(
      '/api/bank/transfers/00000000-0000-4000-8000-000000000000/ignore',
      {},
    );
    expect(missing.status).toBe(404);
  });

  test('a transfer both in a statement and sent by the webhook (the same bank reference) is recorded once', async () => {
    const sent = await sepay.transfer({
      amount: 1_500_000,
      content: squeezed('Nga'),
      reference: 'FT30095777777',
      at: '2030-04-05 08:00:00',
    });
    expect(sent.status).toBe(200);
    const csv = [
      'Ngày giao dịch,Số tham chiếu,Số tiền,Nội dung',
      `05/04/2030,FT30095777777,1.500.000,${squeezed('Nga')}`,
    ].join('\n');
    const preview = await upload(school.staff.client, csv, 's.csv');
    expect(preview.body.lines[0].kind).toBe('already');
    expect((await account('Nga')).balance).toBe(0);
  });
});

describe('who may', () => {
  test('teachers and students reach none of it', async () => {
    for (const client of [school.teacher.client, school.student.client]) {
      expect((await upload(client, vcbCsv(), 's.csv')).status).toBe(403);
      expect((await client.get('/api/bank/transfers')).status).toBe(403);
      expect((await client.get('/api/bank/webhook-key')).status).toBe(403);
    }
    expect((await school.staff.client.get('/api/bank/webhook-key')).status).toBe(403);
  });
});
