// Lesson reports and homework (issue 29 point 2, docs/decisions/037-lesson-reports.md), on both
// databases: who writes a held lesson's report (its teacher, its substitute when covered, admin and
// staff; not the class's teacher of a covered lesson, another teacher, a student or a parent), not
// before the lesson is held nor for a cancelled one, notes only about the lesson's students; who
// reads which notes (a student their own, a parent their child's, nobody outside the class); the
// students and their parents told once; the page's lists, the missing reports for admin and staff.
//
// One school on 1 April 2030: 'Lớp A' (Cô Mai; An and Bình; An's parent Chị Lan), 'Lớp B' (another
// teacher; the outsider, whose parent is Anh Tuấn). Lessons of A: A1 at 09:00, A2 at 11:00 (covered
// by Thầy Sơn), A3 on 5 April, A4 at 13:00 (cancelled); of B: B1 at 07:00. The clock then moves to
// the next day, so A1, A2 and B1 are held (never ended: their time is over).
// At the end Bình, excused from A1, makes it up in B2 of Lớp B: a note in its report is theirs.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount, snapshot } from '../../helpers/factories.ts';
import {
  createClass,
  createLesson,
  enrol,
  type School,
  startSchool,
} from '../../helpers/school.ts';
import type { TestClient } from '../../helpers/test-server.ts';

const clock = new TestClock(Date.parse('2030-04-01T00:00:00Z'));
let school: School;
let admin: TestClient;
let an: Account;
let binh: Account;
let lan: Account;
let tuan: Account;
let son: Account;
const lessons: Record<'A1' | 'A2' | 'A3' | 'A4' | 'A5' | 'A6' | 'B1', string> = {
  A6: '',
  A1: '',
  A2: '',
  A3: '',
  A4: '',
  A5: '',
  B1: '',
};
let classB = '';

const at = (hhmm: string, day = '2030-04-01') => `${day}T${hhmm}:00+07:00`;
const write = (client: TestClient, lesson: string, body: unknown) =>
  client.put(`/api/schedules/${lesson}/report`, body);
const read = (client: TestClient, lesson: string) => client.get(`/api/schedules/${lesson}/report`);

async function linkParent(parent: Account, child: Account) {
  await school.server.server.ctx.database.db
    .insertInto('student_parents')
    .values({
      student_id: child.user.user_id,
      parent_id: parent.user.user_id,
      created_at: clock.now().toISOString(),
      created_by: null,
    })
    .execute();
}

async function reportNotices(account: Account) {
  const reply = await account.client.get('/api/notifications');
  expect(reply.status, reply.text).toBe(200);
  return (
    reply.body.items as { type: string; schedule_id: string; params: Record<string, string> }[]
  ).filter((item) => item.type === 'lesson_report');
}

beforeAll(async () => {
  school = await startSchool({
    clock,
    names: { teacher: 'Cô Mai', student: 'An', className: 'Lớp A' },
  });
  admin = school.admin;
  an = school.student;
  [binh, lan, tuan, son] = await Promise.all([
    createAccount(school.server, admin, 'student', { full_name: 'Bình' }),
    createAccount(school.server, admin, 'parent', { full_name: 'Chị Lan' }),
    createAccount(school.server, admin, 'parent', { full_name: 'Anh Tuấn' }),
    createAccount(school.server, admin, 'teacher', { full_name: 'Thầy Sơn' }),
  ]);
  await enrol(admin, school.classId, [binh.user.user_id]);
  classB = (await createClass(admin, school.otherTeacher.user.user_id, { class_name: 'Lớp B' }))
    .class_id;
  await enrol(admin, classB, [school.outsider.user.user_id]);
  await linkParent(lan, an);
  await linkParent(tuan, school.outsider);
  lessons.A1 = (await createLesson(admin, school.classId, at('09:00'), 60, 'Unit 1')).schedule_id;
  lessons.A2 = (await createLesson(admin, school.classId, at('11:00'), 60, 'Unit 2')).schedule_id;
  lessons.A3 = (await createLesson(admin, school.classId, at('09:00', '2030-04-05'))).schedule_id;
  lessons.A4 = (await createLesson(admin, school.classId, at('13:00'))).schedule_id;
  lessons.A5 = (await createLesson(admin, school.classId, at('15:00'), 60, 'Unit 5')).schedule_id;
  lessons.A6 = (await createLesson(admin, school.classId, at('17:00'), 60, 'Unit 6')).schedule_id;
  lessons.B1 = (await createLesson(admin, classB, at('07:00'), 60, 'Unit B')).schedule_id;
  const given = await admin.put(`/api/schedules/${lessons.A2}/substitute`, {
    teacher_id: son.user.user_id,
  });
  expect(given.status, given.text).toBe(200);
  const cancelled = await admin.post(`/api/schedules/${lessons.A4}/cancel`, {
    reason: 'Nghỉ lễ',
  });
  expect(cancelled.status, cancelled.text).toBe(200);
  // A lesson not held yet is refused before the clock moves on.
  const early = await write(school.teacher.client, lessons.A1, { covered: 'Too early' });
  expect(early.status, early.text).toBe(409);
  expect(early.body.code).toBe('LESSON_REPORT_NOT_HELD');
  clock.set(Date.parse('2030-04-02T00:00:00Z'));
});
afterAll(() => school.server.close());

