// Finding things as Vietnamese users type (product.md, Deviations): every paged list searches on the
// server without accents ('tran' finds 'Trần', 'duc' finds 'Đức'), case-insensitively, with the
// page and the counts following the search; lists sort by name or date.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Account, createAccount } from '../helpers/factories.ts';
import { createClass, createLesson, enrol, vnTime } from '../helpers/school.ts';
import type { TestClient } from '../helpers/test-server.ts';
import { addWholeZoomPool } from '../helpers/zoom-pool.ts';
import { startZoomSchool, type ZoomSchool } from '../helpers/zoom-school.ts';

let school: ZoomSchool;
let admin: TestClient;
let teacher: Account;
let duc: Account;
let lan: Account;
let classId: string;
let otherClassId: string;

const names = (body: { items: { full_name: string }[] }) => body.items.map((u) => u.full_name);
const get = async (client: TestClient, url: string) => {
  const response = await client.get(url);
  expect(response.status, response.text).toBe(200);
  return response.body;
};

beforeAll(async () => {
  school = await startZoomSchool({
    names: { teacher: 'Nguyễn Văn Đức', student: 'Trần Thị Lan', className: 'Tiếng Anh Giao Tiếp' },
  });
  ({ admin, teacher, student: lan, classId } = school);
  duc = await createAccount(school.server, admin, 'student', { full_name: 'Lê Đức Anh' });
  await createAccount(school.server, admin, 'student', { full_name: 'Phạm Minh Trí' });
  await createAccount(school.server, admin, 'student', { full_name: 'Trương 100%_Vui' });
  await createAccount(school.server, admin, 'staff', { full_name: 'Đặng Thu Trang' });
  const other = await createAccount(school.server, admin, 'teacher', { full_name: 'Hồ Bình' });
  otherClassId = (await createClass(admin, other.user.user_id, { class_name: 'IELTS Nâng Cao' }))
    .class_id;
  await enrol(admin, classId, [duc.user.user_id]);
  await createLesson(admin, classId, vnTime('2030-03-02', '18:00'));
  await createLesson(admin, classId, vnTime('2030-03-04', '18:00'));
  await createLesson(admin, otherClassId, vnTime('2030-03-03', '18:00'));
  school.zoom.addUsers(2, 'office-desk');
  await addWholeZoomPool(admin);
});
afterAll(() => school.close());

