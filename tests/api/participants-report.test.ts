// Attendance Zoom can confirm (issue 28 point 5, docs/decisions/035): a few minutes after a Zoom
// lesson ends the participants report is read, page after page, and reconciled with the stays the
// webhooks recorded: the report's times win, a lost join is filled in, a rejoin is a second stay,
// a student without a customer key is found by e-mail, a mark by hand still wins. A rate limit is
// waited out by the clock (never a call before Retry-After), a report not ready is read later, a
// plan without reports keeps the webhooks' attendance and says so, and two servers on one
// database read a lesson's report once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  MAX_REPORT_ATTEMPTS,
  REPORT_DELAY_MS,
  REPORT_RETRY_MS,
  runAttendanceReports,
} from '#server/features/attendance/provider-report.ts';
import { zoomEnv } from '../fakes/zoom-emulator.ts';
import { reportRow } from '../fakes/zoom-emulator-reports.ts';
import { TestClock } from '../helpers/clock.ts';
import { type Account, createAccount } from '../helpers/factories.ts';
import { createClass, createLesson, enrol } from '../helpers/school.ts';
import { startTestServer, type TestClient, type TestServer } from '../helpers/test-server.ts';
import { startZoomSchool, type ZoomServer } from '../helpers/zoom-school.ts';
import { deliverWebhook } from '../helpers/zoom-webhook.ts';

const MINUTE = 60_000;
const clock = new TestClock(Date.parse('2030-03-12T01:00:00Z'));
let school: ZoomServer;
let server: TestServer;
let admin: TestClient;
let teacher: Account;
const students: Account[] = [];
let classId: string;

const run = (on: TestServer = server) => runAttendanceReports(on.server.ctx, on.server.app.log);
const reportCalls = (meetingId: string) =>
  school.zoom.calls.filter((c) => c.path.startsWith(`/report/meetings/${meetingId}/participants`))
    .length;
const at = (hhmm: string) => `2030-03-12T${hhmm}:00Z`;

beforeAll(async () => {
  school = await startZoomSchool({ cast: false, clock, jobs: false });
  ({ server, admin } = school);
  teacher = await createAccount(server, admin, 'teacher', { full_name: 'Cô Hoa' });
  for (const name of ['An', 'Bình', 'Chi', 'Dũng', 'Em']) {
    students.push(await createAccount(server, admin, 'student', { full_name: name }));
  }
  classId = (await createClass(admin, teacher.user.user_id, { class_name: 'Zoom 1' })).class_id;
  await enrol(
    admin,
    classId,
    students.map((s) => s.user.user_id),
  );
});
afterAll(() => school.close());

/** A Zoom lesson of 60 minutes from `start` ('HH:MM' UTC): started, its webhooks sent, ended. */
async function holdLesson(start: string, webhooks: unknown[] = []) {
  clock.set(Date.parse(at(start)) - 30 * MINUTE);
  const lessonId = (await createLesson(admin, classId, at(start), 60, `Lesson ${start}`))
    .schedule_id;
  clock.set(Date.parse(at(start)) - 5 * MINUTE);
  const started = await teacher.client.post(`/api/schedules/${lessonId}/start`);
  expect(started.status, started.text).toBe(200);
  const meetingId = String(started.body.launch.meetingNumber);
  for (const body of webhooks) {
    const delivered = await deliverWebhook(server, clock, withMeeting(body, meetingId));
    expect(delivered.status).toBe(200);
  }
  clock.set(Date.parse(at(start)) + 60 * MINUTE);
  const ended = await teacher.client.post(`/api/schedules/${lessonId}/end`);
  expect(ended.status, ended.text).toBe(200);
  return { lessonId, meetingId, endedAt: clock.now().getTime() };
}

const withMeeting = (body: unknown, meetingId: string) => {
  const b = body as { payload: { object: Record<string, unknown> } };
  return { ...b, payload: { object: { ...b.payload.object, id: meetingId } } };
};

/** A stay as Zoom's webhooks tell it: a join, and a leave when given. */
function webhookStay(student: Account, key: string, join: string, leave?: string) {
  const participant = {
    customer_key: student.user.user_id,
    participant_uuid: key,
    user_id: key,
    join_time: join,
    ...(leave ? { leave_time: leave } : {}),
  };
  return [
    { event: 'meeting.participant_joined', payload: { object: { participant } } },
    ...(leave ? [{ event: 'meeting.participant_left', payload: { object: { participant } } }] : []),
  ];
}