describe('writing a report', () => {
  test('a lesson still to come or cancelled takes no report, and its view says it cannot be written', async () => {
    const future = await write(school.teacher.client, lessons.A3, { covered: 'Unit 3' });
    expect(future.status, future.text).toBe(409);
    expect(future.body.code).toBe('LESSON_REPORT_NOT_HELD');
    const cancelled = await write(admin, lessons.A4, { covered: 'Unit 4' });
    expect(cancelled.status, cancelled.text).toBe(409);
    expect(cancelled.body.code).toBe('LESSON_REPORT_CANCELLED');
    const view = await read(school.teacher.client, lessons.A3);
    expect(view.status, view.text).toBe(200);
    expect(view.body).toMatchObject({ held: false, writable: false, report: null });
  });

  test('students, parents and another teacher may not write; the class teacher of a covered lesson neither', async () => {
    const before = await snapshot(school.server, ['lesson_reports', 'lesson_report_notes']);
    for (const client of [an.client, lan.client, school.otherTeacher.client, tuan.client]) {
      const reply = await write(client, lessons.A1, { covered: 'Not mine' });
      expect(reply.status, reply.text).toBe(403);
    }
    const covered = await write(school.teacher.client, lessons.A2, { covered: 'Unit 2' });
    expect(covered.status, covered.text).toBe(403);
    expect(covered.body).toMatchObject({
      code: 'LESSON_COVERED_BY_SUBSTITUTE',
      params: { name: 'Thầy Sơn' },
    });
    // The substitute reaches only the lesson they covered.
    expect((await write(son.client, lessons.A1, { covered: 'Not mine' })).status).toBe(403);
    expect(await snapshot(school.server, ['lesson_reports', 'lesson_report_notes'])).toEqual(
      before,
    );
  });

  test('bad input is refused with a reason: no content, too long, a note about someone not in the lesson', async () => {
    const empty = await write(school.teacher.client, lessons.A1, { covered: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      code: 'VALIDATION',
      reason: 'LESSON_REPORT_COVERED_REQUIRED',
    });
    const long = await write(school.teacher.client, lessons.A1, {
      covered: 'x'.repeat(4001),
    });
    expect(long.body).toMatchObject({ code: 'VALIDATION', reason: 'LESSON_REPORT_TOO_LONG' });
    const longNote = await write(school.teacher.client, lessons.A1, {
      covered: 'Unit 1',
      notes: [{ student_id: an.user.user_id, note: 'y'.repeat(1001) }],
    });
    expect(longNote.body).toMatchObject({ code: 'VALIDATION', reason: 'LESSON_REPORT_TOO_LONG' });
    const stranger = await write(school.teacher.client, lessons.A1, {
      covered: 'Unit 1',
      notes: [{ student_id: school.outsider.user.user_id, note: 'Not in this class' }],
    });
    expect(stranger.status, stranger.text).toBe(400);
    expect(stranger.body.code).toBe('LESSON_REPORT_NOT_IN_LESSON');
    expect((await write(school.teacher.client, randomUUID(), { covered: 'x' })).status).toBe(404);
    expect((await read(admin, lessons.A1)).body.report).toBeNull();
  });

  test("the teacher writes a held lesson's report with homework and notes; the substitute writes the covered one", async () => {
    const written = await write(school.teacher.client, lessons.A1, {
      covered: 'Present perfect, pages 10-12',
      homework: 'Workbook page 13',
      notes: [
        { student_id: an.user.user_id, note: 'An spoke well' },
        { student_id: binh.user.user_id, note: 'Bình should practise -ed endings' },
      ],
    });
    expect(written.status, written.text).toBe(200);
    expect(written.body.code).toBe('LESSON_REPORT_SAVED');
    expect(written.body.report).toMatchObject({
      covered: 'Present perfect, pages 10-12',
      homework: 'Workbook page 13',
      written_by_name: 'Cô Mai',
    });
    expect(written.body.students).toEqual([
      { student_id: an.user.user_id, full_name: 'An', note: 'An spoke well' },
      {
        student_id: binh.user.user_id,
        full_name: 'Bình',
        note: 'Bình should practise -ed endings',
      },
    ]);
    const covered = await write(son.client, lessons.A2, { covered: 'Unit 2: past simple' });
    expect(covered.status, covered.text).toBe(200);
    expect(covered.body.report).toMatchObject({ homework: null, written_by_name: 'Thầy Sơn' });
    const staffWrites = await write(school.staff.client, lessons.B1, { covered: 'Unit B' });
    expect(staffWrites.status, staffWrites.text).toBe(200);
  });
});

