// The authorization matrix's rows for teachers' pay (issue 28, docs/decisions/033-teachers-pay.md):
// rates, a month's statements, adjustments, approval and the export are the admin's; a teacher
// reads their own statement and no one else's; staff and students nothing.

import { expect } from 'vitest';
import { ALL, admin, people, type Row, type Target, type Who } from './world.ts';

/** A month already over at the world's clock (6 May 2030), and the current one. */
const PAST = '2030-04';
const CURRENT = '2030-05';

/**
 * Whose statement a cell reads: another teacher's ('other': the target is then another class's
 * student), else the caller's own (the admin, who has none, reads the teacher's).
 */
const statementOwner = (target: Target, who: Who) => {
  if (target.userId === people.otherStudent.user.user_id) return people.otherTeacher.user.user_id;
  return who === 'admin' ? people.teacher.user.user_id : target.userId;
};

let freshRateId = '';
const rateBody = () => ({
  teacher_id: people.otherTeacher.user.user_id,
  kind: 'per_hour',
  amount: 180_000,
  effective_from: CURRENT,
});
const aRate = async () => {
  const made = await admin.put('/api/teacher-pay/rates', { ...rateBody(), effective_from: PAST });
  expect(made.status, made.text).toBe(200);
  freshRateId = made.body.rate.rate_id;
  return {};
};

export const teacherPayRows: Row[] = [
  {
    route: 'GET /api/teacher-pay/rates',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.get('/api/teacher-pay/rates'),
    check: (body) => expect(Array.isArray(body.items)).toBe(true),
  },
  {
    route: 'PUT /api/teacher-pay/rates',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.put('/api/teacher-pay/rates', rateBody()),
    check: (body) => expect(body.rate.amount).toBe(180_000),
  },
  {
    route: 'DELETE /api/teacher-pay/rates/:rateId',
    scopes: ['-'],
    allow: { admin: ALL },
    fresh: aRate,
    call: (c) => c.delete(`/api/teacher-pay/rates/${freshRateId}`),
  },
  {
    route: 'GET /api/teacher-pay/months/:month/statements',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.get(`/api/teacher-pay/months/${CURRENT}/statements`),
    check: (body) => expect(body.month).toBe(CURRENT),
  },
  {
    route: 'GET /api/teacher-pay/months/:month/statements/:teacherId',
    scopes: ['own', 'other'],
    allow: { admin: ALL, teacher: ['own'] },
    call: (c, target, who) =>
      c.get(`/api/teacher-pay/months/${CURRENT}/statements/${statementOwner(target, who)}`),
    check: (body) => expect(body.month).toBe(CURRENT),
  },
  {
    route: 'POST /api/teacher-pay/months/:month/statements/:teacherId/adjustments',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) =>
      c.post(
        `/api/teacher-pay/months/${CURRENT}/statements/${people.otherTeacher.user.user_id}/adjustments`,
        { amount: 10_000, reason: 'Thưởng' },
      ),
    check: (body) => expect(body.code).toBe('PAY_ADJUSTED'),
  },
  {
    route: 'POST /api/teacher-pay/months/:month/statements/:teacherId/approve',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) =>
      c.post(
        `/api/teacher-pay/months/${PAST}/statements/${people.otherTeacher.user.user_id}/approve`,
      ),
  },
  {
    route: 'POST /api/teacher-pay/months/:month/approve',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.post(`/api/teacher-pay/months/${PAST}/approve`),
  },
  {
    route: 'GET /api/teacher-pay/months/:month/export',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.get(`/api/teacher-pay/months/${CURRENT}/export`),
  },
];
