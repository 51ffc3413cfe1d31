// The authorization matrix's rows for classes, their students, lessons and attendance.

import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createAccount } from '../../helpers/factories.ts';
import {
  ALL,
  admin,
  CLASS_ROUTES,
  freshClass,
  freshSeries,
  noSecrets,
  oneLessonSeries,
  people,
  type Row,
  STAFF_ROLES,
  server,
  shared,
  startUrlsOnlyForStaffRoles,
} from './world.ts';

export const classRows: Row[] = [
  // Classes.
  {
    route: 'GET /api/classes',
    scopes: ['-'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    call: (c) => c.get('/api/classes'),
  },
  {
    route: 'GET /api/classes/teacher-options',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) => c.get('/api/classes/teacher-options'),
  },
  {
    route: 'POST /api/classes',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) =>
      c.post('/api/classes', {
        class_name: `Class ${randomUUID().slice(0, 6)}`,
        description: null,
        teacher_id: people.teacher.user.user_id,
        start_date: '2030-05-01',
        end_date: '2030-08-01',
      }),
  },
  {
    route: 'GET /api/classes/:classId',
    scopes: CLASS_ROUTES,
    allow: { student: ['same'], teacher: ['same'], staff: ALL, admin: ALL, parent: ['same'] },
    call: (c, t) => c.get(`/api/classes/${t.classId}`),
  },
  {
    route: 'PUT /api/classes/:classId',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshClass,
    call: (c, t) =>
      c.put(`/api/classes/${t.classId}`, {
        class_name: 'Renamed class',
        description: null,
        teacher_id: people.teacher.user.user_id,
        start_date: '2030-05-01',
        end_date: '2030-08-01',
      }),
  },
  {
    route: 'DELETE /api/classes/:classId',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshClass,
    call: (c, t) => c.delete(`/api/classes/${t.classId}`),
  },
  {
    route: 'GET /api/classes/:classId/students',
    scopes: CLASS_ROUTES,
    allow: { teacher: ['same'], staff: ALL, admin: ALL },
    call: (c, t) => c.get(`/api/classes/${t.classId}/students`),
    check: (body, who, t) => {
      noSecrets(body);
      if (who === 'teacher') expect(t.classId).toBe(shared.same.classId);
    },
  },
  {
    route: 'GET /api/classes/:classId/student-options',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    call: (c, t) => c.get(`/api/classes/${t.classId}/student-options`),
  },
  {
    route: 'POST /api/classes/:classId/students',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: async (scope) => {
      const made = await freshClass(scope);
      const newcomer = await createAccount(server, admin, 'student');
      return { ...made, studentId: newcomer.user.user_id };
    },
    call: (c, t) => c.post(`/api/classes/${t.classId}/students`, { student_ids: [t.studentId] }),
  },
  {
    route: 'DELETE /api/classes/:classId/students/:studentId',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshClass,
    call: (c, t) => c.delete(`/api/classes/${t.classId}/students/${t.studentId}`),
  },
  // Lessons.
  {
    route: 'GET /api/classes/:classId/schedules',
    scopes: CLASS_ROUTES,
    allow: { student: ['same'], teacher: ['same'], staff: ALL, admin: ALL, parent: ['same'] },
    call: (c, t) => c.get(`/api/classes/${t.classId}/schedules`),
    check: startUrlsOnlyForStaffRoles,
  },
  {
    route: 'POST /api/classes/:classId/schedules',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshClass,
    call: (c, t) =>
      c.post(`/api/classes/${t.classId}/schedules`, {
        topic: 'Extra lesson',
        start_time: '2030-06-01T02:00:00Z',
        end_time: '2030-06-01T03:00:00Z',
      }),
  },
  {
    route: 'GET /api/schedules',
    scopes: ['-'],
    allow: { teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.get('/api/schedules'),
  },
  {
    route: 'GET /api/schedules/week',
    scopes: ['-'],
    allow: { teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.get('/api/schedules/week'),
  },
  {
    route: 'PATCH /api/schedules/:scheduleId',
    scopes: CLASS_ROUTES,
    allow: { teacher: ['same'], admin: ALL },
    fresh: freshClass,
    call: (c, t) => c.patch(`/api/schedules/${t.scheduleId}`, { topic: 'New topic' }),
  },
  {
    route: 'DELETE /api/schedules/:scheduleId',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshClass,
    call: (c, t) => c.delete(`/api/schedules/${t.scheduleId}`),
  },
  {
    route: 'POST /api/schedules/:scheduleId/move',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshClass,
    // The same start, half the length: a move that clashes with nothing.
    call: async (c, t) => {
      const lessons = (await admin.get(`/api/classes/${t.classId}/schedules`)).body.items;
      const start: string = lessons[0].start_time;
      const end = new Date(Date.parse(start) + 30 * 60_000).toISOString();
      return c.post(`/api/schedules/${t.scheduleId}/move`, { start_time: start, end_time: end });
    },
  },
  {
    route: 'POST /api/schedules/:scheduleId/cancel',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshClass,
    call: (c, t) => c.post(`/api/schedules/${t.scheduleId}/cancel`, { reason: 'Nghỉ lễ' }),
  },
  {
    route: 'PUT /api/schedules/:scheduleId/substitute',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshClass,
    // The teacher who does not teach the class covers it (each fresh lesson has its own hour).
    call: (c, t) => {
      const sameClass = t.studentId !== people.otherStudent.user.user_id;
      const substitute = sameClass ? people.otherTeacher : people.teacher;
      return c.put(`/api/schedules/${t.scheduleId}/substitute`, {
        teacher_id: substitute.user.user_id,
      });
    },
    check: (body, _who, t) => expect(body.schedule_id).toBe(t.scheduleId),
  },
  {
    route: 'POST /api/classes/:classId/schedule-series/preview',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    call: (c, t) => c.post(`/api/classes/${t.classId}/schedule-series/preview`, oneLessonSeries()),
  },
  {
    route: 'POST /api/classes/:classId/schedule-series',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshClass,
    call: (c, t) => c.post(`/api/classes/${t.classId}/schedule-series`, oneLessonSeries()),
  },
  {
    route: 'PATCH /api/schedules/:scheduleId/following',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshSeries,
    call: (c, t) =>
      c.patch(`/api/schedules/${t.scheduleId}/following`, { topic_pattern: 'Bài {n}' }),
  },
  {
    route: 'DELETE /api/schedules/:scheduleId/following',
    scopes: CLASS_ROUTES,
    allow: STAFF_ROLES,
    fresh: freshSeries,
    call: (c, t) => c.delete(`/api/schedules/${t.scheduleId}/following`),
  },
  // Attendance: the class's teacher, admin and staff see and mark it; a student sees their own.
  {
    route: 'GET /api/schedules/:scheduleId/attendance',
    scopes: CLASS_ROUTES,
    allow: { teacher: ['same'], staff: ALL, admin: ALL },
    call: (c, t) => c.get(`/api/schedules/${t.scheduleId}/attendance`),
  },
  {
    route: 'PUT /api/schedules/:scheduleId/attendance/:studentId',
    scopes: CLASS_ROUTES,
    allow: { teacher: ['same'], staff: ALL, admin: ALL },
    call: (c, t) =>
      c.put(`/api/schedules/${t.scheduleId}/attendance/${t.studentId}`, { status: 'present' }),
  },
  {
    // Marks those with no status yet: Zoom reports every student of these running lessons.
    route: 'POST /api/schedules/:scheduleId/attendance/all-present',
    scopes: CLASS_ROUTES,
    allow: { teacher: ['same'], staff: ALL, admin: ALL },
    call: (c, t) => c.post(`/api/schedules/${t.scheduleId}/attendance/all-present`),
  },
  {
    route: 'GET /api/classes/:classId/attendance',
    scopes: CLASS_ROUTES,
    allow: { teacher: ['same'], staff: ALL, admin: ALL },
    call: (c, t) => c.get(`/api/classes/${t.classId}/attendance`),
  },
  {
    route: 'GET /api/classes/:classId/attendance/export',
    scopes: CLASS_ROUTES,
    allow: { teacher: ['same'], staff: ALL, admin: ALL },
    call: (c, t) => c.get(`/api/classes/${t.classId}/attendance/export?format=csv`),
  },
  {
    // A student's attendance across their classes: admin and staff (who manage students).
    route: 'GET /api/users/:userId/attendance',
    scopes: ['same', 'other'],
    allow: STAFF_ROLES,
    call: (c, t) => c.get(`/api/users/${t.userId}/attendance`),
  },
  {
    route: 'GET /api/attendance/me',
    scopes: ['-'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.get('/api/attendance/me'),
  },
  {
    route: 'GET /api/dashboard',
    scopes: ['-'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    call: (c) => c.get('/api/dashboard'),
    check: startUrlsOnlyForStaffRoles,
  },
];
