// The authorization matrix's rows for the center's rooms and the venues on offer
// (docs/decisions/019-rooms-and-links.md): everyone signed in reads them; admin and staff keep
// the rooms (manage_rooms).

import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { ALL, admin, type Row, STAFF_ROLES } from './world.ts';

const SIGNED_IN = { student: ALL, teacher: ALL, staff: ALL, admin: ALL, parent: ALL } as const;

/** A room of its own for a cell that changes or deletes one. */
const freshRoom = async () => {
  const room = await admin.post('/api/rooms', { name: `Room ${randomUUID().slice(0, 8)}` });
  return { roomId: room.body.room_id as string };
};

export const roomRows: Row[] = [
  {
    route: 'GET /api/venues',
    scopes: ['-'],
    allow: SIGNED_IN,
    call: (c) => c.get('/api/venues'),
    check: (body) => expect(body.available).toEqual(['zoom', 'room', 'link']),
  },
  {
    route: 'GET /api/rooms',
    scopes: ['-'],
    allow: SIGNED_IN,
    call: (c) => c.get('/api/rooms'),
  },
  {
    route: 'POST /api/rooms',
    scopes: ['-'],
    allow: STAFF_ROLES,
    call: (c) => c.post('/api/rooms', { name: `Room ${randomUUID().slice(0, 8)}` }),
  },
  {
    route: 'PATCH /api/rooms/:roomId',
    scopes: ['-'],
    allow: STAFF_ROLES,
    fresh: freshRoom,
    call: (c, t) => c.patch(`/api/rooms/${t.roomId}`, { note: 'Máy chiếu' }),
  },
  {
    route: 'DELETE /api/rooms/:roomId',
    scopes: ['-'],
    allow: STAFF_ROLES,
    fresh: freshRoom,
    call: (c, t) => c.delete(`/api/rooms/${t.roomId}`),
  },
];