describe('who sees which notes', () => {
  test('a student sees the report and only their own note', async () => {
    const mine = await read(an.client, lessons.A1);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.report.homework).toBe('Workbook page 13');
    expect(mine.body.writable).toBe(false);
    expect(mine.body.students).toEqual([
      { student_id: an.user.user_id, full_name: 'An', note: 'An spoke well' },
    ]);
    expect(JSON.stringify(mine.body)).not.toContain('-ed endings');
    const theirs = await read(binh.client, lessons.A1);
    expect(theirs.body.students.map((s: { note: string }) => s.note)).toEqual([
      'Bình should practise -ed endings',
    ]);
    expect(JSON.stringify(theirs.body)).not.toContain('An spoke well');
  });

  test("a parent sees their child's note only; a parent of a child in another class is refused", async () => {
    const parent = await read(lan.client, lessons.A1);
    expect(parent.status, parent.text).toBe(200);
    expect(parent.body.students).toEqual([
      { student_id: an.user.user_id, full_name: 'An', note: 'An spoke well' },
    ]);
    expect(JSON.stringify(parent.body)).not.toContain('-ed endings');
    expect((await read(tuan.client, lessons.A1)).status).toBe(403);
    expect((await read(lan.client, lessons.B1)).status).toBe(403);
    expect((await read(school.outsider.client, lessons.A1)).status).toBe(403);
  });

  test("the teacher, admin and staff see every note; the class's teacher reads the covered lesson's report", async () => {
    for (const client of [school.teacher.client, admin, school.staff.client]) {
      const reply = await read(client, lessons.A1);
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body.students).toHaveLength(2);
      expect(reply.body.writable).toBe(true);
    }
    const covered = await read(school.teacher.client, lessons.A2);
    expect(covered.status).toBe(200);
    expect(covered.body).toMatchObject({
      writable: false,
      report: { covered: 'Unit 2: past simple' },
    });
    expect((await read(son.client, lessons.A2)).body.writable).toBe(true);
    expect((await read(school.otherTeacher.client, lessons.A1)).status).toBe(403);
  });
});

describe('notifications', () => {
  test('the students and their parents are told once; a correction tells nobody again', async () => {
    const anNotices = await reportNotices(an);
    expect(anNotices.filter((n) => n.schedule_id === lessons.A1)).toEqual([
      expect.objectContaining({
        params: {
          class_name: 'Lớp A',
          topic: 'Unit 1',
          start_time: new Date(at('09:00')).toISOString(),
        },
      }),
    ]);
    expect((await reportNotices(binh)).filter((n) => n.schedule_id === lessons.A1)).toHaveLength(1);
    const parentNotices = (await reportNotices(lan)).filter((n) => n.schedule_id === lessons.A1);
    expect(parentNotices).toHaveLength(1);
    expect(parentNotices[0]!.params).toMatchObject({ child_name: 'An', class_name: 'Lớp A' });
    // Another class's parent, and the writer, hear nothing of it.
    expect((await reportNotices(tuan)).filter((n) => n.schedule_id === lessons.A1)).toEqual([]);
    expect(await reportNotices(school.teacher)).toEqual([]);

    const corrected = await write(admin, lessons.A1, {
      covered: 'Present perfect, pages 10-13',
      homework: '',
      notes: [{ student_id: binh.user.user_id, note: 'Bình: better' }],
    });
    expect(corrected.status, corrected.text).toBe(200);
    expect(corrected.body.report).toMatchObject({
      homework: null,
      written_by_name: 'Cô Mai',
      updated_by_name: 'Administrator',
    });
    expect(corrected.body.students.map((s: { note: string | null }) => s.note)).toEqual([
      null,
      'Bình: better',
    ]);
    for (const account of [an, binh, lan]) {
      expect(
        (await reportNotices(account)).filter((n) => n.schedule_id === lessons.A1),
      ).toHaveLength(1);
    }
    // The note removed from An is gone for An and their parent too.
    expect((await read(an.client, lessons.A1)).body.students).toEqual([]);
    expect((await read(lan.client, lessons.A1)).body.students).toEqual([
      { student_id: an.user.user_id, full_name: 'An', note: null },
    ]);
  });
});