describe('accounts are found without accents', () => {
  test("'tran' finds Trần among the students, and no one else", async () => {
    const body = await get(admin, '/api/users?role=student&q=tran');
    expect(names(body)).toEqual(['Trần Thị Lan']);
    expect(body).toMatchObject({ total: 1, page: 1 });
  });

  test.each(['duc', 'ĐỨC', 'Đức', 'đuc', '  le   duc '])(
    "'%s' finds Lê Đức Anh: Đ folds to d, case and spaces do not matter",
    async (typed) => {
      const body = await get(admin, `/api/users?role=student&q=${encodeURIComponent(typed)}`);
      expect(names(body)).toEqual(['Lê Đức Anh']);
    },
  );

  test('teachers and staff are searched the same way, by name or email', async () => {
    expect(names(await get(admin, '/api/users?role=teacher&q=duc'))).toEqual(['Nguyễn Văn Đức']);
    expect(names(await get(admin, '/api/users?role=staff&q=dang'))).toEqual(['Đặng Thu Trang']);
    const byEmail = await get(admin, `/api/users?role=student&q=${duc.email.split('@')[0]}`);
    expect(names(byEmail)).toEqual(['Lê Đức Anh']);
  });

  test('wildcards typed are taken as they are', async () => {
    expect(names(await get(admin, '/api/users?role=student&q=100%25_'))).toEqual([
      'Trương 100%_Vui',
    ]);
    expect((await get(admin, '/api/users?role=student&q=%25')).total).toBe(1);
    expect((await get(admin, '/api/users?role=student&q=_')).total).toBe(1);
  });

  test('a renamed account is found by its new name', async () => {
    await lan.client.patch('/api/profile', { full_name: 'Trần Thị Ngọc Lan' });
    expect(names(await get(admin, '/api/users?role=student&q=ngoc'))).toEqual([
      'Trần Thị Ngọc Lan',
    ]);
  });

  test('a too long search or an unknown sort is refused with a code', async () => {
    const long = await admin.get(`/api/users?role=student&q=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('VALIDATION');
    const sort = await admin.get('/api/users?role=student&sort=email');
    expect(sort.status).toBe(400);
    expect(sort.body.code).toBe('VALIDATION');
  });
});

describe('lists sort by name or date', () => {
  test('students by name, Đ among the Ds; newest first by default and on -created_at', async () => {
    const byName = names(await get(admin, '/api/users?role=student&sort=name'));
    expect(byName.indexOf('Lê Đức Anh')).toBeLessThan(byName.indexOf('Phạm Minh Trí'));
    expect(byName.indexOf('Phạm Minh Trí')).toBeLessThan(byName.indexOf('Trần Thị Ngọc Lan'));
    const reversed = names(await get(admin, '/api/users?role=student&sort=-name'));
    expect(reversed).toEqual([...byName].reverse());
    const newest = names(await get(admin, '/api/users?role=student'));
    expect(newest[0]).toBe('Trương 100%_Vui');
    expect(names(await get(admin, '/api/users?role=student&sort=-created_at'))).toEqual(newest);
    expect(names(await get(admin, '/api/users?role=student&sort=created_at'))[0]).not.toBe(
      'Trương 100%_Vui',
    );
  });

  test('classes by name', async () => {
    const body = await get(admin, '/api/classes?sort=name');
    expect(body.items.map((c: { class_name: string }) => c.class_name)).toEqual([
      'IELTS Nâng Cao',
      'Tiếng Anh Giao Tiếp',
    ]);
  });
});

describe('classes, lessons and the pool are searched on the server', () => {
  test("classes: 'tieng anh' by the class's name, 'duc' by its teacher's", async () => {
    for (const q of ['tieng anh', 'duc']) {
      const body = await get(admin, `/api/classes?q=${encodeURIComponent(q)}`);
      expect(body.items.map((c: { class_id: string }) => c.class_id)).toEqual([classId]);
      expect(body.total).toBe(1);
    }
    expect((await get(admin, '/api/classes?q=nang cao')).items[0].class_id).toBe(otherClassId);
  });

  test('lessons: a search keeps its own counts and total, and sorts', async () => {
    const body = await get(admin, '/api/schedules?q=giao%20tiep');
    expect(body.items).toHaveLength(2);
    expect(body).toMatchObject({ total: 2, page: 1, counts: { all: 2, pending: 2 } });
    const byTeacher = await get(admin, '/api/schedules?q=binh');
    expect(byTeacher.items.map((l: { class_id: string }) => l.class_id)).toEqual([otherClassId]);
    const all = await get(admin, '/api/schedules?sort=start_time');
    expect(all.counts.all).toBe(3);
    const starts = all.items.map((l: { start_time: string }) => l.start_time);
    expect(starts).toEqual([...starts].sort());
    const byName = await get(admin, '/api/schedules?sort=name');
    expect(byName.items[0].class_id).toBe(otherClassId);
  });

  test("a teacher's search finds only their own lessons", async () => {
    const mine = await get(teacher.client, '/api/schedules?q=nang');
    expect(mine).toMatchObject({ total: 0, items: [] });
    expect((await get(teacher.client, '/api/schedules?q=tiếng')).total).toBe(2);
  });

  test('Zoom accounts by email, either case', async () => {
    const body = await get(admin, '/api/zoom-accounts?q=OFFICE-DESK');
    expect(body.total).toBe(2);
    const sorted = await get(admin, '/api/zoom-accounts?sort=name');
    const emails = sorted.items.map((a: { email: string }) => a.email);
    expect(emails).toEqual([...emails].sort());
  });
});

describe('pickers and the teacher’s students', () => {
  test("enrolling: 'pham' finds Phạm Minh Trí, not those already in the class", async () => {
    const found = await get(admin, `/api/classes/${classId}/student-options?q=pham`);
    expect(names(found)).toEqual(['Phạm Minh Trí']);
    const enrolled = await get(admin, `/api/classes/${classId}/student-options?q=duc`);
    expect(names(enrolled)).toEqual([]);
  });

  test('the teacher picker lists teachers by folded name', async () => {
    const body = await get(admin, '/api/classes/teacher-options');
    const list = names(body);
    expect(list.indexOf('Hồ Bình')).toBeLessThan(list.indexOf('Nguyễn Văn Đức'));
  });

  test("a teacher's Students page: 'duc' finds Lê Đức Anh in their class", async () => {
    const body = await get(teacher.client, '/api/class-students?q=duc');
    expect(names(body)).toEqual(['Lê Đức Anh']);
    expect(body.total).toBe(1);
  });
});

describe('a search across pages', () => {
  test('each page in order, the total on every page, even past the last', async () => {
    for (let i = 0; i < 23; i += 1) {
      await createAccount(school.server, admin, 'student', { full_name: `Vương Số ${i}` });
    }
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => get(admin, `/api/users?role=student&q=vuong&page=${page}`)),
    );
    expect(pages.map((body) => [body.items.length, body.total])).toEqual([
      [10, 23],
      [10, 23],
      [3, 23],
      [0, 23],
    ]);
    // The pages split the matches, none twice, none left out.
    const all = pages.flatMap((body) => names(body));
    expect(new Set(all).size).toBe(23);
    const byName = await get(admin, '/api/users?role=student&q=vuong&sort=name&page=3');
    expect(names(byName)).toEqual(['Vương Số 7', 'Vương Số 8', 'Vương Số 9']);
    expect(byName.total).toBe(23);
  });
});
