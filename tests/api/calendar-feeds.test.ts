// Private calendar feeds: each user's lessons as iCalendar at a URL with a random token, read back
// with a real parser (ical.js, Mozilla's, as Thunderbird uses); changes keep the UID and raise the
// SEQUENCE; revoking stops the old URL; never a Zoom link or password.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../helpers/clock.ts';
import type { Account } from '../helpers/factories.ts';
import { putLessonMeeting } from '../helpers/lesson-meeting.ts';
import { createClass, createLesson, startSchool } from '../helpers/school.ts';
import type { TestClient, TestServer } from '../helpers/test-server.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let server: TestServer;
let admin: TestClient;
let teacher: Account;
let otherTeacher: Account;
let student: Account;
let outsider: Account;
let classId: string;
let otherClassId: string;
/** Each person's feed URL, as the reply that made it gave it (it is never shown again). */
const urls: Record<string, string> = {};
const CLASS_NAME = 'IELTS 7.0, buổi tối; nâng cao – Lớp học dành cho học viên đã đạt 6.5 trở lên';

beforeAll(async () => {
  ({ server, admin, teacher, otherTeacher, student, outsider, classId } = await startSchool({
    clock,
    names: { className: CLASS_NAME, teacher: 'Thầy Nam' },
  }));
  otherClassId = (await createClass(admin, otherTeacher.user.user_id, { class_name: 'TOEIC' }))
    .class_id;
});
afterAll(() => server.close());

async function subscribe(client: TestClient) {
  const created = await client.post('/api/profile/calendar-feed');
  expect(created.status, created.text).toBe(201);
  return created.body.url as string;
}

/** Fetches a feed as a calendar app would (no cookie) and parses it. */
async function readFeed(url: string) {
  const response = await fetch(url);
  const text = await response.text();
  if (response.status !== 200) return { status: response.status, text, events: [] };
  expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  // RFC 5545: CRLF line ends, no line over 75 octets.
  for (const line of text.split('\r\n')) {
    expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  }
  expect(text.endsWith('\r\n')).toBe(true);
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      description: event.description,
      url: String(vevent.getFirstPropertyValue('url')),
      tzid: vevent.getFirstProperty('dtstart')?.getParameter('tzid'),
      localStart: event.startDate.toString(),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
    };
  });
  return { status: 200, text, events, name: calendar.getFirstPropertyValue('x-wr-calname') };
}

