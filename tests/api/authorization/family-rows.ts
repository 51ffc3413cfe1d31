// The authorization matrix's rows for a parent's own pages (issue 29,
// docs/decisions/036-parents.md): a parent reads their own child's lessons, dashboard, attendance,
// invoices, account and VietQR; the child is the world's `people.student` (the world's parent is
// linked to them), 'same' a classmate who is not their child, 'other' a student of another class.
// The routes a student already had keep their rules; the rows below are those routes asked with a
// child's id (variant "a parent's child").

import { expect } from 'vitest';
import { ALL, people, type Row, type Scope, STAFF_ROLES } from './world.ts';

const CHILD_SCOPES: Scope[] = ['own', 'same', 'other'];

/** The student a cell asks about: the caller's own (or, for a parent, their child), or not. */
const childOf = async (scope: Scope) => ({
  userId:
    scope === 'own'
      ? people.student.user.user_id
      : scope === 'same'
        ? people.classmate.user.user_id
        : people.otherStudent.user.user_id,
});

/** A rule with the parent's cell (parent: the scopes they may read). */
const withParent = (rule: Row['allow'], parent: true | Scope[]): Row['allow'] => ({
  ...rule,
  parent,
});

/** No meeting link reaches whoever reads a child's lessons. */
const noMeetingLinks = (body: unknown) =>
  expect(JSON.stringify(body)).not.toMatch(/start_url|join_url|"secret"|password/i);

export const familyRows: Row[] = [
  {
    route: 'GET /api/family/children',
    scopes: ['-'],
    allow: withParent({}, ALL),
    call: (c) => c.get('/api/family/children'),
    check: (body) => expect(body.items.length).toBeGreaterThan(0),
  },
  {
    route: 'GET /api/family/children/:studentId/lessons',
    scopes: CHILD_SCOPES,
    allow: withParent({}, ['own']),
    fresh: childOf,
    call: (c, t) => c.get(`/api/family/children/${t.userId}/lessons`),
    check: noMeetingLinks,
  },
  {
    route: 'GET /api/dashboard',
    variant: "a parent's child",
    scopes: CHILD_SCOPES,
    allow: withParent({}, ['own']),
    fresh: childOf,
    call: (c, t) => c.get(`/api/dashboard?student_id=${t.userId}`),
    check: noMeetingLinks,
  },
  {
    route: 'GET /api/users/:userId/attendance',
    variant: "a parent's child",
    scopes: CHILD_SCOPES,
    allow: withParent(STAFF_ROLES, ['own']),
    fresh: childOf,
    call: (c, t) => c.get(`/api/users/${t.userId}/attendance`),
    check: (body) => expect(Array.isArray(body.classes)).toBe(true),
  },
  {
    route: 'GET /api/invoices',
    variant: "a parent's child",
    scopes: CHILD_SCOPES,
    allow: withParent({ student: ['own'], ...STAFF_ROLES }, ['own']),
    fresh: childOf,
    call: (c, t) => c.get(`/api/invoices?student_id=${t.userId}`),
    check: (body) => expect(Array.isArray(body.items)).toBe(true),
  },
  {
    route: 'GET /api/students/:studentId/account',
    variant: "a parent's child",
    scopes: CHILD_SCOPES,
    allow: withParent({ student: ['own'], ...STAFF_ROLES }, ['own']),
    fresh: childOf,
    call: (c, t) => c.get(`/api/students/${t.userId}/account`),
    check: (body) => expect(typeof body.balance).toBe('number'),
  },
  {
    route: 'GET /api/students/:studentId/qr',
    variant: "a parent's child",
    scopes: CHILD_SCOPES,
    allow: withParent({ student: ['own'], ...STAFF_ROLES }, ['own']),
    fresh: childOf,
    call: (c, t) => c.get(`/api/students/${t.userId}/qr`),
  },
];
