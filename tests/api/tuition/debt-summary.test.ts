// The debts list's summary (migration 048, issue 31 point 2) on either database: after a random
// sequence of what changes invoices' money (drafts issued, month runs, payments naming an invoice
// or not, refunds, reversals, voids, a student renamed), the summary kept by the database's
// triggers equals the full aggregate of the open invoices: each debtor's row, the count of
// debtors, the aged totals; and the list read page by page off the summary equals the list
// aggregated whole (the export's path), before and after the summary's additions are folded.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DatabaseHandle, openDatabase } from '#server/db/connection.ts';
import { compactDebtChanges, listDebts } from '#server/features/tuition/debts/debts.ts';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount } from '../../helpers/factories.ts';
import { createClass, enrol, type School, startSchool } from '../../helpers/school.ts';

const clock = new TestClock(Date.parse('2030-03-01T01:00:00Z'));
let school: School;
let handle: DatabaseHandle;
beforeAll(async () => {
  school = await startSchool({ clock, jobs: false });
  handle = openDatabase({
    dataDir: school.server.database.dataDir,
    databaseUrl: school.server.database.databaseUrl,
  });
});
afterAll(async () => {
  await handle?.close();
  await school.server.close();
});

/** A small seeded generator: the same sequence every run (the seed is in the failure's message). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TODAY = '2030-05-15';

/** The summary's tables against the open invoices summed in full. */
async function expectSummaryExact(step: string) {
  const { db } = handle;
  const kept = await sql<{ student_id: string; search_name: string; invoices: number }>`
    select student_id, search_name, invoices from debt_students order by student_id
  `.execute(db);
  const full = await sql<{ student_id: string; search_name: string; invoices: number }>`
    select i.student_id, u.search_name, count(*) as invoices
    from invoices i inner join users u on u.user_id = i.student_id
    where i.status = 'issued' and i.paid < i.total
    group by i.student_id, u.search_name order by i.student_id
  `.execute(db);
  const plain = (rows: { student_id: string; search_name: string; invoices: number }[]) =>
    rows.map((row) => ({ ...row, invoices: Number(row.invoices) }));
  expect(plain(kept.rows), step).toEqual(plain(full.rows));

  const byPage = [];
  let first: Awaited<ReturnType<typeof listDebts>> | undefined;
  for (let page = 1; ; page++) {
    const list = await listDebts(db, TODAY, { page, page_size: 3 });
    first ??= list;
    byPage.push(...list.items);
    if (list.items.length < 3) break;
  }
  const whole = await listDebts(db, TODAY, {});
  expect(byPage, step).toEqual(whole.items);
  expect(first!.total, step).toBe(whole.total);
  expect(first!.totals, step).toEqual(whole.totals);
  expect(whole.total, step).toBe(full.rows.length);
  mostDebtors = Math.max(mostDebtors, whole.total);
}
let mostDebtors = 0;

