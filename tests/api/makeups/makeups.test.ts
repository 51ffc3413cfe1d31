// Make-up lessons (issue 28 point 2, docs/decisions/032-make-up-lessons.md), on both databases:
// an excused absence earns one credit per lesson (withdrawn when un-marked, unless booked), it
// expires after the center's number of days, and it is booked once (concurrent bookings and races
// for the last seat included) into a pending lesson of another class with room and no clash; the
// visitor sees that lesson only, joins it, is marked in it; cancelling gives the credit back, and
// so does cancelling the lesson; tuition never charges the visitor for the host's lesson.
//
// The story runs in order on one school: 'Lớp A' (its lesson A1 missed on 1 April 2030) and
// 'Lớp B' (on a link, one make-up seat per lesson), 'Lớp C' (two seats), 'Lớp D' (none).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount, snapshot } from '../../helpers/factories.ts';
import { createClass, createLesson, enrol } from '../../helpers/school.ts';
import {
  ADMIN,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../helpers/test-server.ts';
import { addLesson, createVenueClass, MEET } from '../venues/venue-school.ts';

const clock = new TestClock(Date.parse('2030-04-01T00:00:00Z'));
let server: TestServer;
let admin: TestClient;
let staff: Account;
let teacherA: Account;
let teacherB: Account;
let an: Account;
let binh: Account;
let chi: Account;
let dung: Account;
let em: Account;
let gia: Account;
let bao: Account;
const classes: Record<'A' | 'B' | 'C' | 'D', string> = { A: '', B: '', C: '', D: '' };
const lessons: Record<string, string> = {};

const mark = (client: TestClient, lesson: string, student: Account, status: string | null) =>
  client.put(`/api/schedules/${lesson}/attendance/${student.user.user_id}`, { status });

async function creditsOf(student: Account) {
  const reply = await staff.client.get(`/api/users/${student.user.user_id}/makeups`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body.items as {
    credit_id: string;
    missed: { schedule_id: string; class_id: string };
    earned_at: string;
    expires_at: string;
    state: string;
    booking: { schedule_id: string } | null;
  }[];
}
const creditOf = async (student: Account) => {
  const [credit] = await creditsOf(student);
  expect(credit).toBeDefined();
  return credit!;
};
const book = (client: TestClient, creditId: string, lesson: string) =>
  client.post(`/api/makeups/${creditId}/booking`, { schedule_id: lesson });
const setOptions = async (options: Record<string, unknown>) => {
  const reply = await admin.patch('/api/center-settings/options', options);
  expect(reply.status, reply.text).toBe(200);
};
const signInAgain = async () => {
  await admin.login(ADMIN.email, ADMIN.password);
  for (const account of [staff, teacherA, teacherB, an, binh, chi, dung, em, gia, bao]) {
    await account.client.login(account.email, account.password);
  }
};

beforeAll(async () => {
  server = await startTestServer({ clock });
  admin = await server.admin();
  [staff, teacherA, teacherB] = await Promise.all([
    createAccount(server, admin, 'staff', { full_name: 'Chị Hà' }),
    createAccount(server, admin, 'teacher', { full_name: 'Cô Mai' }),
    createAccount(server, admin, 'teacher', { full_name: 'Thầy Nam' }),
  ]);
  [an, binh, chi, dung, em, gia, bao] = (await Promise.all(
    ['An', 'Bình', 'Chi', 'Dũng', 'Em', 'Gia', 'Bảo'].map((full_name) =>
      createAccount(server, admin, 'student', { full_name }),
    ),
  )) as [Account, Account, Account, Account, Account, Account, Account];
  classes.A = (await createClass(admin, teacherA.user.user_id, { class_name: 'Lớp A' })).class_id;
  const b = await createVenueClass(
    admin,
    teacherB.user.user_id,
    { default_venue: 'link', meeting_link: MEET },
    { class_name: 'Lớp B' },
  );
  classes.B = b.class_id;
  const seats = await admin.put(`/api/classes/${classes.B}`, {
    class_name: 'Lớp B',
    teacher_id: teacherB.user.user_id,
    start_date: '2030-03-01',
    end_date: '2030-06-30',
    description: null,
    makeup_seats: 1,
  });
  expect(seats.status, seats.text).toBe(200);
  expect(seats.body.makeup_seats).toBe(1);
  classes.C = (await createClass(admin, teacherB.user.user_id, { class_name: 'Lớp C' })).class_id;
  const d = await admin.post('/api/classes', {
    class_name: 'Lớp D',
    teacher_id: teacherA.user.user_id,
    start_date: '2030-03-01',
    end_date: '2030-06-30',
    description: null,
    makeup_seats: 0,
  });
  expect(d.status, d.text).toBe(201);
  classes.D = d.body.class_id;
  await enrol(
    admin,
    classes.A,
    [an, binh, chi, dung, em, gia].map((s) => s.user.user_id),
  );
  await enrol(admin, classes.B, [bao.user.user_id]);
  const at = async (name: string, klass: string, start: string) => {
    lessons[name] = (await createLesson(admin, klass, start, 60, name)).schedule_id;
  };
  await at('A1', classes.A, '2030-04-01T01:00:00Z');
  await at('A2', classes.A, '2030-04-03T02:00:00Z');
  for (const [name, start] of [
    ['B1', '2030-04-05T02:00:00Z'],
    ['B2', '2030-04-06T02:00:00Z'],
    ['B3', '2030-04-07T02:00:00Z'],
    ['Bfar', '2030-06-10T02:00:00Z'],
  ] as const) {
    const reply = await addLesson(admin, classes.B, start);
    expect(reply.status, reply.text).toBe(201);
    lessons[name] = reply.body.schedule_id;
  }
  await at('C1', classes.C, '2030-04-03T02:30:00Z');
  await at('C2', classes.C, '2030-04-08T02:00:00Z');
  await at('C3', classes.C, '2030-04-09T02:00:00Z');
  await at('D1', classes.D, '2030-04-04T02:00:00Z');
  const cancelled = await admin.post(`/api/schedules/${lessons.C3}/cancel`, { reason: 'Nghỉ' });
  expect(cancelled.status, cancelled.text).toBe(200);
  // A1 is under way: it can be marked.
  clock.set(Date.parse('2030-04-01T01:30:00Z'));
});
afterAll(() => server.close());

describe('credits', () => {
  test('an excused absence earns one credit for the class; another mark earns none', async () => {
    expect((await mark(teacherA.client, lessons.A1!, an, 'absent')).status).toBe(200);
    for (const student of [binh, chi, dung, gia]) {
      const reply = await mark(teacherA.client, lessons.A1!, student, 'excused');
      expect(reply.status, reply.text).toBe(200);
    }
    expect(await creditsOf(an)).toEqual([]);
    const credit = await creditOf(binh);
    expect(credit).toMatchObject({
      missed: { schedule_id: lessons.A1, class_id: classes.A, class_name: 'Lớp A', topic: 'A1' },
      earned_at: '2030-04-01T01:30:00.000Z',
      // 60 days (the default) from the missed lesson.
      expires_at: '2030-05-31T01:00:00.000Z',
      state: 'available',
      booking: null,
    });
    // The student reads their own.
    const mine = await binh.client.get('/api/makeups/me');
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body).toMatchObject({
      students_book: false,
      items: [{ credit_id: credit.credit_id }],
    });
  });

  test('one credit per lesson whatever the re-marks; un-marking withdraws it', async () => {
    const first = await creditOf(binh);
    await mark(teacherA.client, lessons.A1!, binh, 'excused');
    await mark(staff.client, lessons.A1!, binh, 'excused');
    expect(await creditsOf(binh)).toEqual([first]);
    for (const status of ['late', 'present', 'absent', null]) {
      expect((await mark(teacherA.client, lessons.A1!, binh, status)).status).toBe(200);
      expect(await creditsOf(binh)).toEqual([]);
    }
    await mark(teacherA.client, lessons.A1!, binh, 'excused');
    await mark(teacherA.client, lessons.A1!, binh, 'excused');
    const again = await creditsOf(binh);
    expect(again).toHaveLength(1);
    expect(again[0]!.state).toBe('available');
  });

  test("a credit's life is the center's setting (admin), from 1 to 365 days", async () => {
    const before = await snapshot(server, ['center_settings']);
    for (const days of [0, 366, 1.5, '10']) {
      const reply = await admin.patch('/api/center-settings/options', { makeup_credit_days: days });
      expect(reply.status, reply.text).toBe(400);
      expect(reply.body).toMatchObject({ code: 'VALIDATION', reason: 'MAKEUP_CREDIT_DAYS_RANGE' });
    }
    const byStaff = await staff.client.patch('/api/center-settings/options', {
      makeup_credit_days: 10,
    });
    expect(byStaff.status).toBe(403);
    expect(await snapshot(server, ['center_settings'])).toEqual(before);
    await setOptions({ makeup_credit_days: 10 });
    expect((await admin.get('/api/center-settings')).body).toMatchObject({
      makeup_credit_days: 10,
      students_book_makeups: false,
    });
    await mark(teacherA.client, lessons.A1!, em, 'excused');
    expect((await creditOf(em)).expires_at).toBe('2030-04-11T01:00:00.000Z');
    await setOptions({ makeup_credit_days: 60 });
  });
});

describe('booking', () => {
  test("a class's make-up seats: 0 to 50 whole seats, 2 unless set", async () => {
    const body = (makeup_seats: unknown) => ({
      class_name: 'Lớp B',
      teacher_id: teacherB.user.user_id,
      start_date: '2030-03-01',
      end_date: '2030-06-30',
      description: null,
      makeup_seats,
    });
    const before = await snapshot(server, ['classes']);
    for (const seats of [-1, 51, 1.5, '2', null]) {
      const reply = await admin.put(`/api/classes/${classes.B}`, body(seats));
      expect(reply.status, JSON.stringify(seats)).toBe(400);
      expect(reply.body).toMatchObject({ code: 'VALIDATION', reason: 'MAKEUP_SEATS_RANGE' });
    }
    expect(await snapshot(server, ['classes'])).toEqual(before);
    expect((await admin.get(`/api/classes/${classes.C}`)).body.makeup_seats).toBe(2);
    // Left out of an update: unchanged.
    const { makeup_seats: _left, ...kept } = body(0);
    const unchanged = await admin.put(`/api/classes/${classes.B}`, kept);
    expect(unchanged.status, unchanged.text).toBe(200);
    expect(unchanged.body.makeup_seats).toBe(1);
  });

  test('the lessons with room: pending, another class, seats left, no clash, before expiry', async () => {
    const { credit_id } = await creditOf(binh);
    const reply = await staff.client.get(`/api/makeups/${credit_id}/lessons`);
    expect(reply.status, reply.text).toBe(200);
    // Not A2 (the class missed), C1 (clashes with A2), D1 (no seats), C3 (cancelled), Bfar
    // (after the credit expires).
    expect(
      reply.body.items.map((l: { topic: string; class_name: string }) => l.class_name),
    ).toEqual(['Lớp B', 'Lớp B', 'Lớp B', 'Lớp C']);
    expect(reply.body.items.map((l: { schedule_id: string }) => l.schedule_id)).toEqual([
      lessons.B1,
      lessons.B2,
      lessons.B3,
      lessons.C2,
    ]);
    expect(reply.body.items[0]).toMatchObject({
      teacher_name: 'Thầy Nam',
      venue: 'link',
      seats_left: 1,
    });
    expect(reply.body.items[3].seats_left).toBe(2);
  });

  test('only staff and admin book, and the student their own when the center allows it', async () => {
    const { credit_id } = await creditOf(binh);
    const before = await snapshot(server, ['makeup_credits']);
    const teacher = await book(teacherA.client, credit_id, lessons.B1!);
    expect(teacher.status).toBe(403);
    const ownOff = await book(binh.client, credit_id, lessons.B1!);
    expect(ownOff.status).toBe(403);
    expect(ownOff.body.code).toBe('MAKEUP_BOOK_FORBIDDEN');
    expect((await binh.client.get(`/api/makeups/${credit_id}/lessons`)).body.code).toBe(
      'MAKEUP_BOOK_FORBIDDEN',
    );
    await setOptions({ students_book_makeups: true });
    const other = await book(chi.client, credit_id, lessons.B1!);
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('FORBIDDEN');
    expect((await chi.client.get(`/api/makeups/${credit_id}/lessons`)).status).toBe(403);
    expect((await chi.client.get(`/api/users/${binh.user.user_id}/makeups`)).status).toBe(403);
    expect((await teacherA.client.get(`/api/users/${binh.user.user_id}/makeups`)).status).toBe(403);
    const missing = await book(staff.client, randomUUID(), lessons.B1!);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('MAKEUP_CREDIT_NOT_FOUND');
    expect(await snapshot(server, ['makeup_credits'])).toEqual(before);
  });

  test('the class missed, a clash, no seats, a lesson not pending or after expiry: refused, nothing changed', async () => {
    const { credit_id } = await creditOf(binh);
    const before = await snapshot(server, ['makeup_credits']);
    const refused: [string, number, string][] = [
      [lessons.A2!, 409, 'MAKEUP_SAME_CLASS'],
      [lessons.C1!, 409, 'MAKEUP_CLASH'],
      [lessons.D1!, 409, 'MAKEUP_NO_SEATS'],
      [lessons.C3!, 409, 'MAKEUP_LESSON_NOT_PENDING'],
      [lessons.Bfar!, 409, 'MAKEUP_LESSON_AFTER_EXPIRY'],
      [randomUUID(), 404, 'NOT_FOUND'],
    ];
    for (const [lesson, status, code] of refused) {
      const reply = await book(staff.client, credit_id, lesson);
      expect([reply.status, reply.body.code], lesson).toEqual([status, code]);
    }
    const clash = await book(staff.client, credit_id, lessons.C1!);
    expect(clash.body.params).toEqual({ class: 'Lớp A' });
    const bad = await staff.client.post(`/api/makeups/${credit_id}/booking`, {
      schedule_id: 'nope',
    });
    expect(bad.status).toBe(400);
    expect(
      (await staff.client.post('/api/makeups/nope/booking', { schedule_id: lessons.B1 })).status,
    ).toBe(400);
    expect(await snapshot(server, ['makeup_credits'])).toEqual(before);
  });

  test('a credit is used once: two bookings of it at once, one 201 and one 409', async () => {
    const { credit_id } = await creditOf(chi);
    const replies = await Promise.all([
      book(chi.client, credit_id, lessons.C2!),
      book(staff.client, credit_id, lessons.B3!),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    const lost = replies.find((r) => r.status === 409)!;
    expect(lost.body.code).toBe('MAKEUP_CREDIT_USED');
    const won = replies.find((r) => r.status === 201)!;
    const credit = await creditOf(chi);
    expect(credit.state).toBe('booked');
    expect(credit.booking?.schedule_id).toBe(won.body.credit.booking.schedule_id);
    // And again, one after the other.
    const later = await book(staff.client, credit_id, lessons.B2!);
    expect([later.status, later.body.code]).toEqual([409, 'MAKEUP_CREDIT_USED']);
  });

  test('two students racing for the last seat: one wins', async () => {
    const [dungCredit, giaCredit] = [await creditOf(dung), await creditOf(gia)];
    const replies = await Promise.all([
      book(dung.client, dungCredit.credit_id, lessons.B2!),
      book(staff.client, giaCredit.credit_id, lessons.B2!),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.status === 409)!.body.code).toBe('MAKEUP_NO_SEATS');
    const booked = (await Promise.all([creditOf(dung), creditOf(gia)])).filter(
      (c) => c.booking?.schedule_id === lessons.B2,
    );
    expect(booked).toHaveLength(1);
  });

  test('the student books their own: told so, and sees the lesson, not the class', async () => {
    const { credit_id } = await creditOf(binh);
    const reply = await book(binh.client, credit_id, lessons.B1!);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({
      code: 'MAKEUP_BOOKED',
      params: { class: 'Lớp B' },
      credit: { state: 'booked', booking: { schedule_id: lessons.B1, class_name: 'Lớp B' } },
    });
    const notes = await binh.client.get('/api/notifications');
    expect(notes.body.items[0]).toMatchObject({
      type: 'makeup_booked',
      schedule_id: lessons.B1,
      params: { class_name: 'Lớp B', start_time: '2030-04-05T02:00:00.000Z' },
    });
    // Visible to them: joining it waits for its start; another lesson of the class is not theirs.
    const early = await binh.client.post(`/api/schedules/${lessons.B1}/join`);
    expect([early.status, early.body.code]).toEqual([409, 'MEETING_CANNOT_JOIN']);
    const dashboard = await binh.client.get('/api/dashboard');
    expect(dashboard.status, dashboard.text).toBe(200);
    expect(dashboard.body.upcoming.map((l: { schedule_id: string }) => l.schedule_id)).toEqual([
      lessons.A2,
      lessons.B1,
    ]);
    // The host class and its other lessons stay unseen.
    expect((await binh.client.get(`/api/classes/${classes.B}`)).status).toBe(403);
    expect((await binh.client.get(`/api/classes/${classes.B}/schedules`)).status).toBe(403);
    expect((await binh.client.get(`/api/classes/${classes.B}/students`)).status).toBe(403);
    expect((await binh.client.post(`/api/schedules/${lessons.B2}/join`)).status).toBe(403);
    const classList = await binh.client.get('/api/classes');
    expect(JSON.stringify(classList.body)).not.toContain(classes.B);
    // Another student sees nothing of it.
    expect((await an.client.post(`/api/schedules/${lessons.B1}/join`)).status).toBe(403);
  });

  test('the booked lesson is in the calendar feed', async () => {
    const feed = await binh.client.post('/api/profile/calendar-feed');
    expect(feed.status, feed.text).toBe(201);
    const ics = await fetch(feed.body.url);
    expect(ics.status).toBe(200);
    const text = (await ics.text()).replace(/\r\n /g, '');
    expect(text).toContain(lessons.B1);
    expect(text).not.toContain(lessons.B2);
  });

  test('cancelling a booking before the lesson gives the credit back', async () => {
    const credit = await creditOf(chi);
    const cancelled = await chi.client.delete(`/api/makeups/${credit.credit_id}/booking`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.code).toBe('MAKEUP_BOOKING_CANCELLED');
    expect(await creditOf(chi)).toMatchObject({ state: 'available', booking: null });
    const again = await chi.client.delete(`/api/makeups/${credit.credit_id}/booking`);
    expect([again.status, again.body.code]).toEqual([409, 'MAKEUP_NOT_BOOKED']);
    expect((await teacherA.client.delete(`/api/makeups/${credit.credit_id}/booking`)).status).toBe(
      403,
    );
  });

  test('a cancelled lesson releases its bookings and tells the student', async () => {
    const credit = await creditOf(chi);
    expect((await book(staff.client, credit.credit_id, lessons.B3!)).status).toBe(201);
    const cancelled = await admin.post(`/api/schedules/${lessons.B3}/cancel`, { reason: 'Ốm' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await creditOf(chi)).toMatchObject({ state: 'available', booking: null });
    const notes = await chi.client.get('/api/notifications');
    // The clock stood still: the booking's notice and this one share their time.
    expect(
      notes.body.items.find((n: { type: string }) => n.type === 'makeup_released'),
    ).toMatchObject({
      type: 'makeup_released',
      schedule_id: lessons.B3,
      params: { class_name: 'Lớp B' },
    });
    expect((await chi.client.post(`/api/schedules/${lessons.B3}/join`)).status).toBe(403);
  });
});

describe('the make-up lesson', () => {
  test('the visitor joins it and is in its attendance, marked like the others', async () => {
    clock.set(Date.parse('2030-04-05T01:58:00Z'));
    await signInAgain();
    const started = await teacherB.client.post(`/api/schedules/${lessons.B1}/start`);
    expect(started.status, started.text).toBe(200);
    const joined = await binh.client.post(`/api/schedules/${lessons.B1}/join`);
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body).toMatchObject({ open: 'link', launch: { url: MEET } });
    expect((await an.client.post(`/api/schedules/${lessons.B1}/join`)).status).toBe(403);

    clock.set(Date.parse('2030-04-05T02:05:00Z'));
    const attendance = await teacherB.client.get(`/api/schedules/${lessons.B1}/attendance`);
    expect(attendance.status, attendance.text).toBe(200);
    expect(
      attendance.body.students.map((s: { full_name: string; visitor?: boolean }) => [
        s.full_name,
        s.visitor ?? false,
      ]),
    ).toEqual([
      ['Bảo', false],
      ['Bình', true],
    ]);
    expect((await mark(teacherB.client, lessons.B1!, binh, 'present')).status).toBe(200);
    // An excused absence in a make-up earns nothing: the credit was spent on it.
    expect((await mark(teacherB.client, lessons.B1!, binh, 'excused')).status).toBe(200);
    expect(await creditsOf(binh)).toHaveLength(1);
    expect((await mark(teacherB.client, lessons.B1!, binh, 'present')).status).toBe(200);
    const marked = await teacherB.client.get(`/api/schedules/${lessons.B1}/attendance`);
    expect(
      marked.body.students.find((s: { full_name: string }) => s.full_name === 'Bình'),
    ).toMatchObject({ status: 'present', by_hand: true, visitor: true });
    // "All present" reaches the visitor too; a student neither in the class nor booked is refused.
    expect((await mark(teacherB.client, lessons.B1!, an, 'present')).status).toBe(404);

    // The lesson began: the booking stays, the credit is used.
    const credit = await creditOf(binh);
    expect(credit.state).toBe('used');
    const late = await staff.client.delete(`/api/makeups/${credit.credit_id}/booking`);
    expect([late.status, late.body.code]).toEqual([409, 'MAKEUP_ALREADY_STARTED']);
    // Un-marking the missed lesson now leaves the used credit as it is.
    expect((await mark(teacherA.client, lessons.A1!, binh, 'present')).status).toBe(200);
    expect(await creditOf(binh)).toMatchObject({ credit_id: credit.credit_id, state: 'used' });
  });

  test('a credit not booked in time expires', async () => {
    // Em's credit lasted 10 days (the setting when it was earned): to 11 April 01:00 UTC.
    clock.set(Date.parse('2030-04-11T01:00:00Z'));
    await signInAgain();
    const credit = await creditOf(em);
    expect(credit.state).toBe('expired');
    expect((await staff.client.get(`/api/makeups/${credit.credit_id}/lessons`)).body.items).toEqual(
      [],
    );
    const late = await book(staff.client, credit.credit_id, lessons.Bfar!);
    expect([late.status, late.body.code]).toEqual([409, 'MAKEUP_CREDIT_EXPIRED']);
    // Others' credits are still good.
    expect((await creditOf(chi)).state).toBe('available');
  });
});

describe('tuition', () => {
  const preview = async (classId: string) => {
    const reply = await admin.post('/api/invoice-runs/preview', {
      period: '2030-04',
      class_id: classId,
      due_date: '2030-04-20',
    });
    expect(reply.status, reply.text).toBe(200);
    return Object.fromEntries(
      reply.body.invoices.map(
        (invoice: { student_name: string; lines: { quantity: number }[] }) => [
          invoice.student_name,
          invoice.lines.reduce((sum, line) => sum + line.quantity, 0),
        ],
      ),
    );
  };
  const setPlan = async (classId: string, charged_absences: 'all' | 'unexcused') => {
    const reply = await admin.put(`/api/classes/${classId}/fee-plan`, {
      kind: 'per_lesson',
      amount: 100_000,
      charged_absences,
    });
    expect(reply.status, reply.text).toBe(200);
  };

  test('a make-up is never charged to the visitor; the missed lesson follows the plan', async () => {
    await setPlan(classes.B, 'unexcused');
    // Lớp B charges its own student for B1 and B2 (B3 was cancelled, Bfar is in June); no visitor.
    expect(await preview(classes.B)).toEqual({ Bảo: 2 });
    await setPlan(classes.A, 'unexcused');
    // A1 and A2 held; the excused absences of A1 (Chi, Dũng, Gia, Em) are spared. Bình's A1
    // is marked present now.
    expect(await preview(classes.A)).toEqual({
      An: 2,
      Bình: 2,
      Chi: 1,
      Dũng: 1,
      Em: 1,
      Gia: 1,
    });
    await setPlan(classes.A, 'all');
    expect(await preview(classes.A)).toEqual({
      An: 2,
      Bình: 2,
      Chi: 2,
      Dũng: 2,
      Em: 2,
      Gia: 2,
    });
  });
});
