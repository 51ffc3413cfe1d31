// Two lessons in one room at once are refused like a teacher's clash (docs/decisions/019): a new
// lesson with ROOM_CLASH naming the other lesson's class and times, a series' preview marking the
// clashing lessons, a series refusing or skipping them; and under concurrency, as a teacher's
// time is booked, exactly one of two simultaneous bookings of the room wins.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount, snapshot } from '../../helpers/factories.ts';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/test-server.ts';
import { addLesson, createRoom, createVenueClass } from './venue-school.ts';

// 09:00 in Ho Chi Minh City on 10 March 2030.
const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let server: TestServer;
let admin: TestClient;
let staff: Account;
const teachers: Account[] = [];

beforeAll(async () => {
  server = await startTestServer({ clock });
  admin = await server.admin();
  staff = await createAccount(server, admin, 'staff');
  for (let i = 0; i < 6; i++) teachers.push(await createAccount(server, admin, 'teacher'));
});
afterAll(() => server.close());

let classCount = 0;
/** A class of its own teacher (so only the room can clash), held in `roomId` by default. */
async function roomClass(teacher: Account, roomId?: string) {
  classCount += 1;
  return createVenueClass(
    admin,
    teacher.user.user_id,
    roomId ? { default_venue: 'room', default_room_id: roomId } : {},
    { class_name: `Lớp ${classCount}` },
  );
}

