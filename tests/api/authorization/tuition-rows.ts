// The authorization matrix's rows for tuition (issue 27, docs/decisions/028): a class's fee plan
// (admin sets, staff read), a student's discounts and account (admin, staff, and the student for
// their own), payments (staff, admin), refunds, reversals and discounts (admin). Teachers see
// nothing of money; a student never another student's.

import { expect } from 'vitest';
import {
  ALL,
  admin,
  CLASS_ROUTES,
  freshClass,
  people,
  type Row,
  type Scope,
  STAFF_ROLES,
} from './world.ts';

const ADMIN_ONLY = { admin: ALL } as const;
/** The caller's own account ('own': a student's own; staff's own is no student's) and another student's. */
const ACCOUNT_SCOPES: Scope[] = ['own', 'other'];
const READERS = { student: ['own'] as Scope[], staff: ALL, admin: ALL } as const;
// A parent reads their child's issued invoice ('own': the world's parent's child is its student).

/** An entry or a discount a writing cell acts on (its `fresh` makes it). */
let freshEntryId = '';
let freshDiscountId = '';
const paidOnce = async () => {
  const paid = await admin.post(`/api/students/${people.otherStudent.user.user_id}/payments`, {
    amount: 10_000,
    method: 'cash',
    paid_on: '2030-05-06',
  });
  expect(paid.status, paid.text).toBe(201);
  freshEntryId = paid.body.entry.entry_id;
  return {};
};

/** An invoice a cell acts on: of the caller (a student's 'own') or of another student. */
let freshInvoiceId = '';
let freshClassId = '';
const classWithPlan = async (scope: Scope) => {
  const made = await freshClass(scope === 'other' ? 'other' : 'same');
  const plan = await admin.put(`/api/classes/${made.classId}/fee-plan`, {
    kind: 'per_month',
    amount: 1_000_000,
  });
  expect(plan.status, plan.text).toBe(200);
  freshClassId = made.classId;
  return made;
};
const invoiceFor = (issued: boolean) => async (scope: Scope) => {
  const made = await classWithPlan(scope);
  const student = scope === 'other' ? people.otherStudent : people.student;
  const draft = await admin.post('/api/invoices', {
    student_id: student.user.user_id,
    class_id: made.classId,
    period: '2030-05',
    due_date: '2030-05-15',
  });
  expect(draft.status, draft.text).toBe(201);
  freshInvoiceId = draft.body.invoice.invoice_id;
  if (issued) {
    const done = await admin.post(`/api/invoices/${freshInvoiceId}/issue`, {});
    expect(done.status, done.text).toBe(200);
  }
  return {};
};

/** The center's bank account the VietQR rows pay into. */
const BANK_ACCOUNT = {
  bank_bin: '970436',
  account_number: '0071000123456',
  account_name: 'TRUNG TAM ANH NGU',
};
const bankAccountSet = async () => {
  const saved = await admin.put('/api/center-settings/bank-account', BANK_ACCOUNT);
  expect(saved.status, saved.text).toBe(200);
  return {};
};