describe('calendar feeds', () => {
  test('a teacher subscribes: the feed lists their lessons in the center time zone, with a link back', async () => {
    const none = await teacher.client.get('/api/profile/calendar-feed');
    // The test server has no PUBLIC_ORIGIN: calendar apps could not reach it, and it says so.
    expect(none.body).toEqual({ exists: false, created_at: null, reachable_from_internet: false });
    const url = await subscribe(teacher.client);
    urls.teacher = url;
    expect(url).toMatch(/^http:\/\/[^/]+\/api\/calendar\/[\w-]{43}\.ics$/);
    // Shown once: afterwards the profile says that a link exists, never the link.
    const after = await teacher.client.get('/api/profile/calendar-feed');
    expect(after.body).toEqual({
      exists: true,
      created_at: clock.now().toISOString(),
      reachable_from_internet: false,
    });
    expect(after.text).not.toContain(url.split('/').at(-1)!.replace('.ics', ''));

    const lesson = await createLesson(
      admin,
      classId,
      '2030-03-12T02:00:00Z',
      90,
      'Speaking, part 2',
    );
    await createLesson(admin, otherClassId, '2030-03-12T02:00:00Z', 60, 'Not theirs');
    // A running lesson's meeting links and password are in the database, never in a feed.
    await putLessonMeeting(server.server.ctx.database.db, lesson.schedule_id, {
      external_id: '123',
      join: { join_url: 'https://zoom.example/j/123?pwd=secret-join' },
      secret: {
        start_url: 'https://zoom.example/s/123?zak=secret-zak',
        password: 'secret-password',
      },
      created_at: new Date().toISOString(),
    });

    const feed = await readFeed(url);
    expect(feed.name).toBe('Edu Center – Thầy Nam');
    expect(feed.events).toHaveLength(1);
    const [event] = feed.events;
    expect(event).toMatchObject({
      uid: `${lesson.schedule_id}@edu-center`,
      summary: `${CLASS_NAME} – Speaking, part 2`,
      tzid: 'Asia/Ho_Chi_Minh',
      localStart: '2030-03-12T09:00:00',
      start: '2030-03-12T02:00:00.000Z',
      end: '2030-03-12T03:30:00.000Z',
    });
    expect(event!.url).toMatch(/^http:\/\/[^/]+\/dashboard$/);
    expect(event!.description).toContain(`Lớp: ${CLASS_NAME}`);
    expect(event!.description).toContain('Giáo viên: Thầy Nam');
    expect(feed.text).not.toMatch(/zoom|secret|pwd/i);

    // The feed's own words follow its owner's language.
    await teacher.client.put('/api/profile/language', { language: 'en' });
    const english = await readFeed(url);
    await teacher.client.put('/api/profile/language', { language: 'vi' });
    expect(english.events[0]!.description).toBe(
      [
        `Class: ${CLASS_NAME}`,
        'Topic: Speaking, part 2',
        'Teacher: Thầy Nam',
        `Edu Center: ${event!.url}`,
      ].join('\n'),
    );
  });

  test('a student gets the lessons of their classes; admin every lesson, or one class', async () => {
    urls.student = await subscribe(student.client);
    const studentFeed = await readFeed(urls.student);
    expect(studentFeed.events.map((e) => e.summary)).toEqual([`${CLASS_NAME} – Speaking, part 2`]);
    urls.outsider = await subscribe(outsider.client);
    const outsiderFeed = await readFeed(urls.outsider);
    expect(outsiderFeed.events).toEqual([]);
    const adminUrl = await subscribe(admin);
    expect((await readFeed(adminUrl)).events.map((e) => e.summary).sort()).toEqual([
      `${CLASS_NAME} – Speaking, part 2`,
      'TOEIC – Not theirs',
    ]);
    const oneClass = await readFeed(`${adminUrl}?class=${otherClassId}`);
    expect(oneClass.events.map((e) => e.summary)).toEqual(['TOEIC – Not theirs']);
    // A class the owner cannot see stays empty, whatever the query says.
    const notTheirs = await readFeed(`${urls.teacher}?class=${otherClassId}`);
    expect(notTheirs.events).toEqual([]);
  });

  test('a changed lesson keeps its UID with a higher SEQUENCE; a deleted one leaves the feed', async () => {
    const url = urls.teacher!;
    const before = await readFeed(url);
    const lessonId = before.events[0]!.uid.replace('@edu-center', '');
    clock.advance(5_000);
    const changed = await admin.patch(`/api/schedules/${lessonId}`, { topic: 'Speaking, part 3' });
    expect(changed.status).toBe(200);
    const after = await readFeed(url);
    expect(after.events[0]!.uid).toBe(before.events[0]!.uid);
    expect(after.events[0]!.sequence).toBeGreaterThan(before.events[0]!.sequence);
    expect(after.events[0]!.summary).toBe(`${CLASS_NAME} – Speaking, part 3`);

    const extra = await createLesson(admin, classId, '2030-03-14T02:00:00Z');
    expect((await readFeed(url)).events).toHaveLength(2);
    await admin.delete(`/api/schedules/${extra.schedule_id}`);
    expect((await readFeed(url)).events.map((e) => e.uid)).toEqual([before.events[0]!.uid]);
  });

  test('a new URL replaces the old one; a revoked one answers 404; a deactivated user has none', async () => {
    const old = urls.student!;
    const renewed = await subscribe(student.client);
    expect(renewed).not.toBe(old);
    expect((await readFeed(old)).status).toBe(404);
    expect((await readFeed(renewed)).status).toBe(200);

    const revoked = await student.client.delete('/api/profile/calendar-feed');
    expect(revoked.body).toEqual({
      exists: false,
      created_at: null,
      reachable_from_internet: false,
      code: 'CALENDAR_FEED_REVOKED',
    });
    const gone = await readFeed(renewed);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.text).code).toBe('CALENDAR_FEED_NOT_FOUND');

    const outsiderUrl = urls.outsider!;
    expect((await admin.delete(`/api/users/${outsider.user.user_id}`)).status).toBe(200);
    expect((await readFeed(outsiderUrl)).status).toBe(404);
    expect((await readFeed(`${outsiderUrl.slice(0, -4)}`)).status).toBe(404);
  });

  test('new links asked for at once leave one working link, never an error', async () => {
    const replies = await Promise.all(
      [1, 2, 3, 4].map(() => teacher.client.post('/api/profile/calendar-feed')),
    );
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    // Exactly one of the four links works: the last one written.
    const working: string[] = [];
    for (const reply of replies) {
      if ((await readFeed(reply.body.url)).status === 200) working.push(reply.body.url);
    }
    expect(working).toHaveLength(1);
  });

  test('signed out, the feed settings answer 401', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/profile/calendar-feed')).status).toBe(401);
    expect((await anonymous.post('/api/profile/calendar-feed')).status).toBe(401);
    expect((await anonymous.delete('/api/profile/calendar-feed')).status).toBe(401);
  });
});