describe('one lesson', () => {
  test('a second lesson in the room at the same time is refused with the other lesson named', async () => {
    const room = await createRoom(admin, 'P.401');
    const first = await roomClass(teachers[0]!, room.room_id);
    const second = await roomClass(teachers[1]!);
    const booked = await addLesson(admin, first.class_id, '2030-03-20T02:00:00Z');
    expect(booked.body).toMatchObject({ venue: 'room', room: { name: 'P.401' } });

    const before = await snapshot(server, ['schedules']);
    const clash = await staff.client.post(`/api/classes/${second.class_id}/schedules`, {
      topic: 'Reading',
      start_time: '2030-03-20T02:30:00Z',
      end_time: '2030-03-20T03:30:00Z',
      venue: 'room',
      room_id: room.room_id,
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({
      code: 'ROOM_CLASH',
      field: 'room_id',
      params: { class: first.class_name, start: '09:00 20/03/2030', end: '10:00 20/03/2030' },
    });
    expect(await snapshot(server, ['schedules'])).toEqual(before);

    // Back to back, in another room, or not in a room at all: fine.
    const other = await createRoom(admin, 'P.402');
    const third = await roomClass(teachers[2]!);
    const fourth = await roomClass(teachers[3]!);
    for (const [klass, start, venue] of [
      [second, '2030-03-20T03:00:00Z', { venue: 'room', room_id: room.room_id }],
      [third, '2030-03-20T02:30:00Z', { venue: 'room', room_id: other.room_id }],
      [fourth, '2030-03-20T02:30:00Z', { venue: 'zoom' }],
    ] as const) {
      const ok = await addLesson(admin, klass.class_id, start, venue);
      expect(ok.status, ok.text).toBe(201);
    }
  });

  test("a lesson takes its class's default room, and so clashes there", async () => {
    const room = await createRoom(admin, 'P.403');
    const a = await roomClass(teachers[0]!, room.room_id);
    const b = await roomClass(teachers[1]!, room.room_id);
    expect((await addLesson(admin, a.class_id, '2030-03-21T02:00:00Z')).status).toBe(201);
    const clash = await addLesson(admin, b.class_id, '2030-03-21T02:59:00Z');
    expect(clash.body.code).toBe('ROOM_CLASH');
    // Choosing another venue for this one lesson avoids the room.
    const online = await addLesson(admin, b.class_id, '2030-03-21T02:59:00Z', { venue: 'zoom' });
    expect(online.body).toMatchObject({ venue: 'zoom', room: null });
  });

  test("a deleted class's lessons no longer hold the room", async () => {
    const room = await createRoom(admin, 'P.404');
    const gone = await roomClass(teachers[2]!, room.room_id);
    const stays = await roomClass(teachers[3]!, room.room_id);
    expect((await addLesson(admin, gone.class_id, '2030-03-22T02:00:00Z')).status).toBe(201);
    expect((await addLesson(admin, stays.class_id, '2030-03-22T02:00:00Z')).status).toBe(409);
    expect((await admin.delete(`/api/classes/${gone.class_id}`)).status).toBe(200);
    expect((await addLesson(admin, stays.class_id, '2030-03-22T02:00:00Z')).status).toBe(201);
  });
});

describe('a series', () => {
  const series = (extra: Record<string, unknown> = {}) => ({
    topic_pattern: 'Unit {n}',
    weekdays: [1, 3],
    start_time: '09:00',
    duration_minutes: 90,
    first_date: '2030-04-01',
    count: 4,
    ...extra,
  });

  test('the preview marks the lessons whose room is taken, with the class and times in it', async () => {
    const room = await createRoom(admin, 'P.501');
    const busy = await roomClass(teachers[0]!, room.room_id);
    const planned = await roomClass(teachers[1]!, room.room_id);
    // Wednesday 3 April 10:00-11:00 in the room.
    expect((await addLesson(admin, busy.class_id, '2030-04-03T03:00:00Z')).status).toBe(201);
    const before = await snapshot(server, ['schedules']);
    const preview = await staff.client.post(
      `/api/classes/${planned.class_id}/schedule-series/preview`,
      series(),
    );
    expect(preview.status, preview.text).toBe(200);
    const marks = preview.body.lessons.map((l: { clash: string | null }) => l.clash);
    expect(marks).toEqual([null, 'room', null, null]);
    expect(preview.body.lessons[1]).toMatchObject({
      topic: null,
      clash_with: busy.class_name,
      clash_start: '2030-04-03T03:00:00.000Z',
      clash_end: '2030-04-03T04:00:00.000Z',
    });
    // Refused as a whole, like any clash; or created without it.
    const refused = await staff.client.post(`/api/classes/${planned.class_id}/schedule-series`, {
      ...series(),
      on_clash: 'refuse',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'SERIES_CLASHES', params: { count: '1' } });
    expect(await snapshot(server, ['schedules'])).toEqual(before);
    const skipped = await staff.client.post(`/api/classes/${planned.class_id}/schedule-series`, {
      ...series(),
      on_clash: 'skip',
    });
    expect(skipped.body).toMatchObject({ created: 3, skipped: 1 });
  });

  test('a series moved onto a time its room is taken changes nothing', async () => {
    const room = await createRoom(admin, 'P.502');
    const busy = await roomClass(teachers[2]!, room.room_id);
    const moving = await roomClass(teachers[3]!, room.room_id);
    await addLesson(admin, busy.class_id, '2030-04-08T06:00:00Z');
    const made = await admin.post(`/api/classes/${moving.class_id}/schedule-series`, series());
    expect(made.status, made.text).toBe(201);
    const lessons = await admin.get(`/api/classes/${moving.class_id}/schedules`);
    const before = await snapshot(server, ['schedules']);
    const moved = await admin.patch(
      `/api/schedules/${lessons.body.items[0].schedule_id}/following`,
      {
        start_time: '13:00',
      },
    );
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('SERIES_CHANGE_CLASHES');
    expect(await snapshot(server, ['schedules'])).toEqual(before);
  });
});

describe('simultaneous bookings of one room', () => {
  test('two lessons for the same room and time: exactly one wins, the other is told the room is taken', async () => {
    for (let round = 0; round < 3; round++) {
      const room = await createRoom(admin, `Race ${round}`);
      const a = await roomClass(teachers[4]!);
      const b = await roomClass(teachers[5]!);
      const start = `2030-05-0${round + 1}T02:00:00Z`;
      const venue = { venue: 'room' as const, room_id: room.room_id };
      const results = await Promise.all([
        addLesson(admin, a.class_id, start, venue),
        addLesson(staff.client, b.class_id, start, venue),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)?.body.code).toBe('ROOM_CLASH');
      const { db } = server.server.ctx.database;
      const inRoom = await db
        .selectFrom('schedules')
        .select('schedule_id')
        .where('room_id', '=', room.room_id)
        .execute();
      expect(inRoom).toHaveLength(1);
    }
  });

  test('two series for the same room and times: exactly one is created', async () => {
    const room = await createRoom(admin, 'Race series');
    const a = await roomClass(teachers[4]!, room.room_id);
    const b = await roomClass(teachers[5]!, room.room_id);
    const body = {
      topic_pattern: 'Unit {n}',
      weekdays: [2],
      start_time: '18:00',
      first_date: '2030-05-07',
      count: 3,
      on_clash: 'refuse',
    };
    const results = await Promise.all([
      admin.post(`/api/classes/${a.class_id}/schedule-series`, body),
      staff.client.post(`/api/classes/${b.class_id}/schedule-series`, body),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});