export const tuitionRows: Row[] = [
  // Debts (admin, staff) and the month's summary (admin).
  {
    route: 'GET /api/debts',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) => c.get('/api/debts'),
    check: (body) => expect(body.totals).toBeDefined(),
  },
  {
    route: 'GET /api/debts/export',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) => c.get('/api/debts/export'),
  },
  {
    route: 'GET /api/tuition/summary',
    scopes: ['-'],
    allow: ADMIN_ONLY,
    call: (c) => c.get('/api/tuition/summary?period=2030-05'),
    check: (body) => expect(body.period).toBe('2030-05'),
  },
  {
    route: 'GET /api/tuition/students',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) => c.get('/api/tuition/students?q=test'),
  },
  {
    route: 'GET /api/invoices',
    scopes: ['-'],
    allow: { student: ALL, staff: ALL, admin: ALL },
    call: (c) => c.get('/api/invoices'),
  },
  {
    route: 'GET /api/invoices/:invoiceId',
    scopes: ACCOUNT_SCOPES,
    allow: { ...READERS, parent: ['own'] },
    fresh: invoiceFor(true),
    call: (c) => c.get(`/api/invoices/${freshInvoiceId}`),
    check: (body) => expect(body.number).toMatch(/^HP-/),
  },
  {
    route: 'GET /api/invoices/:invoiceId/qr',
    scopes: ACCOUNT_SCOPES,
    allow: { ...READERS, parent: ['own'] },
    fresh: invoiceFor(true),
    call: (c) => c.get(`/api/invoices/${freshInvoiceId}/qr`),
  },
  {
    route: 'GET /api/students/:studentId/qr',
    scopes: ACCOUNT_SCOPES,
    allow: READERS,
    call: (c, t) => c.get(`/api/students/${t.userId}/qr`),
  },
  {
    route: 'POST /api/invoices',
    scopes: ['other'],
    allow: STAFF_ROLES,
    fresh: async (scope) => {
      await classWithPlan(scope);
      return {};
    },
    call: (c) =>
      c.post('/api/invoices', {
        student_id: people.otherStudent.user.user_id,
        class_id: freshClassId,
        period: '2030-05',
        due_date: '2030-05-15',
      }),
    check: (body) => expect(body.invoice.state).toBe('draft'),
  },
  {
    route: 'PUT /api/invoices/:invoiceId',
    scopes: ['other'],
    allow: STAFF_ROLES,
    fresh: invoiceFor(false),
    call: (c) =>
      c.put(`/api/invoices/${freshInvoiceId}`, {
        due_date: '2030-05-20',
        lines: [{ description: 'Giáo trình', quantity: 1, unit_amount: 100_000 }],
      }),
  },
  {
    route: 'DELETE /api/invoices/:invoiceId',
    scopes: ['other'],
    allow: STAFF_ROLES,
    fresh: invoiceFor(false),
    call: (c) => c.delete(`/api/invoices/${freshInvoiceId}`),
  },
  {
    route: 'POST /api/invoices/:invoiceId/issue',
    scopes: ['other'],
    allow: STAFF_ROLES,
    fresh: invoiceFor(false),
    call: (c) => c.post(`/api/invoices/${freshInvoiceId}/issue`, {}),
    check: (body) => expect(body.invoice.state).toBe('issued'),
  },
  {
    route: 'POST /api/invoices/:invoiceId/void',
    scopes: ['other'],
    allow: ADMIN_ONLY,
    fresh: invoiceFor(true),
    call: (c) => c.post(`/api/invoices/${freshInvoiceId}/void`, { reason: 'Lập nhầm' }),
    check: (body) => expect(body.invoice.state).toBe('void'),
  },
  {
    route: 'POST /api/invoice-runs/preview',
    scopes: ['other'],
    allow: STAFF_ROLES,
    fresh: async (scope) => {
      await classWithPlan(scope);
      return {};
    },
    call: (c) =>
      c.post('/api/invoice-runs/preview', {
        period: '2030-05',
        class_id: freshClassId,
        due_date: '2030-05-15',
      }),
    check: (body) => expect(body.invoices).toHaveLength(1),
  },
  {
    route: 'POST /api/invoice-runs',
    scopes: ['other'],
    allow: STAFF_ROLES,
    fresh: async (scope) => {
      await classWithPlan(scope);
      return {};
    },
    call: (c) =>
      c.post('/api/invoice-runs', {
        period: '2030-05',
        class_id: freshClassId,
        due_date: '2030-05-15',
      }),
    check: (body) => expect(body.invoice_ids).toHaveLength(1),
  },
  {
    route: 'GET /api/classes/:classId/fee-plan',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    call: (c, t) => c.get(`/api/classes/${t.classId}/fee-plan`),
  },
  {
    route: 'PUT /api/classes/:classId/fee-plan',
    scopes: CLASS_ROUTES,
    allow: ADMIN_ONLY,
    call: (c, t) =>
      c.put(`/api/classes/${t.classId}/fee-plan`, { kind: 'per_month', amount: 1_200_000 }),
  },
  {
    route: 'DELETE /api/classes/:classId/fee-plan',
    scopes: CLASS_ROUTES,
    allow: ADMIN_ONLY,
    call: (c, t) => c.delete(`/api/classes/${t.classId}/fee-plan`),
  },
  {
    route: 'GET /api/students/:studentId/account',
    scopes: ACCOUNT_SCOPES,
    allow: READERS,
    call: (c, t) => c.get(`/api/students/${t.userId}/account`),
  },
  {
    route: 'GET /api/students/:studentId/discounts',
    scopes: ACCOUNT_SCOPES,
    allow: READERS,
    call: (c, t) => c.get(`/api/students/${t.userId}/discounts`),
  },
  {
    route: 'POST /api/students/:studentId/discounts',
    scopes: ['other'],
    allow: ADMIN_ONLY,
    call: (c, t) =>
      c.post(`/api/students/${t.studentId}/discounts`, {
        kind: 'fixed',
        value: 50_000,
        reason: 'Anh chị em',
        starts_on: '2030-05-01',
      }),
  },
  {
    route: 'POST /api/discounts/:discountId/end',
    scopes: ['other'],
    allow: ADMIN_ONLY,
    fresh: async () => {
      const given = await admin.post(
        `/api/students/${people.otherStudent.user.user_id}/discounts`,
        { kind: 'percent', value: 5, reason: 'Học bổng', starts_on: '2030-05-01' },
      );
      expect(given.status, given.text).toBe(201);
      freshDiscountId = given.body.discount_id;
      return {};
    },
    call: (c) => c.post(`/api/discounts/${freshDiscountId}/end`, { ends_on: '2030-06-30' }),
  },
  {
    route: 'POST /api/students/:studentId/payments',
    scopes: ['other'],
    allow: STAFF_ROLES,
    call: (c, t) =>
      c.post(`/api/students/${t.studentId}/payments`, {
        amount: 500_000,
        method: 'bank_transfer',
        paid_on: '2030-05-06',
      }),
    check: (body) => expect(body.entry.kind).toBe('payment'),
  },
  {
    route: 'POST /api/students/:studentId/refunds',
    scopes: ['other'],
    allow: ADMIN_ONLY,
    fresh: paidOnce,
    call: (c, t) =>
      c.post(`/api/students/${t.studentId}/refunds`, {
        amount: 1_000,
        method: 'cash',
        paid_on: '2030-05-06',
        note: 'Hoàn tiền thừa',
      }),
    check: (body) => expect(body.entry.kind).toBe('refund'),
  },
  {
    route: 'POST /api/ledger-entries/:entryId/reverse',
    scopes: ['other'],
    allow: ADMIN_ONLY,
    fresh: paidOnce,
    call: (c) => c.post(`/api/ledger-entries/${freshEntryId}/reverse`, { reason: 'Ghi nhầm' }),
    check: (body) => expect(body.entry.kind).toBe('reversal'),
  },
  // The center's bank account and the sample VietQR code: the admin sets and samples it, staff
  // read it; students meet it only on their invoices' codes.
  {
    route: 'GET /api/center-settings/bank-account',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) => c.get('/api/center-settings/bank-account'),
  },
  {
    route: 'PUT /api/center-settings/bank-account',
    scopes: ['-'],
    allow: ADMIN_ONLY,
    call: (c) => c.put('/api/center-settings/bank-account', BANK_ACCOUNT),
    check: (body) => expect(body.account.account_number).toBe('0071000123456'),
  },
  {
    route: 'GET /api/tuition/qr-preview',
    scopes: ['-'],
    allow: ADMIN_ONLY,
    fresh: bankAccountSet,
    call: (c) => c.get('/api/tuition/qr-preview?amount=10000&content=KIEM%20TRA%20VIETQR'),
    check: (body) => expect(body.image).toMatch(/^data:image\/png;base64,/),
  },
];
