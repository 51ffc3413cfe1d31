// The center's rooms (docs/decisions/019-rooms-and-links.md): admin and staff keep the list, anyone
// signed in reads it; names are unique whatever their case; a room in use is archived, never
// deleted; an archived room is not offered for new lessons or classes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { snapshot } from '../../helpers/factories.ts';
import { refusal } from '../../helpers/replies.ts';
import { type School, startSchool } from '../../helpers/school.ts';
import { addLesson, createRoom, createVenueClass } from './venue-school.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: School;

beforeAll(async () => {
  school = await startSchool({ clock });
});
afterAll(() => school.server.close());

describe('keeping the rooms', () => {
  test('admin and staff add, rename and archive rooms; everyone signed in reads the list', async () => {
    const { admin, staff, teacher, student } = school;
    const added = await staff.client.post('/api/rooms', { name: '  P.101 ', capacity: 20 });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ name: 'P.101', capacity: 20, note: null, archived: false });
    const roomId = added.body.room_id;

    const renamed = await admin.patch(`/api/rooms/${roomId}`, {
      name: 'P.101 (tầng 1)',
      note: 'Máy chiếu',
    });
    expect(renamed.body).toMatchObject({ name: 'P.101 (tầng 1)', capacity: 20, note: 'Máy chiếu' });

    for (const reader of [admin, staff.client, teacher.client, student.client]) {
      const list = await reader.get('/api/rooms');
      expect(list.status).toBe(200);
      expect(list.body.items.map((r: { name: string }) => r.name)).toContain('P.101 (tầng 1)');
    }
    expect((await school.server.client().get('/api/rooms')).status).toBe(401);

    const archived = await staff.client.patch(`/api/rooms/${roomId}`, { archived: true });
    expect(archived.body.archived).toBe(true);
    const list = await admin.get('/api/rooms');
    expect(list.body.items.at(-1)).toMatchObject({ room_id: roomId, archived: true });
    const restored = await admin.patch(`/api/rooms/${roomId}`, { archived: false });
    expect(restored.body.archived).toBe(false);
  });

  test('teachers and students cannot add, change or delete a room, and nothing changes', async () => {
    const room = await createRoom(school.admin, 'P.102');
    for (const who of [school.teacher, school.student]) {
      const before = await snapshot(school.server, ['rooms']);
      const calls = [
        who.client.post('/api/rooms', { name: 'P.999' }),
        who.client.patch(`/api/rooms/${room.room_id}`, { name: 'Mine' }),
        who.client.delete(`/api/rooms/${room.room_id}`),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.status).toBe(403);
        expect(response.body.code).toBe('FORBIDDEN');
      }
      expect(await snapshot(school.server, ['rooms'])).toEqual(before);
    }
  });

  test.each([
    [{}, 'ROOM_NAME_REQUIRED'],
    [{ name: '   ' }, 'ROOM_NAME_REQUIRED'],
    [{ name: 'x'.repeat(121) }, 'VALIDATION'],
    [{ name: 'P.1', capacity: 0 }, 'ROOM_CAPACITY_INVALID'],
    [{ name: 'P.1', capacity: 2.5 }, 'ROOM_CAPACITY_INVALID'],
    [{ name: 'P.1', capacity: 1001 }, 'ROOM_CAPACITY_INVALID'],
    [{ name: 'P.1', capacity: '20' }, 'ROOM_CAPACITY_INVALID'],
    [{ name: 'P.1', note: 'x'.repeat(501) }, 'VALIDATION'],
  ])('%j is refused with %s and nothing is written', async (body, code) => {
    const before = await snapshot(school.server, ['rooms']);
    const response = await school.admin.post('/api/rooms', body);
    expect(response.status).toBe(400);
    expect(refusal(response.body).code).toBe(code);
    expect(await snapshot(school.server, ['rooms'])).toEqual(before);
  });

  test('a name is taken whatever its case, on adding and on renaming', async () => {
    await createRoom(school.admin, 'Lab A');
    const again = await school.staff.client.post('/api/rooms', { name: 'lab a' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ROOM_NAME_EXISTS', params: { name: 'lab a' } });
    const other = await createRoom(school.admin, 'Lab B');
    const rename = await school.admin.patch(`/api/rooms/${other.room_id}`, { name: 'LAB A' });
    expect(rename.status).toBe(409);
    expect(rename.body.code).toBe('ROOM_NAME_EXISTS');
    // An empty change, or a room that does not exist.
    expect((await school.admin.patch(`/api/rooms/${other.room_id}`, {})).status).toBe(400);
    const missing = await school.admin.patch('/api/rooms/5f0c1a0e-0000-4000-8000-000000000000', {
      name: 'Nowhere',
    });
    expect(missing.status).toBe(404);
  });
});