test('the summary equals the full aggregate after a random sequence of money operations', async () => {
  const seed = 20300515;
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const { admin } = school;
  const staff = school.staff.client;

  const students: Account[] = [];
  for (const name of ['Ánh Một', 'Bảo Hai', 'Cường Ba', 'Dương Bốn', 'Ánh Một']) {
    students.push(await createAccount(school.server, admin, 'student', { full_name: name }));
  }
  const classes: string[] = [];
  for (const [name, amount] of [
    ['Sum A', 1_000_000],
    ['Sum B', 700_000],
  ] as const) {
    const { class_id } = await createClass(admin, school.teacher.user.user_id, {
      class_name: name,
      start_date: '2030-01-01',
      end_date: '2030-12-31',
    });
    const plan = await admin.put(`/api/classes/${class_id}/fee-plan`, {
      kind: 'per_month',
      amount,
    });
    expect(plan.status, plan.text).toBe(200);
    await enrol(
      admin,
      class_id,
      students.map((s) => s.user.user_id),
    );
    classes.push(class_id);
  }
  const periods = ['2030-01', '2030-02', '2030-03', '2030-04', '2030-05', '2030-06'];
  const dueDates = ['2030-03-10', '2030-04-01', '2030-04-15', '2030-05-15', '2030-05-30'];
  const issued: string[] = [];
  const payments: string[] = [];
  const done: Record<string, number> = {};

  const operations = {
    async issue() {
      const student = pick(students);
      const draft = await staff.post('/api/invoices', {
        student_id: student.user.user_id,
        class_id: pick(classes),
        period: pick(periods),
        due_date: pick(dueDates),
      });
      if (draft.status !== 201) return false; // already invoiced for that month
      const id = draft.body.invoice.invoice_id as string;
      if (next() < 0.2) {
        // Some drafts are deleted, never issued.
        return (await staff.request('DELETE', `/api/invoices/${id}`)).status < 300;
      }
      const done = await staff.post(`/api/invoices/${id}/issue`, {});
      expect(done.status, done.text).toBe(200);
      issued.push(id);
      return true;
    },
    async run() {
      const ran = await admin.request(
        'POST',
        '/api/invoice-runs',
        { json: { period: pick(periods), class_id: pick(classes), due_date: pick(dueDates) } },
        { 'idempotency-key': randomUUID() },
      );
      expect(ran.status, ran.text).toBeLessThan(300);
      issued.push(...(ran.body.invoice_ids as string[]));
      return ran.body.invoice_ids.length > 0;
    },
    async pay() {
      const student = pick(students);
      const named = issued.length > 0 && next() < 0.5 ? pick(issued) : undefined;
      const paid = await staff.post(`/api/students/${student.user.user_id}/payments`, {
        amount: pick([100_000, 350_000, 700_000, 1_000_000, 2_500_000, 6_000_000]),
        method: 'cash',
        paid_on: '2030-04-20',
        ...(named ? { invoice_id: named } : {}),
      });
      if (paid.status !== 201) return false; // an invoice of another student named
      payments.push(paid.body.entry.entry_id);
      return true;
    },
    async refund() {
      // Paid well over what is owed, then some of the credit given back.
      const student = pick(students);
      const paid = await staff.post(`/api/students/${student.user.user_id}/payments`, {
        amount: 20_000_000,
        method: 'cash',
        paid_on: '2030-04-22',
      });
      expect(paid.status, paid.text).toBe(201);
      payments.push(paid.body.entry.entry_id);
      const refunded = await admin.post(`/api/students/${student.user.user_id}/refunds`, {
        amount: pick([50_000, 300_000]),
        method: 'cash',
        paid_on: '2030-04-25',
        note: 'Trả lại',
      });
      if (refunded.status !== 201) return false; // no credit to refund
      payments.push(refunded.body.entry.entry_id);
      return true;
    },
    async reverse() {
      if (payments.length === 0) return false;
      const entry = payments.splice(Math.floor(next() * payments.length), 1)[0]!;
      const reversed = await admin.post(`/api/ledger-entries/${entry}/reverse`, {
        reason: 'Nhầm',
      });
      return reversed.status < 300;
    },
    async void() {
      if (issued.length === 0) return false;
      const invoice = issued.splice(Math.floor(next() * issued.length), 1)[0]!;
      const voided = await admin.post(`/api/invoices/${invoice}/void`, { reason: 'Sai kỳ' });
      return voided.status < 300;
    },
    async rename() {
      const student = pick(students);
      const renamed = await admin.patch(`/api/users/${student.user.user_id}`, {
        full_name: pick(['Ân Mới', 'Zung Cuối', 'Ánh Một', 'Bảo Hai Lại']),
      });
      expect(renamed.status, renamed.text).toBe(200);
      return true;
    },
  };
  const weighted: (keyof typeof operations)[] = [
    ...Array<'issue'>(5).fill('issue'),
    'run',
    ...Array<'pay'>(5).fill('pay'),
    'refund',
    'reverse',
    'reverse',
    'void',
    'rename',
  ];
  for (let step = 0; step < 70; step++) {
    const name = pick(weighted);
    if (await operations[name]()) done[name] = (done[name] ?? 0) + 1;
    if (step % 7 === 6) await expectSummaryExact(`seed ${seed}, step ${step} (${name})`);
    if (step === 40) {
      await compactDebtChanges(handle.db, handle.dialect === 'postgres');
      await expectSummaryExact(`seed ${seed}, after folding the additions`);
      // Folded to one row per due date still owed on, and one for the count of debtors: what a
      // fold leaves does not grow with the dates ever used.
      const left = await sql<{
        n: number | string;
      }>`select count(*) as n from debt_changes`.execute(handle.db);
      const owedDates = await sql<{ n: number | string }>`
        select count(distinct due_date) as n from invoices where status = 'issued' and paid < total
      `.execute(handle.db);
      expect(Number(left.rows[0]!.n)).toBeLessThanOrEqual(Number(owedDates.rows[0]!.n) + 1);
    }
  }
  await expectSummaryExact(`seed ${seed}, at the end`);
  // The sequence did each kind of thing, some of it more than once.
  for (const name of Object.keys(operations)) {
    expect(done[name] ?? 0, `${name}: ${JSON.stringify(done)}`).toBeGreaterThan(0);
  }
  // Checked while several students owed, not only once everything was paid.
  expect(mostDebtors).toBeGreaterThan(2);
}, 120_000);
