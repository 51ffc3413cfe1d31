// A class's default venue (docs/decisions/019-rooms-and-links.md) and what its lessons take from
// it: Zoom unless said, a room (a default room in use), or the link it keeps (a full https
// address). A lesson, one or a series, takes the class's default unless the dialog chose another.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { snapshot } from '../../helpers/factories.ts';
import { refusal } from '../../helpers/replies.ts';
import { classFields, type School, startSchool } from '../../helpers/school.ts';
import { addLesson, createRoom, createVenueClass, MEET } from './venue-school.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: School;

beforeAll(async () => {
  school = await startSchool({ clock });
});
afterAll(() => school.server.close());

const classBody = (venue: Record<string, unknown>) => ({
  ...classFields({ class_name: 'Lớp địa điểm' }),
  teacher_id: school.teacher.user.user_id,
  ...venue,
});

describe("a class's default venue", () => {
  test.each([
    [{ default_venue: 'room' }, 'VENUE_ROOM_REQUIRED', 'default_room_id'],
    [{ default_venue: 'room', default_room_id: null }, 'VENUE_ROOM_REQUIRED', 'default_room_id'],
    [{ default_venue: 'link', meeting_link: '' }, 'VENUE_LINK_REQUIRED', 'meeting_link'],
    [{ default_venue: 'teams' }, 'VALIDATION', 'default_venue'],
    [{ meeting_link: 'http://meet.google.com/abc' }, 'VENUE_LINK_INVALID', 'meeting_link'],
    [{ meeting_link: 'javascript:alert(1)' }, 'VENUE_LINK_INVALID', 'meeting_link'],
    [{ meeting_link: 'meet.google.com/abc-defg-hij' }, 'VENUE_LINK_INVALID', 'meeting_link'],
    [{ meeting_link: 'https://user:pw@meet.example.com/x' }, 'VENUE_LINK_INVALID', 'meeting_link'],
    [{ meeting_link: 'https://localhost/room' }, 'VENUE_LINK_INVALID', 'meeting_link'],
    [
      { meeting_link: `https://meet.jit.si/${'a'.repeat(500)}` },
      'VENUE_LINK_INVALID',
      'meeting_link',
    ],
  ])('%j is refused with %s and nothing is written', async (venue, code, field) => {
    const before = await snapshot(school.server, ['classes']);
    const response = await school.staff.client.post('/api/classes', classBody(venue));
    expect(response.status).toBe(400);
    expect(refusal(response.body).code).toBe(code);
    expect(response.body.field).toBe(field);
    expect(await snapshot(school.server, ['classes'])).toEqual(before);
  });

  test('a room that does not exist or is archived is refused', async () => {
    const archived = await createRoom(school.admin, 'Kho');
    await school.admin.patch(`/api/rooms/${archived.room_id}`, { archived: true });
    for (const roomId of [archived.room_id, '5f0c1a0e-0000-4000-8000-000000000000']) {
      const response = await school.admin.post(
        '/api/classes',
        classBody({ default_venue: 'room', default_room_id: roomId }),
      );
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ code: 'ROOM_NOT_AVAILABLE', field: 'default_room_id' });
    }
  });

  test('Zoom unless said; an update that leaves the venue out keeps it; Teams and Jitsi links are taken', async () => {
    const plain = await school.admin.post('/api/classes', classBody({}));
    expect(plain.body).toMatchObject({
      default_venue: 'zoom',
      default_room: null,
      meeting_link: null,
    });
    const teams = 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0';
    const made = await school.admin.post(
      '/api/classes',
      classBody({ default_venue: 'link', meeting_link: ` ${teams} ` }),
    );
    expect(made.body).toMatchObject({ default_venue: 'link', meeting_link: teams });
    const renamed = await school.admin.put(`/api/classes/${made.body.class_id}`, {
      ...classBody({}),
      class_name: 'Đổi tên',
    });
    expect(renamed.body).toMatchObject({
      class_name: 'Đổi tên',
      default_venue: 'link',
      meeting_link: teams,
    });
    const jitsi = await school.admin.put(`/api/classes/${made.body.class_id}`, {
      ...classBody({ meeting_link: 'https://meet.jit.si/EduCenter-IELTS' }),
    });
    expect(jitsi.body.meeting_link).toBe('https://meet.jit.si/EduCenter-IELTS');
  });
});