const attendanceOf = async (lessonId: string) => {
  const reply = await teacher.client.get(`/api/schedules/${lessonId}/attendance`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body as {
    provider_report: { state: string; reconciled_at: string | null } | null;
    students: {
      full_name: string;
      first_join: string | null;
      last_leave: string | null;
      minutes: number;
      reported_status: string | null;
      status: string | null;
      by_hand: boolean;
    }[];
  };
};

const staysOf = (lessonId: string, student: Account) =>
  server.server.ctx.database.db
    .selectFrom('attendance')
    .select(['joined_at', 'left_at', 'participant_key'])
    .where('schedule_id', '=', lessonId)
    .where('student_id', '=', student.user.user_id)
    .orderBy('joined_at')
    .execute();

describe('a lesson reconciled with the report', () => {
  let lesson: Awaited<ReturnType<typeof holdLesson>>;

  beforeAll(async () => {
    const [an, binh, chi, dung, em] = students as [Account, Account, Account, Account, Account];
    lesson = await holdLesson('02:00', [
      // An: the webhooks say 02:05-02:30 (a leave sent early); the report says 01:58-03:00.
      ...webhookStay(an, 'an-1', at('02:05'), at('02:30')),
      // Bình's join never arrived. Chi came once by the webhooks, and rejoined.
      ...webhookStay(chi, 'chi-1', at('02:00'), at('02:20')),
      // Em came for 10 minutes; the teacher marks her excused by hand below.
      ...webhookStay(em, 'em-1', at('02:00'), at('02:10')),
    ]);
    const marked = await teacher.client.put(
      `/api/schedules/${lesson.lessonId}/attendance/${em.user.user_id}`,
      { status: 'excused' },
    );
    expect(marked.status, marked.text).toBe(200);
    school.zoom.meetings.get(lesson.meetingId)!.participants = [
      reportRow({ id: 'host', name: 'Cô Hoa', join_time: at('01:55'), leave_time: at('03:00') }),
      reportRow({
        id: 'p-an',
        name: 'An',
        customer_key: an.user.user_id,
        join_time: at('01:58'),
        leave_time: at('03:00'),
      }),
      reportRow({
        id: 'p-binh',
        name: 'Bình',
        customer_key: binh.user.user_id,
        join_time: at('02:00'),
        leave_time: at('03:00'),
      }),
      reportRow({
        id: 'p-chi',
        name: 'Chi',
        customer_key: chi.user.user_id,
        join_time: at('02:00'),
        leave_time: at('02:20'),
      }),
      reportRow({
        id: 'p-chi',
        name: 'Chi',
        customer_key: chi.user.user_id,
        join_time: at('02:25'),
        leave_time: at('03:00'),
      }),
      // Dũng came in through the Zoom app: no customer key, his e-mail (another case).
      reportRow({
        id: 'p-dung',
        name: 'Dung (Zoom app)',
        user_email: dung.email.toUpperCase(),
        join_time: at('02:12'),
        leave_time: at('03:00'),
      }),
      reportRow({
        id: 'p-em',
        name: 'Em',
        customer_key: em.user.user_id,
        join_time: at('02:00'),
        leave_time: at('03:00'),
      }),
      // A guest the center does not know, and one with someone else's key: nobody of the class.
      reportRow({
        id: '',
        name: 'Khách',
        user_email: 'guest@example.com',
        join_time: at('02:00'),
        leave_time: at('02:30'),
      }),
      reportRow({
        id: 'p-teacher',
        name: 'Cô Hoa',
        customer_key: teacher.user.user_id,
        join_time: at('02:00'),
        leave_time: at('02:30'),
      }),
    ];
  });

  test('before the delay nothing is asked of Zoom and the lesson says the report is awaited', async () => {
    // Just ended, before any run: awaited already.
    expect((await attendanceOf(lesson.lessonId)).provider_report).toEqual({
      state: 'pending',
      reconciled_at: null,
    });
    clock.set(lesson.endedAt + REPORT_DELAY_MS - MINUTE);
    expect(await run()).toBe(0);
    expect(reportCalls(lesson.meetingId)).toBe(0);
    expect((await attendanceOf(lesson.lessonId)).provider_report).toEqual({
      state: 'pending',
      reconciled_at: null,
    });
  });

  test('then the report is read over its pages and wins: times, a lost join, a rejoin, an e-mail, a hand mark kept', async () => {
    clock.set(lesson.endedAt + REPORT_DELAY_MS);
    expect(await run()).toBe(1);
    // Nine rows, two a page in the emulator: five pages.
    expect(reportCalls(lesson.meetingId)).toBe(5);
    const body = await attendanceOf(lesson.lessonId);
    expect(body.provider_report).toEqual({
      state: 'done',
      reconciled_at: new Date(lesson.endedAt + REPORT_DELAY_MS).toISOString(),
    });
    expect(
      body.students.map((s) => [
        s.full_name,
        s.first_join,
        s.last_leave,
        s.minutes,
        s.reported_status,
        s.status,
        s.by_hand,
      ]),
    ).toEqual([
      [
        'An',
        '2030-03-12T01:58:00.000Z',
        '2030-03-12T03:00:00.000Z',
        60,
        'present',
        'present',
        false,
      ],
      [
        'Bình',
        '2030-03-12T02:00:00.000Z',
        '2030-03-12T03:00:00.000Z',
        60,
        'present',
        'present',
        false,
      ],
      [
        'Chi',
        '2030-03-12T02:00:00.000Z',
        '2030-03-12T03:00:00.000Z',
        55,
        'present',
        'present',
        false,
      ],
      ['Dũng', '2030-03-12T02:12:00.000Z', '2030-03-12T03:00:00.000Z', 48, 'late', 'late', false],
      [
        'Em',
        '2030-03-12T02:00:00.000Z',
        '2030-03-12T03:00:00.000Z',
        60,
        'present',
        'excused',
        true,
      ],
    ]);
    // Chi's rejoin is a second stay; An's webhook stay was replaced by the report's.
    expect(
      (await staysOf(lesson.lessonId, students[2]!)).map((s) => [s.joined_at, s.left_at]),
    ).toEqual([
      ['2030-03-12T02:00:00.000Z', '2030-03-12T02:20:00.000Z'],
      ['2030-03-12T02:25:00.000Z', '2030-03-12T03:00:00.000Z'],
    ]);
    const an = await staysOf(lesson.lessonId, students[0]!);
    expect(an).toHaveLength(1);
    expect(an[0]!.participant_key).toMatch(/^report:/);
    // Nobody outside the class got a stay.
    const all = await server.server.ctx.database.db
      .selectFrom('attendance')
      .select('student_id')
      .where('schedule_id', '=', lesson.lessonId)
      .execute();
    expect(new Set(all.map((r) => r.student_id))).toEqual(
      new Set(students.map((s) => s.user.user_id)),
    );
  });

  test('read once: a later run asks nothing, and a webhook Zoom retries afterwards adds no stay', async () => {
    clock.advance(30 * MINUTE);
    expect(await run()).toBe(0);
    expect(reportCalls(lesson.meetingId)).toBe(5);
    const retried = await deliverWebhook(
      server,
      clock,
      withMeeting(webhookStay(students[0]!, 'an-late-retry', at('02:40'))[0], lesson.meetingId),
    );
    expect(retried.status).toBe(200);
    expect(await staysOf(lesson.lessonId, students[0]!)).toHaveLength(1);
  });
});

describe("Zoom's refusals", () => {
  test('a 429 is waited out by its Retry-After: no call before it, the other lessons wait too, then both are read', async () => {
    const lesson = await holdLesson('03:30');
    const other = await holdLesson('04:40');
    for (const [held, from, to] of [
      [lesson, '03:30', '04:30'],
      [other, '04:40', '05:40'],
    ] as const) {
      school.zoom.meetings.get(held.meetingId)!.participants = [
        reportRow({
          id: 'p-an',
          name: 'An',
          customer_key: students[0]!.user.user_id,
          join_time: at(from),
          leave_time: at(to),
        }),
      ];
    }
    school.zoom.report.rateLimit = { times: 1, retryAfter: '120' };
    // Both are due; the first asked is refused, and the run stops there.
    const due = other.endedAt + REPORT_DELAY_MS;
    clock.set(due);
    expect(await run()).toBe(0);
    expect(reportCalls(lesson.meetingId)).toBe(1);
    expect(reportCalls(other.meetingId)).toBe(0);
    expect((await attendanceOf(lesson.lessonId)).provider_report!.state).toBe('pending');
    // The other lesson waits for the next run; the refused one for its Retry-After.
    clock.set(due + 119_000);
    expect(await run()).toBe(1);
    expect(reportCalls(lesson.meetingId)).toBe(1);
    expect(reportCalls(other.meetingId)).toBe(1);
    clock.set(due + 120_000);
    expect(await run()).toBe(1);
    expect(reportCalls(lesson.meetingId)).toBe(2);
    for (const held of [lesson, other]) {
      const body = await attendanceOf(held.lessonId);
      expect(body.provider_report!.state).toBe('done');
      expect(body.students[0]).toMatchObject({ full_name: 'An', status: 'present', minutes: 60 });
    }
  });

  test('a report not ready yet is asked for again later; one never ready is given up on, the webhooks kept', async () => {
    const lesson = await holdLesson('06:00', [
      ...webhookStay(students[1]!, 'binh-w', at('06:00'), at('07:00')),
    ]);
    school.zoom.meetings.get(lesson.meetingId)!.participants = [];
    school.zoom.report.notReady = MAX_REPORT_ATTEMPTS + 5;
    let now = lesson.endedAt + REPORT_DELAY_MS;
    clock.set(now);
    await run();
    expect(reportCalls(lesson.meetingId)).toBe(1);
    clock.set(now + REPORT_RETRY_MS - 1000);
    await run();
    expect(reportCalls(lesson.meetingId)).toBe(1);
    for (let attempt = 2; attempt <= MAX_REPORT_ATTEMPTS + 2; attempt++) {
      now += REPORT_RETRY_MS;
      clock.set(now);
      await run();
    }
    expect(reportCalls(lesson.meetingId)).toBe(MAX_REPORT_ATTEMPTS);
    // Hours of retries later: read by an admin signed in now.
    const fresh = await server.admin();
    const body = (await fresh.get(`/api/schedules/${lesson.lessonId}/attendance`)).body;
    expect(body.provider_report).toEqual({ state: 'failed', reconciled_at: null });
    expect(body.students[1]).toMatchObject({ full_name: 'Bình', minutes: 60, status: 'present' });
    school.zoom.report.notReady = 0;
  });

  test('a plan without reports: the webhooks stay, the lesson says so, and Zoom is not asked again', async () => {
    clock.set(Date.parse('2030-03-13T01:00:00Z'));
    teacher.client = server.client();
    await teacher.client.login(teacher.email, teacher.password);
    const start = Date.parse('2030-03-13T02:00:00Z');
    const lessonId = (await createLesson(admin, classId, new Date(start).toISOString(), 60))
      .schedule_id;
    const fresh = await server.admin();
    clock.set(start - 5 * MINUTE);
    const started = await teacher.client.post(`/api/schedules/${lessonId}/start`);
    expect(started.status, started.text).toBe(200);
    const meetingId = String(started.body.launch.meetingNumber);
    for (const body of webhookStay(
      students[0]!,
      'an-w',
      '2030-03-13T02:00:00Z',
      '2030-03-13T02:40:00Z',
    )) {
      await deliverWebhook(server, clock, withMeeting(body, meetingId));
    }
    clock.set(start + 60 * MINUTE);
    expect((await teacher.client.post(`/api/schedules/${lessonId}/end`)).status).toBe(200);
    school.zoom.report.notOnPlan = true;
    try {
      clock.advance(REPORT_DELAY_MS);
      await run();
      expect(reportCalls(meetingId)).toBe(1);
      const body = (await fresh.get(`/api/schedules/${lessonId}/attendance`)).body;
      expect(body.provider_report).toEqual({ state: 'unavailable', reconciled_at: null });
      expect(body.students[0]).toMatchObject({
        full_name: 'An',
        first_join: '2030-03-13T02:00:00.000Z',
        last_leave: '2030-03-13T02:40:00.000Z',
        minutes: 40,
        status: 'present',
      });
      clock.advance(2 * REPORT_RETRY_MS);
      await run();
      expect(reportCalls(meetingId)).toBe(1);
    } finally {
      school.zoom.report.notOnPlan = false;
    }
  });
});

describe('two servers on one database', () => {
  test("both run the job at once: the lesson's report is read once", async () => {
    clock.set(Date.parse('2030-03-14T01:00:00Z'));
    teacher.client = server.client();
    await teacher.client.login(teacher.email, teacher.password);
    admin = await server.admin();
    const start = Date.parse('2030-03-14T02:00:00Z');
    const lessonId = (await createLesson(admin, classId, new Date(start).toISOString(), 60))
      .schedule_id;
    clock.set(start - 5 * MINUTE);
    const started = await teacher.client.post(`/api/schedules/${lessonId}/start`);
    expect(started.status, started.text).toBe(200);
    const meetingId = String(started.body.launch.meetingNumber);
    school.zoom.meetings.get(meetingId)!.participants = students.map((s, i) =>
      reportRow({
        id: `p-${i}`,
        name: s.user.full_name,
        customer_key: s.user.user_id,
        join_time: new Date(start).toISOString(),
        leave_time: new Date(start + 60 * MINUTE).toISOString(),
      }),
    );
    clock.set(start + 60 * MINUTE);
    expect((await teacher.client.post(`/api/schedules/${lessonId}/end`)).status).toBe(200);
    const second = await startTestServer({
      database: server.database,
      clock,
      env: zoomEnv(school.zoom),
      jobs: false,
    });
    try {
      clock.advance(REPORT_DELAY_MS);
      const reads = await Promise.all([run(), run(second), run(), run(second)]);
      expect(reads.reduce((a, b) => a + b, 0)).toBe(1);
      // Five rows, two a page: three pages, read once.
      expect(reportCalls(meetingId)).toBe(3);
      const rows = await server.server.ctx.database.db
        .selectFrom('attendance')
        .select('student_id')
        .where('schedule_id', '=', lessonId)
        .execute();
      expect(rows).toHaveLength(5);
    } finally {
      await second.close();
    }
  });
});
