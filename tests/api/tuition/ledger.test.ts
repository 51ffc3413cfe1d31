// A student's account as a ledger (issue 27, docs/decisions/028): payments (staff, admin), refunds
// of a credit and reversals (admin), discounts (admin sets; staff and the student read). Entries
// are never edited: a mistake is reversed, once. The balance is the sum of the entries. A retried
// request with the same Idempotency-Key records nothing twice; two refunds or two reversals at
// once cannot overdraw or double; money reaches only admin, staff and the student themself. The
// seeded run of 1,000 operations is in account-property.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount, snapshot } from '../../helpers/factories.ts';
import { refusal } from '../../helpers/replies.ts';
import { type School, startSchool } from '../../helpers/school.ts';
import type { TestClient } from '../../helpers/test-server.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: School;
beforeAll(async () => {
  school = await startSchool({ clock });
});
afterAll(() => school.server.close());

const accountUrl = (student: Account) => `/api/students/${student.user.user_id}/account`;
const pay = (client: TestClient, student: Account, amount: number, key?: string) =>
  client.request(
    'POST',
    `/api/students/${student.user.user_id}/payments`,
    { json: { amount, method: 'cash', paid_on: '2030-03-10' } },
    key ? { 'idempotency-key': key } : {},
  );
const refund = (client: TestClient, student: Account, amount: number, key?: string) =>
  client.request(
    'POST',
    `/api/students/${student.user.user_id}/refunds`,
    {
      json: { amount, method: 'bank_transfer', paid_on: '2030-03-10', note: 'Chuyển lớp khác' },
    },
    key ? { 'idempotency-key': key } : {},
  );
const reverse = (client: TestClient, entryId: string, reason = 'Ghi nhầm số tiền') =>
  client.post(`/api/ledger-entries/${entryId}/reverse`, { reason });
const newStudent = () => createAccount(school.server, school.admin, 'student');
const ledgerUnchanged = async (act: () => Promise<unknown>) => {
  const before = await snapshot(school.server, ['ledger_entries', 'student_discounts']);
  await act();
  expect(await snapshot(school.server, ['ledger_entries', 'student_discounts'])).toEqual(before);
};