describe("lessons take the class's default", () => {
  test('one lesson and a series in a room class are held in its room; the dialog may choose another venue', async () => {
    const room = await createRoom(school.admin, 'P.701');
    const klass = await createVenueClass(school.admin, school.teacher.user.user_id, {
      default_venue: 'room',
      default_room_id: room.room_id,
      meeting_link: MEET,
    });
    const inRoom = await addLesson(school.staff.client, klass.class_id, '2030-04-01T02:00:00Z');
    expect(inRoom.body).toMatchObject({
      venue: 'room',
      room: { room_id: room.room_id, name: 'P.701' },
    });
    const onLink = await addLesson(school.staff.client, klass.class_id, '2030-04-02T02:00:00Z', {
      venue: 'link',
    });
    expect(onLink.body).toMatchObject({ venue: 'link', room: null });
    expect(onLink.text).not.toContain('meet.google.com');
    const series = await school.staff.client.post(
      `/api/classes/${klass.class_id}/schedule-series`,
      {
        topic_pattern: 'Unit {n}',
        weekdays: [5],
        start_time: '09:00',
        first_date: '2030-04-05',
        count: 2,
      },
    );
    expect(series.status, series.text).toBe(201);
    const onZoom = await school.staff.client.post(
      `/api/classes/${klass.class_id}/schedule-series`,
      {
        topic_pattern: 'Online {n}',
        weekdays: [6],
        start_time: '09:00',
        first_date: '2030-04-06',
        count: 2,
        venue: 'zoom',
      },
    );
    expect(onZoom.status, onZoom.text).toBe(201);
    const lessons = (await school.admin.get(`/api/classes/${klass.class_id}/schedules`)).body.items;
    const where = lessons.map(
      (l: { topic: string; venue: string; room: { name: string } | null }) => [
        l.topic.split(' ')[0],
        l.venue,
        l.room?.name ?? null,
      ],
    );
    expect(where).toEqual([
      ['Speaking', 'room', 'P.701'],
      ['Speaking', 'link', null],
      ['Unit', 'room', 'P.701'],
      ['Online', 'zoom', null],
      ['Unit', 'room', 'P.701'],
      ['Online', 'zoom', null],
    ]);
  });

  test('a lesson on the link of a class with none, or in a room with none chosen, is refused', async () => {
    const klass = await createVenueClass(school.admin, school.teacher.user.user_id, {});
    const before = await snapshot(school.server, ['schedules']);
    const noLink = await addLesson(school.admin, klass.class_id, '2030-04-10T02:00:00Z', {
      venue: 'link',
    });
    expect(noLink.status).toBe(409);
    expect(noLink.body).toMatchObject({ code: 'VENUE_LINK_MISSING', field: 'venue' });
    const noRoom = await addLesson(school.admin, klass.class_id, '2030-04-10T02:00:00Z', {
      venue: 'room',
    });
    expect(noRoom.status).toBe(400);
    expect(noRoom.body).toMatchObject({ code: 'VENUE_ROOM_REQUIRED', field: 'room_id' });
    const preview = await school.admin.post(
      `/api/classes/${klass.class_id}/schedule-series/preview`,
      {
        topic_pattern: 'Unit {n}',
        weekdays: [1],
        start_time: '09:00',
        first_date: '2030-04-15',
        count: 2,
        venue: 'link',
      },
    );
    expect(preview.body.code).toBe('VENUE_LINK_MISSING');
    expect(await snapshot(school.server, ['schedules'])).toEqual(before);
  });

  test('the link cannot be removed while lessons still wait to be held on it', async () => {
    const klass = await createVenueClass(school.admin, school.teacher.user.user_id, {
      meeting_link: MEET,
    });
    const lesson = await addLesson(school.admin, klass.class_id, '2030-04-20T02:00:00Z', {
      venue: 'link',
    });
    const cleared = { ...classBody({ meeting_link: null }), class_name: 'Không link' };
    const refused = await school.admin.put(`/api/classes/${klass.class_id}`, cleared);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VENUE_LINK_REQUIRED', field: 'meeting_link' });
    await school.admin.delete(`/api/schedules/${lesson.body.schedule_id}`);
    const done = await school.admin.put(`/api/classes/${klass.class_id}`, cleared);
    expect(done.body).toMatchObject({ meeting_link: null, default_venue: 'zoom' });
  });
});
