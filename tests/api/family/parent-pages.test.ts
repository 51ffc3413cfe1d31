// A parent's own pages on either database (issue 29, docs/decisions/036-parents.md): a parent of two
// children in two classes (siblings) reads both children's lessons, dashboard, attendance, invoices,
// account and VietQR; a parent of a child in another class is refused every one of those routes
// for these children, and nothing of other students is in any answer; no answer to a parent
// carries a meeting link. A child marked absent by hand tells each parent once per lesson; a lesson
// cancelled and an invoice issued reach the parents with the child's name.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tellParentsOfEndedLessons } from '#server/features/attendance/index.ts';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount } from '../../helpers/factories.ts';
import { createParent } from '../../helpers/family.ts';
import { createClass, createLesson, enrol, vnTime } from '../../helpers/school.ts';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/test-server.ts';

// 1 March 2030, 08:00 in Ho Chi Minh City.
const clock = new TestClock(Date.parse('2030-03-01T01:00:00Z'));
let server: TestServer;
let admin: TestClient;
let teacher: Account, lan: Account, minh: Account, other: Account, classmate: Account;
let mother: Account, father: Account, otherParent: Account;
let classA: string, classB: string, classC: string;
let lessonA: string, lessonB: string, lessonC: string, invoiceLan: string, invoiceOther: string;

beforeAll(async () => {
  server = await startTestServer({ clock });
  admin = await server.admin();
  teacher = await createAccount(server, admin, 'teacher', { full_name: 'Cô Mai' });
  [lan, minh, other, classmate] = (await Promise.all(
    ['Lan Nguyễn', 'Minh Nguyễn', 'Người Khác', 'Bạn Cùng Lớp'].map((full_name) =>
      createAccount(server, admin, 'student', { full_name }),
    ),
  )) as [Account, Account, Account, Account];
  classA = (await createClass(admin, teacher.user.user_id, { class_name: 'Lớp Lan' })).class_id;
  classB = (await createClass(admin, teacher.user.user_id, { class_name: 'Lớp Minh' })).class_id;
  const otherTeacher = await createAccount(server, admin, 'teacher', { full_name: 'Thầy Khác' });
  classC = (await createClass(admin, otherTeacher.user.user_id, { class_name: 'Lớp Khác' }))
    .class_id;
  await enrol(admin, classA, [lan.user.user_id, classmate.user.user_id]);
  await enrol(admin, classB, [minh.user.user_id]);
  await enrol(admin, classC, [other.user.user_id]);
  lessonA = (await createLesson(admin, classA, vnTime('2030-03-01', '18:00'), 60, 'Bài Lan'))
    .schedule_id;
  lessonB = (await createLesson(admin, classB, vnTime('2030-03-02', '18:00'), 60, 'Bài Minh'))
    .schedule_id;
  lessonC = (await createLesson(admin, classC, vnTime('2030-03-01', '18:00'), 60, 'Bài Khác'))
    .schedule_id;
  mother = await createParent(server, admin, [lan, minh], 'Mẹ Lan');
  father = await createParent(server, admin, [lan], 'Bố Lan');
  otherParent = await createParent(server, admin, [other], 'Mẹ Khác');
  // A March invoice for Lan and one for the other child, and a bank account for the codes.
  for (const classId of [classA, classC]) {
    const plan = await admin.put(`/api/classes/${classId}/fee-plan`, {
      kind: 'per_month',
      amount: 1_200_000,
    });
    expect(plan.status, plan.text).toBe(200);
    const run = await admin.post('/api/invoice-runs', {
      period: '2030-03',
      class_id: classId,
      due_date: '2030-03-10',
    });
    expect(run.status, run.text).toBe(201);
  }
  const bank = await admin.put('/api/center-settings/bank-account', {
    bank_bin: '970436',
    account_number: '0071000123456',
    account_name: 'TRUNG TAM ANH NGU',
  });
  expect(bank.status, bank.text).toBe(200);
  const invoiceOf = async (student: Account) =>
    (await admin.get(`/api/invoices?student_id=${student.user.user_id}`)).body.items[0]
      .invoice_id as string;
  invoiceLan = await invoiceOf(lan);
  invoiceOther = await invoiceOf(other);
});
afterAll(() => server.close());