// biome-ignore lint/suspicious/noControlCharactersInRegex: what a feed must never hold
const FORBIDDEN_IN_TEXT = /[\u0000-\u0008\u000b-\u000c\u000e-\u001f\u007f]/;
const CONTROLS = ['\u0007', '\u001b', '\u007f', '\u000b'];

describe('control characters (issue 30 finding 5)', () => {
  test('names and topics written with them before they were refused still make a valid feed', async () => {
    const { db } = server.server.ctx.database;
    const dirty = await createClass(admin, teacher.user.user_id, { class_name: 'Lớp bẩn' });
    const lesson = await createLesson(admin, dirty.class_id, '2030-03-13T02:00:00Z', 60, 'Topic');
    // As rows an older version let in: straight into the database.
    await db
      .updateTable('classes')
      .set({ class_name: 'Lớp\u0007 b\u001bẩn\u000b' })
      .where('class_id', '=', dirty.class_id)
      .execute();
    await db
      .updateTable('schedules')
      .set({ topic: 'Bell\u0007 esc\u001b[31m del\u007f vt\u000b end', cancel_reason: 'x\u0007' })
      .where('schedule_id', '=', lesson.schedule_id)
      .execute();
    await db
      .updateTable('users')
      .set({ full_name: 'Thầy\u0007 Nam' })
      .where('user_id', '=', teacher.user.user_id)
      .execute();
    const url = await subscribe(teacher.client);
    urls.teacher = url;
    const feed = await readFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.text).not.toMatch(FORBIDDEN_IN_TEXT);
    const event = feed.events.find((e) => e.uid === `${lesson.schedule_id}@edu-center`)!;
    expect(event.summary).toBe('Lớp bẩn – Bell esc[31m del vt end');
    expect(event.description).toContain('Giáo viên: Thầy Nam');
    for (const e of feed.events) {
      expect(e.summary).not.toMatch(FORBIDDEN_IN_TEXT);
      expect(e.description).not.toMatch(FORBIDDEN_IN_TEXT);
    }
    expect(feed.name).toBe('Edu Center – Thầy Nam');
    await db
      .updateTable('users')
      .set({ full_name: 'Thầy Nam' })
      .where('user_id', '=', teacher.user.user_id)
      .execute();
  });

  test('topics, class names, names, rooms and series refuse them with a 400 and write nothing', async () => {
    const lessonsBefore = (await admin.get(`/api/classes/${classId}/schedules`)).body.items.length;
    for (const bad of CONTROLS) {
      const attempts = [
        admin.post(`/api/classes/${classId}/schedules`, {
          topic: `Speaking${bad}`,
          description: null,
          start_time: '2030-03-20T02:00:00Z',
          end_time: '2030-03-20T03:00:00Z',
        }),
        admin.post('/api/classes', {
          class_name: `Lớp${bad}`,
          teacher_id: teacher.user.user_id,
          start_date: '2030-03-01',
          end_date: '2030-06-30',
        }),
        admin.post('/api/users', {
          email: `x${Date.now()}@test.local`,
          full_name: `Bé${bad}Na`,
          role: 'student',
        }),
        admin.post('/api/rooms', { name: `Phòng${bad}`, capacity: 10, note: null }),
        admin.post(`/api/classes/${classId}/schedule-series`, {
          topic_pattern: `Bài {n}${bad}`,
        }),
        teacher.client.patch('/api/profile', { full_name: `Thầy${bad}` }),
      ];
      for (const reply of await Promise.all(attempts)) {
        expect(reply.status, reply.text).toBe(400);
        expect(reply.body.code).toBe('TEXT_INVALID_CHARACTERS');
        expect(['topic', 'class_name', 'full_name', 'name', 'topic_pattern']).toContain(
          reply.body.field,
        );
      }
    }
    expect((await admin.get(`/api/classes/${classId}/schedules`)).body.items.length).toBe(
      lessonsBefore,
    );
    expect((await admin.get('/api/rooms')).body.items).toEqual([]);
    // A line break in a description stays allowed.
    const note = await admin.post(`/api/classes/${classId}/schedules`, {
      topic: 'Two lines',
      description: 'Line 1\nLine 2\twith a tab',
      start_time: '2030-03-21T02:00:00Z',
      end_time: '2030-03-21T03:00:00Z',
    });
    expect(note.status, note.text).toBe(201);
  });
});