describe('two first writings at once', () => {
  test('two first writings at once make one report and tell each person once; a parent of two children in the lesson once, naming both', async () => {
    // Bình's parent is Chị Lan too, for this lesson: siblings in one class.
    await linkParent(lan, binh);
    const [first, second] = await Promise.all([
      write(school.teacher.client, lessons.A6, { covered: 'Unit 6 by the teacher' }),
      write(admin, lessons.A6, { covered: 'Unit 6 by the admin' }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const rows = await school.server.server.ctx.database.db
      .selectFrom('lesson_reports')
      .select('schedule_id')
      .where('schedule_id', '=', lessons.A6)
      .execute();
    expect(rows).toHaveLength(1);
    for (const account of [an, binh]) {
      expect(
        (await reportNotices(account)).filter((n) => n.schedule_id === lessons.A6),
      ).toHaveLength(1);
    }
    const parent = (await reportNotices(lan)).filter((n) => n.schedule_id === lessons.A6);
    expect(parent).toHaveLength(1);
    expect(parent[0]!.params.child_name).toBe('An, Bình');
    // Now a parent of both, Chị Lan reads both children's notes.
    const noted = await write(admin, lessons.A6, {
      covered: 'Unit 6',
      notes: [
        { student_id: an.user.user_id, note: 'An: good' },
        { student_id: binh.user.user_id, note: 'Bình: good' },
      ],
    });
    expect(noted.status, noted.text).toBe(200);
    const view = await read(lan.client, lessons.A6);
    expect(view.body.students.map((s: { note: string }) => s.note)).toEqual([
      'An: good',
      'Bình: good',
    ]);
    await school.server.server.ctx.database.db
      .deleteFrom('student_parents')
      .where('parent_id', '=', lan.user.user_id)
      .where('student_id', '=', binh.user.user_id)
      .execute();
    // Leaves the page's lists as they were: A6 is held and written, by the class teacher.
  });
});

describe("the 'Nhận xét buổi học' lists", () => {
  const ids = (body: { items: { lesson: { schedule_id: string } }[] }) =>
    body.items.map((item) => item.lesson.schedule_id);

  test("a student lists their lessons' reports, newest first, with their own note", async () => {
    const reply = await binh.client.get('/api/lesson-reports');
    expect(reply.status, reply.text).toBe(200);
    expect(ids(reply.body)).toEqual([lessons.A6, lessons.A2, lessons.A1]);
    expect(reply.body.items[2].students).toEqual([
      { student_id: binh.user.user_id, full_name: 'Bình', note: 'Bình: better' },
    ]);
    expect(reply.body.items[1].students).toEqual([]);
    expect(reply.body.items[2].report.covered).toBe('Present perfect, pages 10-13');
  });

  test("a parent lists their children's reports with the child's name; another class's parent theirs only", async () => {
    const reply = await lan.client.get('/api/lesson-reports');
    expect(reply.status, reply.text).toBe(200);
    expect(ids(reply.body)).toEqual([lessons.A6, lessons.A2, lessons.A1]);
    expect(reply.body.items[1].students).toEqual([
      { student_id: an.user.user_id, full_name: 'An', note: null },
    ]);
    expect(reply.body.items[0].students).toEqual([
      { student_id: an.user.user_id, full_name: 'An', note: 'An: good' },
    ]);
    const other = await tuan.client.get('/api/lesson-reports');
    expect(ids(other.body)).toEqual([lessons.B1]);
    expect(other.body.items[0].students[0].full_name).toBe(school.outsider.user.full_name);
  });

  test('a teacher lists the lessons they taught, written or missing', async () => {
    const all = await school.teacher.client.get('/api/lesson-reports');
    expect(all.status, all.text).toBe(200);
    // A2 was covered by the substitute: it is theirs, not the class teacher's.
    expect(ids(all.body)).toEqual([lessons.A6, lessons.A5, lessons.A1]);
    expect(all.body.items[1].report).toBeNull();
    const missing = await school.teacher.client.get('/api/lesson-reports?state=missing');
    expect(ids(missing.body)).toEqual([lessons.A5]);
    const substitute = await son.client.get('/api/lesson-reports');
    expect(ids(substitute.body)).toEqual([lessons.A2]);
  });

  test('admin and staff see the held lessons still without a report, by class, teacher and dates, until one is written', async () => {
    const missing = await school.staff.client.get('/api/lesson-reports');
    expect(missing.status, missing.text).toBe(200);
    expect(ids(missing.body)).toEqual([lessons.A5]);
    expect(missing.body.items[0].lesson).toMatchObject({
      class_name: 'Lớp A',
      topic: 'Unit 5',
      teacher_name: 'Cô Mai',
    });
    const ofB = await admin.get(`/api/lesson-reports?class_id=${classB}`);
    expect(ids(ofB.body)).toEqual([]);
    const ofOther = await admin.get(
      `/api/lesson-reports?teacher_id=${school.otherTeacher.user.user_id}&state=all`,
    );
    expect(ids(ofOther.body)).toEqual([lessons.B1]);
    const outOfRange = await admin.get('/api/lesson-reports?from=2030-04-02&to=2030-04-30');
    expect(ids(outOfRange.body)).toEqual([]);
    const inRange = await admin.get('/api/lesson-reports?from=2030-04-01&to=2030-04-01');
    expect(ids(inRange.body)).toEqual([lessons.A5]);
    const backwards = await admin.get('/api/lesson-reports?from=2030-04-02&to=2030-04-01');
    expect(backwards.status).toBe(400);
    expect((await admin.get('/api/lesson-reports?class_id=nope')).status).toBe(400);

    const written = await write(school.teacher.client, lessons.A5, { covered: 'Unit 5' });
    expect(written.status, written.text).toBe(200);
    expect(ids((await admin.get('/api/lesson-reports')).body)).toEqual([]);
    const all = await admin.get('/api/lesson-reports?state=all');
    expect(ids(all.body)).toEqual([lessons.A6, lessons.A5, lessons.A2, lessons.A1, lessons.B1]);
  });
});

describe('make-up visitors', () => {
  test("a student making up a missed lesson in another class gets a note in that lesson's report, and reads it", async () => {
    // Bình, excused from A1, makes it up in Lớp B's lesson of 3 April.
    const excused = await admin.put(
      `/api/schedules/${lessons.A1}/attendance/${binh.user.user_id}`,
      {
        status: 'excused',
      },
    );
    expect(excused.status, excused.text).toBe(200);
    const credits = await admin.get(`/api/users/${binh.user.user_id}/makeups`);
    const credit = credits.body.items.find(
      (item: { missed: { schedule_id: string } }) => item.missed.schedule_id === lessons.A1,
    );
    const visited = (await createLesson(admin, classB, at('09:00', '2030-04-03'), 60, 'Unit B2'))
      .schedule_id;
    const booked = await admin.post(`/api/makeups/${credit.credit_id}/booking`, {
      schedule_id: visited,
    });
    expect(booked.status, booked.text).toBe(201);
    clock.set(Date.parse('2030-04-04T00:00:00Z'));

    const view = await read(school.otherTeacher.client, visited);
    expect(view.body.students.map((s: { student_id: string }) => s.student_id)).toEqual([
      school.outsider.user.user_id,
      binh.user.user_id,
    ]);
    const written = await write(school.otherTeacher.client, visited, {
      covered: 'Unit B2',
      notes: [{ student_id: binh.user.user_id, note: 'Bình joined us well' }],
    });
    expect(written.status, written.text).toBe(200);
    const mine = await read(binh.client, visited);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.students).toEqual([
      { student_id: binh.user.user_id, full_name: 'Bình', note: 'Bình joined us well' },
    ]);
    expect((await reportNotices(binh)).filter((n) => n.schedule_id === visited)).toHaveLength(1);
    // The outsider's parent hears of their child's lesson; Bình's visit is no business of theirs.
    expect((await read(tuan.client, visited)).body.students).toEqual([
      {
        student_id: school.outsider.user.user_id,
        full_name: school.outsider.user.full_name,
        note: null,
      },
    ]);
  });
});
