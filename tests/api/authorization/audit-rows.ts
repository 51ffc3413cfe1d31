// The authorization matrix's rows for the audit log (issue 30, docs/decisions/041-audit-log.md):
// the admin alone reads it, exports it, reads a record's history and sets how long it is kept.

import { expect } from 'vitest';
import { ALL, type Row } from './world.ts';

const ADMIN_ONLY = { admin: ALL } as const;

export const auditRows: Row[] = [
  {
    route: 'GET /api/audit',
    scopes: ['-'],
    allow: ADMIN_ONLY,
    call: (c) => c.get('/api/audit'),
    check: (body) => expect(Array.isArray(body.items)).toBe(true),
  },
  {
    route: 'GET /api/audit/export',
    scopes: ['-'],
    allow: ADMIN_ONLY,
    call: (c) => c.get('/api/audit/export?format=csv'),
  },
  {
    route: 'GET /api/audit/records/:type/:id',
    scopes: ['-'],
    allow: ADMIN_ONLY,
    call: (c) => c.get('/api/audit/records/class/00000000-0000-4000-8000-000000000000'),
  },
  {
    route: 'GET /api/audit/retention',
    scopes: ['-'],
    allow: ADMIN_ONLY,
    call: (c) => c.get('/api/audit/retention'),
  },
  {
    route: 'PUT /api/audit/retention',
    scopes: ['-'],
    allow: ADMIN_ONLY,
    call: (c) => c.put('/api/audit/retention', { days: 730 }),
  },
];
