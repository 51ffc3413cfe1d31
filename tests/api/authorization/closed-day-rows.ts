// The authorization matrix's rows for the center's closed days: everyone signed in reads the
// calendar; admin and staff keep it, see its proposals and the lessons on closed days. The days
// are in 2031, clear of every lesson and series the other rows book in 2030.

import { expect } from 'vitest';
import { ALL, admin, type Row, STAFF_ROLES } from './world.ts';

const SIGNED_IN = { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL } as const;

let days = 0;
/** A date no row has closed yet. */
const nextDate = () => new Date(Date.UTC(2031, 0, 1 + days++)).toISOString().slice(0, 10);
/** The day a writing cell renames or removes (its `fresh` closes it first). */
let freshDate = '';
const closeFreshDay = async () => {
  freshDate = nextDate();
  const added = await admin.post('/api/closed-days', { name: 'Fresh', from_date: freshDate });
  expect(added.status, added.text).toBe(201);
  return {};
};

export const closedDayRows: Row[] = [
  {
    route: 'GET /api/closed-days',
    scopes: ['-'],
    allow: SIGNED_IN,
    call: (c) => c.get('/api/closed-days?year=2031'),
  },
  {
    route: 'POST /api/closed-days',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) => c.post('/api/closed-days', { name: 'Matrix', from_date: nextDate() }),
  },
  {
    route: 'GET /api/closed-days/proposals',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) => c.get('/api/closed-days/proposals'),
  },
  {
    route: 'GET /api/closed-days/lessons',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) => c.get('/api/closed-days/lessons?year=2030'),
  },
  {
    route: 'PATCH /api/closed-days/:date',
    scopes: ['-'],
    allow: STAFF_ROLES,
    fresh: closeFreshDay,
    call: (c) => c.patch(`/api/closed-days/${freshDate}`, { name: 'Renamed' }),
  },
  {
    route: 'DELETE /api/closed-days/:date',
    scopes: ['-'],
    allow: STAFF_ROLES,
    fresh: closeFreshDay,
    call: (c) => c.delete(`/api/closed-days/${freshDate}`),
  },
];
