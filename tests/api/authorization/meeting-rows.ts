// The authorization matrix's rows for live lessons, the Zoom account pool and the realtime channel.

import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { openEventStream } from '../../helpers/event-stream.ts';
import {
  ALL,
  admin,
  CLASS_ROUTES,
  freshClass,
  noStartUrl,
  type Row,
  STAFF_ROLES,
  server,
  zoom,
} from './world.ts';

export const meetingRows: Row[] = [
  // Meetings.
  {
    route: 'POST /api/schedules/:scheduleId/start',
    scopes: CLASS_ROUTES,
    allow: { teacher: ['same'], staff: ALL, admin: ALL },
    fresh: freshClass,
    call: (c, t) => c.post(`/api/schedules/${t.scheduleId}/start`),
  },
  {
    route: 'POST /api/schedules/:scheduleId/join',
    scopes: CLASS_ROUTES,
    allow: { student: ['same'], teacher: ['same'], admin: ALL },
    call: (c, t) => c.post(`/api/schedules/${t.scheduleId}/join`),
    check: noStartUrl,
  },
  {
    route: 'POST /api/schedules/:scheduleId/end',
    scopes: CLASS_ROUTES,
    allow: { teacher: ['same'], admin: ALL },
    fresh: async (scope) => {
      const made = await freshClass(scope);
      const started = await admin.post(`/api/schedules/${made.scheduleId}/start`);
      expect(started.status, started.text).toBe(200);
      return made;
    },
    call: (c, t) => c.post(`/api/schedules/${t.scheduleId}/end`),
  },
  {
    route: 'GET /api/schedules/:scheduleId/zoom-account',
    scopes: CLASS_ROUTES,
    allow: { student: ['same'], teacher: ['same'], staff: ALL, admin: ALL },
    call: (c, t) => c.get(`/api/schedules/${t.scheduleId}/zoom-account`),
  },
  {
    route: 'GET /api/schedules/:scheduleId/meeting-keys',
    variant: 'host: the ZAK',
    scopes: CLASS_ROUTES,
    // Whoever may start the lesson (start_meeting: admin, staff, the class's teacher).
    allow: { teacher: ['same'], staff: ALL, admin: ALL },
    call: (c, t) => c.get(`/api/schedules/${t.scheduleId}/meeting-keys?role=1`),
    check: (body) => expect(body.zak).toMatch(/^zak-/),
  },
  {
    route: 'GET /api/schedules/:scheduleId/meeting-keys',
    variant: 'participant: the customer key',
    scopes: CLASS_ROUTES,
    allow: { student: ['same'], teacher: ['same'], admin: ALL },
    call: (c, t) => c.get(`/api/schedules/${t.scheduleId}/meeting-keys?role=0`),
    check: (body) => expect(body.zak).toBeUndefined(),
  },
  {
    route: 'GET /api/zoom/web-sdk',
    scopes: ['-'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL },
    call: (c) => c.get('/api/zoom/web-sdk'),
  },
  // Zoom account pool.
  {
    route: 'GET /api/zoom-accounts',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) => c.get('/api/zoom-accounts'),
  },
  {
    route: 'POST /api/zoom-accounts/sync',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.post('/api/zoom-accounts/sync'),
  },
  {
    route: 'POST /api/zoom-accounts',
    scopes: ['-'],
    allow: { admin: ALL },
    fresh: async () => {
      zoom.addUsers(1, `fresh-${randomUUID().slice(0, 6)}`);
      return {};
    },
    call: (c) => {
      const user = zoom.users.at(-1)!;
      return c.post('/api/zoom-accounts', { users: [{ id: user.id, email: user.email }] });
    },
  },
  {
    route: 'DELETE /api/zoom-accounts/:accountId',
    scopes: ['-'],
    allow: { admin: ALL },
    fresh: async () => {
      zoom.addUsers(1, `gone-${randomUUID().slice(0, 6)}`);
      const user = zoom.users.at(-1)!;
      await admin.post('/api/zoom-accounts', { users: [{ id: user.id, email: user.email }] });
      const row = await server.server.ctx.database.db
        .selectFrom('zoom_accounts')
        .select('zoom_account_id')
        .where('zoom_user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      return { accountId: row.zoom_account_id };
    },
    call: (c, t) => c.delete(`/api/zoom-accounts/${t.accountId}`),
  },
  {
    route: 'POST /api/zoom-accounts/:accountId/release',
    scopes: ['-'],
    allow: { admin: ALL },
    fresh: async () => {
      // An account left busy with no lesson on it.
      zoom.addUsers(1, `stuck-${randomUUID().slice(0, 6)}`);
      const user = zoom.users.at(-1)!;
      await admin.post('/api/zoom-accounts', { users: [{ id: user.id, email: user.email }] });
      const { db } = server.server.ctx.database;
      await db
        .updateTable('zoom_accounts')
        .set({ is_busy: true })
        .where('zoom_user_id', '=', user.id)
        .execute();
      const row = await db
        .selectFrom('zoom_accounts')
        .select('zoom_account_id')
        .where('zoom_user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      return { accountId: row.zoom_account_id };
    },
    call: (c, t) => c.post(`/api/zoom-accounts/${t.accountId}/release`),
  },
  {
    route: 'POST /api/zoom/connection-check',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.post('/api/zoom/connection-check'),
  },
  // Settings → Zoom: the credentials, never sent back (docs/decisions/024).
  {
    route: 'GET /api/zoom/settings',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.get('/api/zoom/settings'),
  },
  {
    route: 'PATCH /api/zoom/settings',
    scopes: ['-'],
    allow: { admin: ALL },
    // Nothing to change: an allowed caller gets the connection check's verdict.
    call: (c) => c.patch('/api/zoom/settings', {}),
  },
  // The realtime channel: an allowed caller gets the stream open.
  {
    route: 'GET /api/events',
    scopes: ['-'],
    allow: { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL },
    call: async (c) => {
      const stream = await openEventStream(server.baseUrl, c.cookie);
      stream.close();
      // A refusal is an ordinary JSON reply; an open stream never ends by itself.
      if (stream.status !== 200) return c.get('/api/events');
      return { status: stream.status, body: null, text: '', headers: new Headers() };
    },
  },
];