describe('payments, refunds and reversals', () => {
  test('a payment lowers the balance; the student sees it; a refund pays the credit back', async () => {
    const student = await newStudent();
    expect((await school.staff.client.get(accountUrl(student))).body).toMatchObject({
      balance: 0,
      entries: [],
    });
    const paid = await pay(school.staff.client, student, 1_500_000);
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body).toMatchObject({
      code: 'TUITION_PAYMENT_RECORDED',
      balance: -1_500_000,
      entry: { kind: 'payment', amount: -1_500_000, method: 'cash', occurred_on: '2030-03-10' },
    });
    // The student reads their own account, with who recorded it.
    const own = await student.client.get(accountUrl(student));
    expect(own.status).toBe(200);
    expect(own.body.balance).toBe(-1_500_000);
    expect(own.body.entries[0].created_by_name).toBeTruthy();

    // A refund of more than the credit is refused; of part of it, recorded.
    await ledgerUnchanged(async () => {
      const over = await refund(school.admin, student, 1_500_001);
      expect(over.status).toBe(409);
      expect(over.body).toMatchObject({ code: 'TUITION_REFUND_OVER_CREDIT', field: 'amount' });
    });
    const back = await refund(school.admin, student, 500_000);
    expect(back.status, back.text).toBe(201);
    expect(back.body.balance).toBe(-1_000_000);
    expect(back.body.entry).toMatchObject({
      kind: 'refund',
      amount: 500_000,
      note: 'Chuyển lớp khác',
    });
  });

  test('a mistake is reversed once by its opposite, with why; the entry itself stays', async () => {
    const student = await newStudent();
    const paid = await pay(school.staff.client, student, 300_000);
    const entryId = paid.body.entry.entry_id as string;

    await ledgerUnchanged(async () => {
      expect((await reverse(school.staff.client, entryId)).status).toBe(403);
    });
    const reversed = await reverse(school.admin, entryId);
    expect(reversed.status, reversed.text).toBe(201);
    expect(reversed.body.balance).toBe(0);
    const [reversal, original] = (await school.staff.client.get(accountUrl(student))).body.entries;
    expect(reversal).toMatchObject({
      kind: 'reversal',
      amount: 300_000,
      note: 'Ghi nhầm số tiền',
      reverses_entry_id: entryId,
    });
    expect(original).toMatchObject({
      entry_id: entryId,
      amount: -300_000,
      reversed_by_entry_id: reversal.entry_id,
    });

    await ledgerUnchanged(async () => {
      const again = await reverse(school.admin, entryId);
      expect(again.body.code).toBe('TUITION_ENTRY_ALREADY_REVERSED');
      const ofReversal = await reverse(school.admin, reversal.entry_id);
      expect(ofReversal.body.code).toBe('TUITION_REVERSAL_NOT_REVERSIBLE');
      const noReason = await school.admin.post(`/api/ledger-entries/${entryId}/reverse`, {
        reason: ' ',
      });
      expect(refusal(noReason.body).code).toBe('TUITION_REASON_REQUIRED');
      const unknown = await reverse(school.admin, '00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(404);
    });
  });

  test('a retried payment with the same Idempotency-Key records it once', async () => {
    const student = await newStudent();
    const first = await pay(school.staff.client, student, 200_000, 'pay-once-0001');
    const retry = await pay(school.staff.client, student, 200_000, 'pay-once-0001');
    expect(retry.status).toBe(201);
    expect(retry.body.entry.entry_id).toBe(first.body.entry.entry_id);
    expect((await school.staff.client.get(accountUrl(student))).body.entries).toHaveLength(1);
    // Sent at the same moment, still once.
    const together = await Promise.all(
      Array.from({ length: 5 }, () => pay(school.staff.client, student, 100_000, 'pay-once-0002')),
    );
    expect(together.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const account = await school.staff.client.get(accountUrl(student));
    expect(account.body.balance).toBe(-300_000);

    // The same key with another amount (a corrected form) is refused, never answered with the first.
    await ledgerUnchanged(async () => {
      const changed = await pay(school.staff.client, student, 250_000, 'pay-once-0001');
      expect(changed.status).toBe(422);
      expect(changed.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    });
  });

  test('two refunds at once never pay back more than the credit; two reversals at once reverse once', async () => {
    const student = await newStudent();
    await pay(school.staff.client, student, 1_000_000);
    const refunds = await Promise.all([
      refund(school.admin, student, 700_000),
      refund(school.admin, student, 700_000),
    ]);
    expect(refunds.map((r) => r.status).sort()).toEqual([201, 409]);
    const afterRefunds = await school.staff.client.get(accountUrl(student));
    expect(afterRefunds.body.balance).toBe(-300_000);

    const paid = await pay(school.staff.client, student, 50_000);
    const entryId = paid.body.entry.entry_id as string;
    const reversals = await Promise.all([
      reverse(school.admin, entryId),
      reverse(school.admin, entryId),
    ]);
    expect(reversals.map((r) => r.status).sort()).toEqual([201, 409]);
    const account = await school.staff.client.get(accountUrl(student));
    expect(
      account.body.entries.filter((e: { kind: string }) => e.kind === 'reversal'),
    ).toHaveLength(1);
    expect(account.body.balance).toBe(-300_000);
  });

  test('bad input is refused with a code and records nothing', async () => {
    const student = await newStudent();
    const url = `/api/students/${student.user.user_id}/payments`;
    const cases: [unknown, string][] = [
      [{ amount: 0, method: 'cash', paid_on: '2030-03-10' }, 'MONEY_AMOUNT_INVALID'],
      [{ amount: 10.5, method: 'cash', paid_on: '2030-03-10' }, 'MONEY_AMOUNT_INVALID'],
      [{ amount: 1000, method: 'cheque', paid_on: '2030-03-10' }, 'TUITION_METHOD_INVALID'],
      [{ amount: 1000, method: 'cash', paid_on: '2030-13-01' }, 'TUITION_DATE_INVALID'],
    ];
    await ledgerUnchanged(async () => {
      for (const [body, code] of cases) {
        const response = await school.staff.client.post(url, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(refusal(response.body).code, JSON.stringify(body)).toBe(code);
      }
      // Only students have an account.
      const teacherUrl = `/api/students/${school.teacher.user.user_id}/payments`;
      const notStudent = await school.staff.client.post(teacherUrl, {
        amount: 1000,
        method: 'cash',
        paid_on: '2030-03-10',
      });
      expect(notStudent.body.code).toBe('TUITION_NOT_A_STUDENT');
    });
  });
});

describe('who sees and moves money', () => {
  test('admin and staff read any account; a student only their own; teachers none', async () => {
    const student = await newStudent();
    const other = await newStudent();
    expect((await school.admin.get(accountUrl(student))).status).toBe(200);
    expect((await school.staff.client.get(accountUrl(student))).status).toBe(200);
    expect((await student.client.get(accountUrl(student))).status).toBe(200);
    expect((await student.client.get(accountUrl(other))).status).toBe(403);
    expect((await school.teacher.client.get(accountUrl(student))).status).toBe(403);
    expect((await school.server.client().get(accountUrl(student))).status).toBe(401);
    await ledgerUnchanged(async () => {
      expect((await pay(school.teacher.client, student, 1000)).status).toBe(403);
      expect((await pay(student.client, student, 1000)).status).toBe(403);
      expect((await refund(school.staff.client, student, 1000)).status).toBe(403);
    });
  });
});

describe('discounts', () => {
  test('the admin gives and ends one; staff and the student read them; others cannot', async () => {
    const student = await newStudent();
    const url = `/api/students/${student.user.user_id}/discounts`;
    const body = { kind: 'percent', value: 10, reason: 'Anh chị em', starts_on: '2030-03-01' };
    await ledgerUnchanged(async () => {
      expect((await school.staff.client.post(url, body)).status).toBe(403);
      expect((await student.client.post(url, body)).status).toBe(403);
      for (const [bad, code] of [
        [{ ...body, value: 101 }, 'TUITION_DISCOUNT_VALUE'],
        [{ ...body, value: 0 }, 'TUITION_DISCOUNT_VALUE'],
        [{ ...body, reason: '' }, 'TUITION_REASON_REQUIRED'],
        [{ ...body, starts_on: 'soon' }, 'TUITION_DATE_INVALID'],
      ] as const) {
        expect(refusal((await school.admin.post(url, bad)).body).code).toBe(code);
      }
    });
    const given = await school.admin.post(url, body);
    expect(given.status, given.text).toBe(201);
    expect(given.body).toMatchObject({
      code: 'TUITION_DISCOUNT_ADDED',
      kind: 'percent',
      value: 10,
      ends_on: null,
    });
    const fixed = await school.admin.post(url, {
      kind: 'fixed',
      value: 200_000,
      reason: 'Học bổng',
      starts_on: '2030-04-01',
    });
    expect(fixed.status).toBe(201);

    const read = await student.client.get(url);
    expect(read.body.items.map((d: { reason: string }) => d.reason)).toEqual([
      'Học bổng',
      'Anh chị em',
    ]);
    expect((await school.staff.client.get(url)).status).toBe(200);
    expect((await school.teacher.client.get(url)).status).toBe(403);

    const endUrl = `/api/discounts/${given.body.discount_id}/end`;
    const early = await school.admin.post(endUrl, { ends_on: '2030-02-01' });
    expect(early.body.code).toBe('TUITION_DISCOUNT_END_BEFORE_START');
    const ended = await school.admin.post(endUrl, { ends_on: '2030-06-30' });
    expect(ended.body).toMatchObject({ code: 'TUITION_DISCOUNT_ENDED', ends_on: '2030-06-30' });
    expect((await school.admin.post(endUrl, { ends_on: '2030-07-30' })).body.code).toBe(
      'TUITION_DISCOUNT_ALREADY_ENDED',
    );

    // A discount given by mistake for later is stopped the day before it starts: it never applies.
    const later = await school.admin.post(url, { ...body, starts_on: '2030-09-01' });
    const never = await school.admin.post(`/api/discounts/${later.body.discount_id}/end`, {
      ends_on: '2030-08-31',
    });
    expect(never.body).toMatchObject({ code: 'TUITION_DISCOUNT_ENDED', ends_on: '2030-08-31' });
  });
});

describe("a student's account stays a student's", () => {
  test('a student with entries keeps the role: the account stays readable', async () => {
    const student = await newStudent();
    await pay(school.staff.client, student, 500_000);
    const changed = await school.admin.patch(`/api/users/${student.user.user_id}`, {
      role: 'teacher',
    });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ code: 'USER_ROLE_STUDENT_HAS_ACCOUNT', field: 'role' });
    expect((await school.staff.client.get(accountUrl(student))).body.balance).toBe(-500_000);
  });
});

describe('finding whose account to open', () => {
  test('staff find students who left too (they may still owe), with their balances; teachers and students cannot search', async () => {
    const leaver = await createAccount(school.server, school.admin, 'student', {
      full_name: 'Đặng Thị Nghỉ Học',
    });
    expect((await pay(school.staff.client, leaver, 700_000)).status).toBe(201);
    const removed = await school.admin.delete(`/api/users/${leaver.user.user_id}`);
    expect(removed.status, removed.text).toBe(200);
    // Gone from the students' list, still found for money, typed without accents.
    const listed = await school.staff.client.get('/api/users?role=student&q=dang thi nghi');
    expect(listed.body.items).toEqual([]);
    const found = await school.staff.client.get('/api/tuition/students?q=dang thi nghi');
    expect(found.status, found.text).toBe(200);
    expect(found.body.items).toEqual([
      {
        user_id: leaver.user.user_id,
        full_name: 'Đặng Thị Nghỉ Học',
        email: leaver.email,
        is_active: false,
        balance: -700_000,
      },
    ]);
    expect((await school.teacher.client.get('/api/tuition/students?q=dang')).status).toBe(403);
    expect((await school.student.client.get('/api/tuition/students?q=dang')).status).toBe(403);
  });
});