/** Every route a parent reads for one child. */
const childRoutes = (studentId: string) => [
  `/api/family/children/${studentId}/lessons`,
  `/api/dashboard?student_id=${studentId}`,
  `/api/users/${studentId}/attendance`,
  `/api/invoices?student_id=${studentId}`,
  `/api/students/${studentId}/account`,
  `/api/students/${studentId}/qr`,
  `/api/students/${studentId}/discounts`,
];

/** Nothing of the students not the parent's, and no meeting link, anywhere in the text. */
function expectOnlyOwn(text: string, strangers: readonly Account[]) {
  for (const stranger of strangers) {
    expect(text).not.toContain(stranger.user.user_id);
    expect(text).not.toContain(stranger.user.full_name);
    expect(text).not.toContain(stranger.email);
  }
  for (const secret of ['start_url', 'join_url', 'password', 'secret']) {
    expect(text).not.toContain(secret);
  }
}

describe("a parent's children", () => {
  test('siblings both listed with their classes and balance; each parent sees only theirs', async () => {
    const mine = await mother.client.get('/api/family/children');
    expect(mine.status, mine.text).toBe(200);
    expect(
      mine.body.items.map((child: { full_name: string; classes: { class_name: string }[] }) => [
        child.full_name,
        child.classes.map((klass) => klass.class_name),
      ]),
    ).toEqual([
      ['Lan Nguyễn', ['Lớp Lan']],
      ['Minh Nguyễn', ['Lớp Minh']],
    ]);
    expect(mine.body.items[0].balance).toBe(1_200_000);
    expect(mine.body.items[1].balance).toBe(0);
    expectOnlyOwn(mine.text, [other, classmate]);
    const his = await father.client.get('/api/family/children');
    expect(his.body.items.map((child: { full_name: string }) => child.full_name)).toEqual([
      'Lan Nguyễn',
    ]);
    for (const account of [teacher, lan]) {
      expect((await account.client.get('/api/family/children')).status).toBe(403);
    }
    expect((await admin.get('/api/family/children')).status).toBe(403);
  });

  test("every child route answers for both siblings, without others' data or meeting links", async () => {
    for (const child of [lan, minh]) {
      for (const route of childRoutes(child.user.user_id)) {
        const reply = await mother.client.get(route);
        expect(reply.status, `${route}: ${reply.text}`).toBe(200);
        expectOnlyOwn(reply.text, [other, classmate]);
      }
    }
    const lessons = await mother.client.get(`/api/family/children/${lan.user.user_id}/lessons`);
    expect(lessons.body.items.map((lesson: { topic: string }) => lesson.topic)).toEqual([
      'Bài Lan',
    ]);
    const minhs = await mother.client.get(`/api/family/children/${minh.user.user_id}/lessons`);
    expect(minhs.body.items.map((lesson: { topic: string }) => lesson.topic)).toEqual(['Bài Minh']);
    const today = await mother.client.get(`/api/dashboard?student_id=${lan.user.user_id}`);
    expect(today.body.today.map((lesson: { topic: string }) => lesson.topic)).toEqual(['Bài Lan']);
    const all = await mother.client.get('/api/dashboard');
    expect(
      [...all.body.today, ...all.body.upcoming].map((lesson: { topic: string }) => lesson.topic),
    ).toEqual(['Bài Lan', 'Bài Minh']);
    const invoices = await mother.client.get(`/api/invoices?student_id=${lan.user.user_id}`);
    expect(invoices.body.items).toHaveLength(1);
    const invoice = await mother.client.get(`/api/invoices/${invoiceLan}`);
    expect(invoice.status, invoice.text).toBe(200);
    const qr = await mother.client.get(`/api/invoices/${invoiceLan}/qr`);
    expect(qr.body.qr).toMatchObject({ amount: 1_200_000, content: invoice.body.number });
    const account = await father.client.get(`/api/students/${lan.user.user_id}/account`);
    expect(account.body.balance).toBe(1_200_000);
  });

  test('a parent of a child in another class is refused every route of these children', async () => {
    for (const child of [lan, minh]) {
      for (const route of childRoutes(child.user.user_id)) {
        const reply = await otherParent.client.get(route);
        expect(reply.status, route).toBe(403);
        expectOnlyOwn(reply.text, [lan, minh, classmate]);
      }
    }
    // Their own child's answers; the father of Lan is refused Minh's.
    for (const route of childRoutes(other.user.user_id)) {
      expect((await otherParent.client.get(route)).status, route).toBe(200);
    }
    for (const route of childRoutes(minh.user.user_id)) {
      expect((await father.client.get(route)).status, route).toBe(403);
    }
    expect((await otherParent.client.get(`/api/invoices/${invoiceLan}`)).status).toBe(403);
    expect((await otherParent.client.get(`/api/invoices/${invoiceLan}/qr`)).status).toBe(403);
    expect((await mother.client.get(`/api/invoices/${invoiceOther}`)).status).toBe(403);
    // No child named: no invoices either (a parent reads one child's at a time).
    expect((await mother.client.get('/api/invoices')).status).toBe(403);
    // Classes, lessons and classmates of another class stay out of reach.
    expect((await mother.client.get(`/api/classes/${classC}`)).status).toBe(403);
    expect((await mother.client.get(`/api/classes/${classC}/schedules`)).status).toBe(403);
    // A classmate is not a child: refused like a stranger.
    for (const route of childRoutes(classmate.user.user_id)) {
      expect((await mother.client.get(route)).status, route).toBe(403);
    }
    // The parent's classes list holds their children's classes only.
    const classes = await mother.client.get('/api/classes');
    expect(classes.status).toBe(200);
    expect(classes.text).toContain('Lớp Lan');
    expect(classes.text).toContain('Lớp Minh');
    expect(classes.text).not.toContain('Lớp Khác');
    expect(lessonC).toBeTruthy();
  });

  test("a parent's calendar feed holds their children's lessons only", async () => {
    const feed = await mother.client.post('/api/profile/calendar-feed');
    expect(feed.status, feed.text).toBe(201);
    const path = new URL(feed.body.url).pathname;
    const ics = await server.client().get(path);
    expect(ics.status).toBe(200);
    expect(ics.text).toContain('Bài Lan');
    expect(ics.text).toContain('Bài Minh');
    expect(ics.text).not.toContain('Bài Khác');
  });
});

