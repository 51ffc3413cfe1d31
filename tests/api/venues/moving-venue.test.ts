// One lesson moved to another room, onto its class's link or back to Zoom (issue 25 point 4,
// docs/decisions/020): the venue is checked as a new lesson's is (a room in use, the class's link
// present), a room taken at that time is refused with the other lesson named and nothing changes,
// the lesson keeps its venue when the move names none, and asking for what it already has changes
// nothing (no notice to the class).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount, snapshot } from '../../helpers/factories.ts';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/test-server.ts';
import { addLesson, createRoom, createVenueClass, MEET } from './venue-school.ts';

// 09:00 in Ho Chi Minh City on 10 March 2030.
const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let server: TestServer;
let admin: TestClient;
let staff: Account;
let teacherA: Account;
let teacherB: Account;

beforeAll(async () => {
  server = await startTestServer({ clock });
  admin = await server.admin();
  staff = await createAccount(server, admin, 'staff');
  teacherA = await createAccount(server, admin, 'teacher');
  teacherB = await createAccount(server, admin, 'teacher');
});
afterAll(() => server.close());

const move = (client: TestClient, scheduleId: string, body: Record<string, unknown>) =>
  client.post(`/api/schedules/${scheduleId}/move`, body);

const at = (start: string, minutes = 60) => ({
  start_time: start,
  end_time: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
});

describe('moving one lesson to another venue', () => {
  test('to a room, then onto the link, then back to Zoom, each shown on the lesson', async () => {
    const room = await createRoom(admin, 'P.201');
    const klass = await createVenueClass(admin, teacherA.user.user_id, {
      default_venue: 'zoom',
      meeting_link: MEET,
    });
    const lesson = await addLesson(admin, klass.class_id, '2030-03-20T02:00:00Z');
    expect(lesson.body).toMatchObject({ venue: 'zoom', room: null });
    const id = lesson.body.schedule_id as string;

    const toRoom = await move(staff.client, id, {
      ...at('2030-03-20T02:00:00Z'),
      venue: 'room',
      room_id: room.room_id,
    });
    expect(toRoom.status, toRoom.text).toBe(200);
    expect(toRoom.body).toMatchObject({
      venue: 'room',
      room: { room_id: room.room_id, name: 'P.201' },
      start_time: '2030-03-20T02:00:00.000Z',
    });

    // A later move that names no venue keeps the room.
    const later = await move(staff.client, id, at('2030-03-20T04:00:00Z'));
    expect(later.body).toMatchObject({ venue: 'room', room: { name: 'P.201' } });

    const toLink = await move(admin, id, { ...at('2030-03-20T04:00:00Z'), venue: 'link' });
    expect(toLink.status, toLink.text).toBe(200);
    expect(toLink.body).toMatchObject({ venue: 'link', room: null });

    const toZoom = await move(admin, id, { ...at('2030-03-20T04:00:00Z'), venue: 'zoom' });
    expect(toZoom.body).toMatchObject({ venue: 'zoom', room: null });
  });

  test('a room taken at the new time is refused with the other lesson named; nothing changes', async () => {
    const room = await createRoom(admin, 'P.202');
    const busy = await createVenueClass(
      admin,
      teacherA.user.user_id,
      { default_venue: 'room', default_room_id: room.room_id },
      { class_name: 'Lớp bận phòng' },
    );
    const mover = await createVenueClass(admin, teacherB.user.user_id, {
      default_venue: 'zoom',
    });
    expect((await addLesson(admin, busy.class_id, '2030-03-21T02:00:00Z')).status).toBe(201);
    const lesson = await addLesson(admin, mover.class_id, '2030-03-21T07:00:00Z');
    const id = lesson.body.schedule_id as string;

    const before = await snapshot(server, ['schedules', 'notifications']);
    const clash = await move(staff.client, id, {
      ...at('2030-03-21T02:30:00Z'),
      venue: 'room',
      room_id: room.room_id,
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({
      code: 'ROOM_CLASH',
      field: 'room_id',
      params: { class: 'Lớp bận phòng', start: '09:00 21/03/2030', end: '10:00 21/03/2030' },
    });
    expect(await snapshot(server, ['schedules', 'notifications'])).toEqual(before);

    // The same room right after the other lesson is free.
    const after = await move(staff.client, id, {
      ...at('2030-03-21T03:00:00Z'),
      venue: 'room',
      room_id: room.room_id,
    });
    expect(after.status, after.text).toBe(200);
  });

  test('a venue a new lesson could not take is refused: no link, an archived or unknown room', async () => {
    const noLink = await createVenueClass(admin, teacherA.user.user_id, { default_venue: 'zoom' });
    const lesson = await addLesson(admin, noLink.class_id, '2030-03-22T02:00:00Z');
    const id = lesson.body.schedule_id as string;
    const archived = await createRoom(admin, 'P.203');
    expect((await admin.delete(`/api/rooms/${archived.room_id}`)).status).toBe(200);

    const before = await snapshot(server, ['schedules']);
    const link = await move(staff.client, id, { ...at('2030-03-22T02:00:00Z'), venue: 'link' });
    expect(link.status).toBe(409);
    expect(link.body).toMatchObject({ code: 'VENUE_LINK_MISSING', field: 'venue' });
    const old = await move(staff.client, id, {
      ...at('2030-03-22T02:00:00Z'),
      venue: 'room',
      room_id: archived.room_id,
    });
    expect(old.status).toBeGreaterThanOrEqual(400);
    expect(old.status).toBeLessThan(500);
    expect(old.body.field).toBe('room_id');
    const unknown = await move(staff.client, id, {
      ...at('2030-03-22T02:00:00Z'),
      venue: 'room',
      room_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.body.field).toBe('room_id');
    const noRoom = await move(staff.client, id, { ...at('2030-03-22T02:00:00Z'), venue: 'room' });
    expect(noRoom.body).toMatchObject({ code: 'VENUE_ROOM_REQUIRED', field: 'room_id' });
    expect(await snapshot(server, ['schedules'])).toEqual(before);
  });

  test('the same times and the same venue again change nothing and tell no one', async () => {
    const room = await createRoom(admin, 'P.204');
    const klass = await createVenueClass(admin, teacherB.user.user_id, {
      default_venue: 'room',
      default_room_id: room.room_id,
    });
    const lesson = await addLesson(admin, klass.class_id, '2030-03-23T02:00:00Z');
    const id = lesson.body.schedule_id as string;
    const before = await snapshot(server, ['schedules', 'notifications']);
    const same = await move(staff.client, id, {
      ...at('2030-03-23T02:00:00Z'),
      venue: 'room',
      room_id: room.room_id,
    });
    expect(same.status).toBe(200);
    expect(await snapshot(server, ['schedules', 'notifications'])).toEqual(before);

    // Only the venue changes: the lesson is moved (its calendar sequence rises, the teacher is told).
    const online = await move(staff.client, id, { ...at('2030-03-23T02:00:00Z'), venue: 'zoom' });
    expect(online.body).toMatchObject({ venue: 'zoom', room: null });
    const told = await teacherB.client.get('/api/notifications');
    expect(JSON.stringify(told.body)).toContain(id);
  });
});
