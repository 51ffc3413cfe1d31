// The authorization matrix's rows for parents' accounts and links (issue 29,
// docs/decisions/036-parents.md): admin and staff list parents, list a student's parents, add a
// parent, link and unlink one; teachers, students and parents themselves are refused every one.

import { expect } from 'vitest';
import { uniqueEmail } from '../../helpers/factories.ts';
import { admin, type Row, STAFF_ROLES } from './world.ts';

/** A student of no class, made for one cell (links are limited to two per student). */
async function freshStudent() {
  const made = await admin.post('/api/users', {
    email: uniqueEmail('child'),
    full_name: 'Con',
    role: 'student',
  });
  expect(made.status, made.text).toBe(201);
  return made.body.user.user_id as string;
}
/** A parent's account, not linked to anyone. */
async function freshParent() {
  const made = await admin.post('/api/users', {
    email: uniqueEmail('parent'),
    full_name: 'Phụ huynh',
    role: 'parent',
  });
  expect(made.status, made.text).toBe(201);
  return made.body.user.user_id as string;
}
const newParent = () => ({ full_name: 'Phụ huynh mới', email: uniqueEmail('parent') });

export const parentRows: Row[] = [
  {
    route: 'GET /api/parents',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) => c.get('/api/parents'),
    check: (body) => {
      expect(body.items.length).toBeGreaterThan(0);
      expect(Array.isArray(body.items[0].children)).toBe(true);
    },
  },
  {
    route: 'GET /api/students/:studentId/parents',
    scopes: ['same', 'other'],
    allow: STAFF_ROLES,
    call: (c, t) => c.get(`/api/students/${t.studentId}/parents`),
    check: (body) => expect(Array.isArray(body.items)).toBe(true),
  },
  {
    route: 'POST /api/students/:studentId/parents',
    scopes: ['-'],
    allow: STAFF_ROLES,
    fresh: async () => ({ studentId: await freshStudent() }),
    call: (c, t) => c.post(`/api/students/${t.studentId}/parents`, newParent()),
    check: (body) => expect(body.password).toMatch(/^\d{6}$/),
  },
  {
    route: 'PUT /api/students/:studentId/parents/:parentId',
    scopes: ['-'],
    allow: STAFF_ROLES,
    // userId: the parent to link.
    fresh: async () => ({ studentId: await freshStudent(), userId: await freshParent() }),
    call: (c, t) => c.put(`/api/students/${t.studentId}/parents/${t.userId}`, {}),
    check: (body) => expect(body.linked).toBe(true),
  },
  {
    route: 'DELETE /api/students/:studentId/parents/:parentId',
    scopes: ['-'],
    allow: STAFF_ROLES,
    fresh: async () => {
      const studentId = await freshStudent();
      const made = await admin.post(`/api/students/${studentId}/parents`, newParent());
      expect(made.status, made.text).toBe(201);
      return { studentId, userId: made.body.parent.user_id as string };
    },
    call: (c, t) => c.delete(`/api/students/${t.studentId}/parents/${t.userId}`),
  },
];
