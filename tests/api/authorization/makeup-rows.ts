// The authorization matrix's rows for make-up lessons (issue 28,
// docs/decisions/032-make-up-lessons.md): a student reads their own credits; admin and staff read
// any student's and book or cancel any credit; a student books and cancels only their own, when
// the center allows it (the rows turn it on: with it off, a student is refused every one).

import { expect } from 'vitest';
import { createAccount } from '../../helpers/factories.ts';
import { createLesson } from '../../helpers/school.ts';
import { ALL, admin, people, type Row, type Scope, STAFF_ROLES, server, shared } from './world.ts';

const BOOKERS = { student: ['own'] as Scope[], staff: ALL, admin: ALL } as const;
const CREDIT_SCOPES: Scope[] = ['own', 'other'];

/** The class make-ups are booked into: no students, seats enough for every cell. */
let hostClassId = '';
let hostLessons = 0;
/** A pending lesson of the host class, each at its own hour in early July (no one's clash). */
async function hostLesson() {
  if (!hostClassId) {
    const teacher = await createAccount(server, admin, 'teacher');
    const made = await admin.post('/api/classes', {
      class_name: 'Lớp học bù',
      teacher_id: teacher.user.user_id,
      start_date: '2030-03-01',
      end_date: '2030-07-05',
      description: null,
      makeup_seats: 50,
    });
    expect(made.status, made.text).toBe(201);
    hostClassId = made.body.class_id;
  }
  const start = new Date(Date.parse('2030-07-01T00:00:00Z') + hostLessons++ * 3_600_000);
  return (await createLesson(admin, hostClassId, start.toISOString())).schedule_id as string;
}

/** The credit a cell acts on: the caller's ('own', a student's own) or another student's. */
let freshCreditId = '';
let freshLessonId = '';
const availableCredit = async (scope: Scope) => {
  const student = scope === 'other' ? people.otherStudent : people.student;
  const missed = scope === 'other' ? shared.other.scheduleId : shared.same.scheduleId;
  const allowed = await admin.patch('/api/center-settings/options', {
    students_book_makeups: true,
  });
  expect(allowed.status, allowed.text).toBe(200);
  // Another row may have marked the student otherwise since (which withdrew the credit).
  const marked = await admin.put(`/api/schedules/${missed}/attendance/${student.user.user_id}`, {
    status: 'excused',
  });
  expect(marked.status, marked.text).toBe(200);
  const list = await admin.get(`/api/users/${student.user.user_id}/makeups`);
  const credit = list.body.items.find(
    (c: { missed: { schedule_id: string } }) => c.missed.schedule_id === missed,
  );
  if (credit.state === 'booked') {
    const freed = await admin.delete(`/api/makeups/${credit.credit_id}/booking`);
    expect(freed.status, freed.text).toBe(200);
  }
  freshCreditId = credit.credit_id;
  freshLessonId = await hostLesson();
  return {};
};
const bookedCredit = async (scope: Scope) => {
  await availableCredit(scope);
  const booked = await admin.post(`/api/makeups/${freshCreditId}/booking`, {
    schedule_id: freshLessonId,
  });
  expect(booked.status, booked.text).toBe(201);
  return {};
};

export const makeupRows: Row[] = [
  {
    route: 'GET /api/makeups/me',
    scopes: ['-'],
    allow: { student: ALL },
    call: (c) => c.get('/api/makeups/me'),
    check: (body) => expect(Array.isArray(body.items)).toBe(true),
  },
  {
    route: 'GET /api/users/:userId/makeups',
    scopes: ['other'],
    allow: STAFF_ROLES,
    call: (c) => c.get(`/api/users/${people.otherStudent.user.user_id}/makeups`),
    check: (body) => expect(Array.isArray(body.items)).toBe(true),
  },
  {
    route: 'GET /api/makeups/:creditId/lessons',
    scopes: CREDIT_SCOPES,
    allow: BOOKERS,
    fresh: availableCredit,
    call: (c) => c.get(`/api/makeups/${freshCreditId}/lessons`),
    check: (body) =>
      expect(body.items.map((l: { schedule_id: string }) => l.schedule_id)).toContain(
        freshLessonId,
      ),
  },
  {
    route: 'POST /api/makeups/:creditId/booking',
    scopes: CREDIT_SCOPES,
    allow: BOOKERS,
    fresh: availableCredit,
    call: (c) => c.post(`/api/makeups/${freshCreditId}/booking`, { schedule_id: freshLessonId }),
    check: (body) => expect(body.credit.booking.schedule_id).toBe(freshLessonId),
  },
  {
    route: 'DELETE /api/makeups/:creditId/booking',
    scopes: CREDIT_SCOPES,
    allow: BOOKERS,
    fresh: bookedCredit,
    call: (c) => c.delete(`/api/makeups/${freshCreditId}/booking`),
    check: (body) => expect(body.code).toBe('MAKEUP_BOOKING_CANCELLED'),
  },
];
