// The authorization matrix's rows for materials and the Library (issue 29 point 3,
// docs/decisions/038-materials.md): whoever sees the class sees its materials and opens their files;
// its teacher, admin and staff attach; who attached, admin and staff delete; the Library is the
// students' and teachers' (and parents'), not admin's or staff's.

import { expect } from 'vitest';
import { PDF, uploadMaterial } from '../../helpers/materials.ts';
import { ALL, CLASS_ROUTES, people, type Row, type Scope, STAFF_ROLES, shared } from './world.ts';

const materialIds: Partial<Record<'same' | 'other', Promise<string>>> = {};

/** The shared class's one file (made once, by its first cell, by the class's teacher). */
function materialOf(scope: Scope): Promise<string> {
  const place = scope === 'other' ? 'other' : 'same';
  materialIds[place] ??= attachedBy(place);
  return materialIds[place];
}

async function attachedBy(place: 'same' | 'other') {
  const teacher = place === 'same' ? people.teacher : people.otherTeacher;
  const added = await uploadMaterial(
    teacher.client,
    `/api/classes/${shared[place].classId}/materials`,
    {
      bytes: PDF,
      name: 'Bài đọc.pdf',
    },
  );
  expect(added.status, added.text).toBe(201);
  return added.body.material.material_id as string;
}

// A parent reaches their child's classes' materials ('same': the world's parent's child is there).
const CLASS_PEOPLE = {
  student: ['same'],
  teacher: ['same'],
  parent: ['same'],
  ...STAFF_ROLES,
} as Row['allow'];
const ATTACHERS = { teacher: ['same'], ...STAFF_ROLES } as Row['allow'];
const file = () => ({ bytes: PDF, name: 'tài liệu.pdf', type: 'application/pdf' });
const link = { title: 'Luyện nghe', url: 'https://example.com/listening' };

export const materialRows: Row[] = [
  {
    route: 'GET /api/classes/:classId/materials',
    scopes: CLASS_ROUTES,
    allow: CLASS_PEOPLE,
    fresh: async (scope) => {
      await materialOf(scope);
      return {};
    },
    call: (c, t) => c.get(`/api/classes/${t.classId}/materials`),
    check: (body) => expect(body.items.length).toBeGreaterThan(0),
  },
  {
    route: 'GET /api/schedules/:scheduleId/materials',
    scopes: CLASS_ROUTES,
    allow: CLASS_PEOPLE,
    call: (c, t) => c.get(`/api/schedules/${t.scheduleId}/materials`),
    check: (body) => expect(body).toHaveProperty('items'),
  },
  {
    route: 'POST /api/classes/:classId/materials',
    scopes: CLASS_ROUTES,
    allow: ATTACHERS,
    call: (c, t) => uploadMaterial(c, `/api/classes/${t.classId}/materials`, file()),
    check: (body) => expect(body.material.kind).toBe('file'),
  },
  {
    route: 'POST /api/schedules/:scheduleId/materials',
    scopes: CLASS_ROUTES,
    allow: ATTACHERS,
    call: (c, t) => uploadMaterial(c, `/api/schedules/${t.scheduleId}/materials`, file()),
    check: (body, _who, t) => expect(body.material.schedule_id).toBe(t.scheduleId),
  },
  {
    route: 'POST /api/classes/:classId/material-links',
    scopes: CLASS_ROUTES,
    allow: ATTACHERS,
    call: (c, t) => c.post(`/api/classes/${t.classId}/material-links`, link),
    check: (body) => expect(body.material.kind).toBe('link'),
  },
  {
    route: 'POST /api/schedules/:scheduleId/material-links',
    scopes: CLASS_ROUTES,
    allow: ATTACHERS,
    call: (c, t) => c.post(`/api/schedules/${t.scheduleId}/material-links`, link),
    check: (body, _who, t) => expect(body.material.schedule_id).toBe(t.scheduleId),
  },
  {
    route: 'DELETE /api/materials/:materialId',
    scopes: CLASS_ROUTES,
    // Each cell its own material, attached by the class's teacher: theirs to delete, and staff's.
    allow: ATTACHERS,
    fresh: async (scope) => ({ accountId: await attachedBy(scope === 'other' ? 'other' : 'same') }),
    call: (c, t) => c.delete(`/api/materials/${t.accountId}`),
  },
  {
    route: 'GET /api/materials/:materialId/file',
    scopes: CLASS_ROUTES,
    allow: CLASS_PEOPLE,
    // The material's id rides in the target's accountId (a free slot of the target).
    fresh: async (scope) => ({ accountId: await materialOf(scope) }),
    call: (c, t) => c.get(`/api/materials/${t.accountId}/file`),
    check: (body) => expect(String(body)).toContain('%PDF'),
  },
  {
    route: 'GET /api/library',
    scopes: ['-'],
    allow: { student: ALL, teacher: ALL, parent: ALL },
    call: (c) => c.get('/api/library'),
    check: (body) => expect(body).toHaveProperty('classes'),
  },
];