describe('a room in use', () => {
  test('cannot be deleted (ROOM_IN_USE names its lessons and classes); an unused one can', async () => {
    const { admin, staff, teacher } = school;
    const used = await createRoom(admin, 'P.201');
    const klass = await createVenueClass(admin, teacher.user.user_id, {
      default_venue: 'room',
      default_room_id: used.room_id,
    });
    expect((await addLesson(admin, klass.class_id, '2030-03-20T02:00:00Z')).status).toBe(201);
    const before = await snapshot(school.server, ['rooms', 'schedules', 'classes']);
    const refused = await staff.client.delete(`/api/rooms/${used.room_id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'ROOM_IN_USE',
      params: { name: 'P.201', lessons: '1', classes: '1' },
    });
    expect(await snapshot(school.server, ['rooms', 'schedules', 'classes'])).toEqual(before);

    const unused = await createRoom(admin, 'P.202');
    const deleted = await staff.client.delete(`/api/rooms/${unused.room_id}`);
    expect(deleted.body).toEqual({ ok: true, code: 'ROOM_DELETED', params: { name: 'P.202' } });
    expect((await admin.get('/api/rooms')).text).not.toContain(unused.room_id);
  });

  test('renamed, its lessons show the new name; archived, it keeps them but takes no new ones', async () => {
    const { admin, teacher } = school;
    const room = await createRoom(admin, 'P.301');
    const klass = await createVenueClass(
      admin,
      teacher.user.user_id,
      {},
      { class_name: 'Room 301' },
    );
    const lesson = await addLesson(admin, klass.class_id, '2030-03-21T02:00:00Z', {
      venue: 'room',
      room_id: room.room_id,
    });
    expect(lesson.body).toMatchObject({ venue: 'room', room: { name: 'P.301' } });
    await admin.patch(`/api/rooms/${room.room_id}`, { name: 'P.301 mới' });
    const lessons = await teacher.client.get(`/api/classes/${klass.class_id}/schedules`);
    expect(lessons.body.items[0].room).toEqual({ room_id: room.room_id, name: 'P.301 mới' });

    await admin.patch(`/api/rooms/${room.room_id}`, { archived: true });
    const kept = await admin.get(`/api/classes/${klass.class_id}/schedules`);
    expect(kept.body.items[0].room.room_id).toBe(room.room_id);
    const before = await snapshot(school.server, ['schedules', 'classes']);
    const newLesson = await addLesson(admin, klass.class_id, '2030-03-22T02:00:00Z', {
      venue: 'room',
      room_id: room.room_id,
    });
    expect(newLesson.status).toBe(409);
    expect(newLesson.body).toMatchObject({ code: 'ROOM_NOT_AVAILABLE', field: 'room_id' });
    const asDefault = await admin.put(`/api/classes/${klass.class_id}`, {
      class_name: 'Room 301',
      teacher_id: teacher.user.user_id,
      start_date: '2030-03-01',
      end_date: '2030-06-30',
      default_venue: 'room',
      default_room_id: room.room_id,
    });
    expect(asDefault.status).toBe(409);
    expect(asDefault.body).toMatchObject({ code: 'ROOM_NOT_AVAILABLE', field: 'default_room_id' });
    expect(await snapshot(school.server, ['schedules', 'classes'])).toEqual(before);
  });
});
