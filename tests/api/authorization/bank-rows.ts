// The authorization matrix's rows for matching bank transfers (issue 27,
// docs/decisions/030-bank-transfers.md): statements and the transfers left unmatched are staff's
// and admin's (record_payments); the webhook's key is the admin's (Settings). The webhook itself
// is the bank-notification service's, authenticated by its key (matrix.test.ts lists it apart).

import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { ALL, admin, people, type Row, STAFF_ROLES } from './world.ts';

const STATEMENT = new TextEncoder().encode(
  'Ngày giao dịch,Số tiền,Nội dung\n06/05/2030,"250.000",PHU HUYNH NOP TIEN\n',
);

/** A statement line no one has recorded yet (each call its own). */
const line = () => ({
  row: 2,
  date: '2030-05-06',
  amount: 250_000,
  content: `PHU HUYNH NOP TIEN ${randomUUID()}`,
  reference: null,
  balance: null,
});

/** An unmatched transfer a writing cell acts on. */
let freshTransferId = '';
const unmatchedTransfer = async () => {
  const kept = await admin.request(
    'POST',
    '/api/bank/statements',
    { json: { lines: [line()] } },
    { 'idempotency-key': randomUUID() },
  );
  expect(kept.status, kept.text).toBe(200);
  const list = await admin.get('/api/bank/transfers?status=unmatched&page_size=1');
  freshTransferId = list.body.items[0].transfer_id;
  return {};
};

export const bankRows: Row[] = [
  {
    route: 'POST /api/bank/statements/preview',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) =>
      c.upload('/api/bank/statements/preview', {
        bytes: STATEMENT,
        name: 'sao-ke.csv',
        type: 'text/csv',
      }),
    check: (body) => expect(body.lines).toHaveLength(1),
  },
  {
    route: 'POST /api/bank/statements',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) =>
      c.request(
        'POST',
        '/api/bank/statements',
        { json: { lines: [line()] } },
        { 'idempotency-key': randomUUID() },
      ),
    check: (body) => expect(body.unmatched).toBe(1),
  },
  {
    route: 'GET /api/bank/transfers',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) => c.get('/api/bank/transfers'),
  },
  {
    route: 'POST /api/bank/transfers/:transferId/assign',
    scopes: ['-'],
    allow: STAFF_ROLES,
    fresh: unmatchedTransfer,
    call: (c) =>
      c.post(`/api/bank/transfers/${freshTransferId}/assign`, {
        student_id: people.otherStudent.user.user_id,
      }),
    check: (body) => expect(body.transfer.status).toBe('matched'),
  },
  {
    route: 'POST /api/bank/transfers/:transferId/ignore',
    scopes: ['-'],
    allow: STAFF_ROLES,
    fresh: unmatchedTransfer,
    call: (c) => c.post(`/api/bank/transfers/${freshTransferId}/ignore`, {}),
    check: (body) => expect(body.transfer.status).toBe('ignored'),
  },
  {
    route: 'GET /api/bank/webhook-key',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.get('/api/bank/webhook-key'),
  },
  {
    route: 'POST /api/bank/webhook-key',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.post('/api/bank/webhook-key', {}),
    check: (body) => expect(body.key).toMatch(/^edu_/),
  },
  {
    route: 'DELETE /api/bank/webhook-key',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.delete('/api/bank/webhook-key'),
  },
];