describe("notifications to a child's parents", () => {
  const listOf = async (account: Account) =>
    (await account.client.get('/api/notifications')).body.items as {
      type: string;
      params: Record<string, string>;
      schedule_id: string | null;
    }[];

  test('marked absent by hand: each parent told once per lesson and child, with name, class and time', async () => {
    clock.set(Date.parse(vnTime('2030-03-01', '18:30')));
    for (const account of [teacher, mother, father]) {
      await account.client.login(account.email, account.password);
    }
    const mark = (status: string | null, student = lan) =>
      teacher.client.put(`/api/schedules/${lessonA}/attendance/${student.user.user_id}`, {
        status,
      });
    expect((await mark('absent')).status).toBe(200);
    // A roll call while the lesson runs may still change: nobody is told before it ends.
    expect((await listOf(mother)).some((n) => n.type === 'child_absent')).toBe(false);
    // Taken back and marked again: nobody is told twice.
    expect((await mark(null)).status).toBe(200);
    expect((await mark('absent')).status).toBe(200);
    // A classmate absent tells Lan's parents nothing.
    expect((await mark('absent', classmate)).status).toBe(200);
    // The lesson (18:00-19:00) is over: the job tells the parents of who stands absent, once.
    clock.set(Date.parse(vnTime('2030-03-01', '19:01')));
    await tellParentsOfEndedLessons(server.server.ctx);
    await tellParentsOfEndedLessons(server.server.ctx);
    // A mark made after the lesson is told at once, and again nobody twice.
    expect((await mark('absent')).status).toBe(200);
    for (const parent of [mother, father]) {
      const absences = (await listOf(parent)).filter((n) => n.type === 'child_absent');
      expect(absences).toHaveLength(1);
      expect(absences[0]!.params).toMatchObject({
        child_name: 'Lan Nguyễn',
        child_id: lan.user.user_id,
        class_name: 'Lớp Lan',
        topic: 'Bài Lan',
        start_time: new Date(vnTime('2030-03-01', '18:00')).toISOString(),
      });
      expect(absences[0]!.schedule_id).toBe(lessonA);
    }
    expect((await listOf(otherParent)).some((n) => n.type === 'child_absent')).toBe(false);
    expect((await listOf(lan)).some((n) => n.type === 'child_absent')).toBe(false);
    // Present, late and excused tell no one; nor does an absence taken back before the lesson
    // ended (a late child first marked absent).
    clock.set(Date.parse(vnTime('2030-03-02', '18:30')));
    await teacher.client.login(teacher.email, teacher.password);
    await mother.client.login(mother.email, mother.password);
    const markMinh = (status: string) =>
      teacher.client.put(`/api/schedules/${lessonB}/attendance/${minh.user.user_id}`, { status });
    expect((await markMinh('absent')).status).toBe(200);
    expect((await markMinh('excused')).status).toBe(200);
    clock.set(Date.parse(vnTime('2030-03-02', '19:05')));
    await tellParentsOfEndedLessons(server.server.ctx);
    await mother.client.login(mother.email, mother.password);
    expect((await listOf(mother)).filter((n) => n.type === 'child_absent')).toHaveLength(1);
  });

  test("a lesson cancelled and an invoice issued reach the child's parents with the child's name", async () => {
    clock.set(Date.parse(vnTime('2030-03-03', '08:00')));
    for (const account of [mother, father, otherParent]) {
      await account.client.login(account.email, account.password);
    }
    const adminNow = await server.admin();
    const later = await createLesson(adminNow, classB, vnTime('2030-03-09', '18:00'), 60, 'Bài 2');
    const cancelled = await adminNow.post(`/api/schedules/${later.schedule_id}/cancel`, {
      reason: 'Giáo viên ốm',
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const mothers = await listOf(mother);
    const cancel = mothers.find((n) => n.type === 'lesson_cancelled_with_reason');
    expect(cancel?.params).toMatchObject({
      child_name: 'Minh Nguyễn',
      class_name: 'Lớp Minh',
      reason: 'Giáo viên ốm',
    });
    expect((await listOf(father)).some((n) => n.type === 'lesson_cancelled_with_reason')).toBe(
      false,
    );
    // A lesson of Lan's moved: both her parents are told, with her name; no one else's parent.
    const lanLater = await createLesson(
      adminNow,
      classA,
      vnTime('2030-03-10', '18:00'),
      60,
      'Bài 3',
    );
    const moved = await adminNow.post(`/api/schedules/${lanLater.schedule_id}/move`, {
      start_time: vnTime('2030-03-11', '18:00'),
      end_time: vnTime('2030-03-11', '19:00'),
    });
    expect(moved.status, moved.text).toBe(200);
    for (const parent of [mother, father]) {
      const rescheduled = (await listOf(parent)).filter((n) => n.type === 'lesson_rescheduled');
      expect(rescheduled.map((n) => [n.params.child_name, n.params.topic])).toEqual([
        ['Lan Nguyễn', 'Bài 3'],
      ]);
    }
    expect((await listOf(otherParent)).some((n) => n.type === 'lesson_rescheduled')).toBe(false);
    const issued = mothers.filter((n) => n.type === 'invoice_issued');
    expect(issued.map((n) => n.params.child_name)).toEqual(['Lan Nguyễn']);
    expect((await listOf(father)).filter((n) => n.type === 'invoice_issued')).toHaveLength(1);
    const others = (await listOf(otherParent)).filter((n) => n.type === 'invoice_issued');
    expect(others.map((n) => n.params.child_name)).toEqual(['Người Khác']);
  });

  test('siblings in one lesson: their parent gets one copy naming both', async () => {
    clock.set(Date.parse(vnTime('2030-03-12', '08:00')));
    await mother.client.login(mother.email, mother.password);
    const adminNow = await server.admin();
    const { class_id: together } = await createClass(adminNow, teacher.user.user_id, {
      class_name: 'Lớp hai anh em',
    });
    await enrol(adminNow, together, [lan.user.user_id, minh.user.user_id]);
    const lesson = await createLesson(
      adminNow,
      together,
      vnTime('2030-03-13', '18:00'),
      60,
      'Bài 4',
    );
    const cancelled = await adminNow.post(`/api/schedules/${lesson.schedule_id}/cancel`, {
      reason: 'Mất điện',
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const copies = (await listOf(mother)).filter(
      (n) => n.type === 'lesson_cancelled_with_reason' && n.schedule_id === lesson.schedule_id,
    );
    expect(copies).toHaveLength(1);
    expect((copies[0]!.params.child_name ?? '').split(', ').sort()).toEqual([
      'Lan Nguyễn',
      'Minh Nguyễn',
    ]);
  });
});
