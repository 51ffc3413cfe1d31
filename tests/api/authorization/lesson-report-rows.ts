// The authorization matrix's rows for lesson reports (issue 29 point 2,
// docs/decisions/037-lesson-reports.md): who sees a lesson reads its report (the class's students
// and teacher, admin, staff); who taught it, admin and staff write it once it is held; everyone
// signed in lists their own page. Writing cells get a fresh lesson, held the day before the
// world's clock (set in the database: the API makes no lesson in the past).
import { expect } from 'vitest';
import {
  ALL,
  CLASS_ROUTES,
  freshClass,
  type Row,
  type Scope,
  STAFF_ROLES,
  server,
} from './world.ts';

/** A fresh class of the scope, its lesson completed on 5 May 2030 (the clock is on the 6th). */
async function heldLesson(scope: Scope) {
  const made = await freshClass(scope);
  await server.server.ctx.database.db
    .updateTable('schedules')
    .set({
      start_time: '2030-05-05T02:00:00.000Z',
      end_time: '2030-05-05T03:00:00.000Z',
      status: 'completed',
    })
    .where('schedule_id', '=', made.scheduleId)
    .execute();
  return made;
}

// A parent reads the reports of their child's lessons ('same': the world's parent's child is there).
const CLASS_PEOPLE = {
  student: ['same'],
  teacher: ['same'],
  parent: ['same'],
  ...STAFF_ROLES,
} as Row['allow'];

export const lessonReportRows: Row[] = [
  {
    route: 'GET /api/schedules/:scheduleId/report',
    scopes: CLASS_ROUTES,
    allow: CLASS_PEOPLE,
    call: (c, t) => c.get(`/api/schedules/${t.scheduleId}/report`),
    check: (body, _who, target) => expect(body.lesson.schedule_id).toBe(target.scheduleId),
  },
  {
    route: 'PUT /api/schedules/:scheduleId/report',
    scopes: CLASS_ROUTES,
    allow: { teacher: ['same'], ...STAFF_ROLES },
    fresh: heldLesson,
    call: (c, t) =>
      c.put(`/api/schedules/${t.scheduleId}/report`, {
        covered: 'Unit 1',
        homework: 'Page 2',
        notes: [{ student_id: t.studentId, note: 'Well done' }],
      }),
    check: (body) => expect(body.report.covered).toBe('Unit 1'),
  },
  {
    route: 'GET /api/lesson-reports',
    scopes: ['-'],
    allow: { student: ALL, teacher: ALL, parent: ALL, ...STAFF_ROLES },
    call: (c) => c.get('/api/lesson-reports'),
    check: (body) => expect(Array.isArray(body.items)).toBe(true),
  },
];
