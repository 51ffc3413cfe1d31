// Materials of a class or a lesson (issue 29 point 3, docs/decisions/038-materials.md): who
// attaches them, their type and size judged from the content, links checked, who reaches a file
// (by its address too), deletion, and the Library (newest first, accent-insensitive search, only
// one's own classes).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount, snapshot } from '../../helpers/factories.ts';
import { PNG_1x1 } from '../../helpers/images.ts';
import {
  DOCX,
  EXE,
  M4A,
  MP3,
  OGG,
  oleWith,
  PDF,
  PLAIN_ZIP,
  PPTX,
  padded,
  uploadMaterial,
  WAV,
  XLSX,
} from '../../helpers/materials.ts';
import {
  createClass,
  createLesson,
  enrol,
  type School,
  startSchool,
} from '../../helpers/school.ts';
import type { TestClient, TestServer } from '../../helpers/test-server.ts';

const MIB = 1_048_576;
const clock = new TestClock(Date.parse('2030-04-01T02:00:00Z'));
let school: School;
let server: TestServer;
let admin: TestClient;
let teacher: Account;
let student: Account;
let parent: Account;
let otherParent: Account;
let substitute: Account;
let classId: string;
let otherClassId: string;
let scheduleId: string;

const db = () => server.server.ctx.database.db;

beforeAll(async () => {
  school = await startSchool({ clock, names: { className: 'Tiếng Anh Giao Tiếp' } });
  ({ server, admin, teacher, student, classId } = school);
  substitute = await createAccount(server, admin, 'teacher');
  parent = await createAccount(server, admin, 'parent');
  otherParent = await createAccount(server, admin, 'parent');
  const other = await createClass(admin, school.otherTeacher.user.user_id, {
    class_name: 'IELTS Nâng Cao',
  });
  otherClassId = other.class_id;
  await enrol(admin, otherClassId, [school.outsider.user.user_id]);
  const lesson = await createLesson(admin, classId, '2030-04-10T01:00:00Z');
  scheduleId = lesson.schedule_id;
  await db()
    .updateTable('schedules')
    .set({ substitute_teacher_id: substitute.user.user_id })
    .where('schedule_id', '=', scheduleId)
    .execute();
  const now = clock.now().toISOString();
  await db()
    .insertInto('student_parents')
    .values([
      {
        student_id: student.user.user_id,
        parent_id: parent.user.user_id,
        created_at: now,
        created_by: null,
      },
      {
        student_id: school.outsider.user.user_id,
        parent_id: otherParent.user.user_id,
        created_at: now,
        created_by: null,
      },
    ])
    .execute();
});
afterAll(() => server.close());

const pdf = (name = 'lesson.pdf') => ({ bytes: PDF, name, type: 'application/pdf' });

async function attach(
  client: TestClient,
  url: string,
  file: { bytes: Uint8Array; name: string; type?: string } = pdf(),
  fields: { title?: string; description?: string } = {},
) {
  clock.advance(60_000);
  const response = await uploadMaterial(client, url, file, fields);
  expect(response.status, response.text).toBe(201);
  return response.body.material as {
    material_id: string;
    open_url: string;
    [key: string]: unknown;
  };
}

describe('attaching', () => {
  test('the class teacher, staff and admin attach files to the class; nobody else', async () => {
    const url = `/api/classes/${classId}/materials`;
    for (const client of [teacher.client, school.staff.client, admin]) await attach(client, url);
    const before = await snapshot(server, ['class_materials', 'material_chunks']);
    for (const [client, status] of [
      [school.otherTeacher.client, 403],
      [student.client, 403],
      [parent.client, 403],
      [substitute.client, 403],
      [server.client(), 401],
    ] as const) {
      const response = await uploadMaterial(client, url, pdf());
      expect(response.status, response.text).toBe(status);
    }
    expect(await snapshot(server, ['class_materials', 'material_chunks'])).toEqual(before);
  });

  test("the lesson's substitute attaches to the lesson, not to the rest of the class", async () => {
    const added = await attach(substitute.client, `/api/schedules/${scheduleId}/materials`);
    expect(added.schedule_id).toBe(scheduleId);
    const refused = await uploadMaterial(
      school.otherTeacher.client,
      `/api/schedules/${scheduleId}/materials`,
      pdf(),
    );
    expect(refused.status).toBe(403);
    // The substitute sees the lesson's materials, and not the class's list.
    const lessonList = await substitute.client.get(`/api/schedules/${scheduleId}/materials`);
    expect(lessonList.status).toBe(200);
    expect(lessonList.body.items.map((m: { material_id: string }) => m.material_id)).toContain(
      added.material_id,
    );
    expect((await substitute.client.get(`/api/classes/${classId}/materials`)).status).toBe(403);
  });

  test('a class or lesson that does not exist is a 404', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await uploadMaterial(admin, `/api/classes/${missing}/materials`, pdf())).status).toBe(
      404,
    );
    const link = await admin.post(`/api/schedules/${missing}/material-links`, {
      title: 'x',
      url: 'https://example.com',
    });
    expect(link.status).toBe(404);
  });

  test('the title defaults to the file name; a title and description are kept', async () => {
    const plain = await attach(
      teacher.client,
      `/api/classes/${classId}/materials`,
      pdf('Bài 1.pdf'),
    );
    expect(plain).toMatchObject({ title: 'Bài 1.pdf', file_name: 'Bài 1.pdf', kind: 'file' });
    const titled = await attach(teacher.client, `/api/classes/${classId}/materials`, pdf(), {
      title: 'Từ vựng',
      description: 'Học trước buổi sau',
    });
    expect(titled).toMatchObject({ title: 'Từ vựng', description: 'Học trước buổi sau' });
    const blank = await uploadMaterial(teacher.client, `/api/classes/${classId}/materials`, pdf(), {
      title: '   ',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.code).toBe('MATERIAL_TITLE_REQUIRED');
  });
});

describe('the type is read from the content', () => {
  const url = () => `/api/classes/${classId}/materials`;

  test.each([
    ['a.pdf', PDF, 'application/pdf', 'a.pdf'],
    ['photo.png', PNG_1x1, 'image/png', 'photo.png'],
    ['song.mp3', MP3, 'audio/mpeg', 'song.mp3'],
    ['voice.m4a', M4A, 'audio/mp4', 'voice.m4a'],
    ['voice.wav', WAV, 'audio/wav', 'voice.wav'],
    ['voice.ogg', OGG, 'audio/ogg', 'voice.ogg'],
    [
      'essay.docx',
      DOCX,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'essay.docx',
    ],
    [
      'marks.xlsx',
      XLSX,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'marks.xlsx',
    ],
    [
      'slides.pptx',
      PPTX,
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'slides.pptx',
    ],
    ['old.doc', oleWith('WordDocument'), 'application/msword', 'old.doc'],
    ['old.xls', oleWith('Workbook'), 'application/vnd.ms-excel', 'old.xls'],
    ['old.ppt', oleWith('PowerPoint Document'), 'application/vnd.ms-powerpoint', 'old.ppt'],
  ])('%s is taken as %s', async (name, bytes, contentType, fileName) => {
    const added = await attach(teacher.client, url(), { bytes, name, type: 'text/plain' });
    expect(added).toMatchObject({
      content_type: contentType,
      file_name: fileName,
      size: bytes.length,
    });
  });

  test('a PNG named .pdf is stored as the PNG it is', async () => {
    const added = await attach(teacher.client, url(), {
      bytes: PNG_1x1,
      name: 'homework.pdf',
      type: 'application/pdf',
    });
    expect(added).toMatchObject({ content_type: 'image/png', file_name: 'homework.png' });
    const file = await student.client.get(added.open_url);
    expect(file.headers.get('content-type')).toBe('image/png');
  });

  test.each([
    ['a program renamed .pdf', EXE, 'setup.pdf'],
    ['a zip that is no Office document', PLAIN_ZIP, 'notes.docx'],
    ['an Office container naming no document', oleWith('Something'), 'old.doc'],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>') as Buffer, 'page.pdf'],
    ['plain text', Buffer.from('just some words in a file') as Buffer, 'notes.pdf'],
  ])('%s is refused with a clear 415, nothing stored', async (_what, bytes, name) => {
    const before = await snapshot(server, ['class_materials', 'material_chunks']);
    const response = await uploadMaterial(teacher.client, url(), {
      bytes,
      name,
      type: 'application/pdf',
    });
    expect(response.status, response.text).toBe(415);
    expect(response.body).toMatchObject({ code: 'MATERIAL_TYPE', field: 'file' });
    expect(await snapshot(server, ['class_materials', 'material_chunks'])).toEqual(before);
  });

  test('an empty file or no file is refused', async () => {
    const empty = await uploadMaterial(teacher.client, url(), {
      bytes: Buffer.alloc(0),
      name: 'a.pdf',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('FILE_MISSING');
    const none = await teacher.client.request('POST', url(), { form: new FormData() });
    expect(none.status).toBe(400);
    const json = await teacher.client.post(url(), { title: 'x' });
    expect(json.status).toBe(415);
  });
});

describe('size limits by kind', () => {
  test('a document over 20 MB is refused with 413; audio of 21 MB is taken (its limit is 50 MB)', async () => {
    const before = await snapshot(server, ['class_materials', 'material_chunks']);
    const big = await uploadMaterial(teacher.client, `/api/classes/${classId}/materials`, {
      bytes: padded(PDF, 20 * MIB + 1),
      name: 'big.pdf',
    });
    expect(big.status, big.text).toBe(413);
    expect(big.body).toMatchObject({ code: 'MATERIAL_TOO_LARGE', params: { max: '20' } });
    expect(await snapshot(server, ['class_materials', 'material_chunks'])).toEqual(before);

    const audio = await attach(teacher.client, `/api/classes/${classId}/materials`, {
      bytes: padded(MP3, 21 * MIB),
      name: 'listening.mp3',
      type: 'audio/mpeg',
    });
    expect(audio.size).toBe(21 * MIB);
    const file = await student.client.request('GET', audio.open_url, undefined, {
      range: `bytes=${21 * MIB - 4}-`,
    });
    expect(file.status).toBe(206);
    expect(file.headers.get('content-range')).toBe(
      `bytes ${21 * MIB - 4}-${21 * MIB - 1}/${21 * MIB}`,
    );
  });

  test('audio over 50 MB is refused', async () => {
    const big = await uploadMaterial(teacher.client, `/api/classes/${classId}/materials`, {
      bytes: padded(MP3, 50 * MIB + 1),
      name: 'long.mp3',
    });
    expect(big.status, big.text).toBe(413);
    expect(big.body).toMatchObject({ code: 'MATERIAL_TOO_LARGE', params: { max: '50' } });
  });
});

describe('links', () => {
  test('an http(s) link with a title is attached to a class or a lesson', async () => {
    clock.advance(60_000);
    const link = await teacher.client.post(`/api/schedules/${scheduleId}/material-links`, {
      title: 'Bài nghe BBC',
      url: 'https://www.bbc.co.uk/learningenglish',
    });
    expect(link.status, link.text).toBe(201);
    expect(link.body.material).toMatchObject({
      kind: 'link',
      url: 'https://www.bbc.co.uk/learningenglish',
      open_url: 'https://www.bbc.co.uk/learningenglish',
      schedule_id: scheduleId,
      lesson_topic: 'Speaking practice',
    });
    const lesson = await student.client.get(`/api/schedules/${scheduleId}/materials`);
    expect(lesson.body.items[0].title).toBe('Bài nghe BBC');
  });

  test.each([
    ['javascript:alert(1)', 'MATERIAL_LINK_INVALID'],
    ['ftp://files.example.com/a.pdf', 'MATERIAL_LINK_INVALID'],
    ['www.example.com', 'MATERIAL_LINK_INVALID'],
    ['data:text/html,<script>alert(1)</script>', 'MATERIAL_LINK_INVALID'],
  ])('%s is refused', async (url, reason) => {
    const response = await teacher.client.post(`/api/classes/${classId}/material-links`, {
      title: 'Bad',
      url,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION', field: 'url', reason });
  });

  test('a link needs a title', async () => {
    const response = await teacher.client.post(`/api/classes/${classId}/material-links`, {
      title: '',
      url: 'https://example.com',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ field: 'title', reason: 'MATERIAL_TITLE_REQUIRED' });
  });
});

describe('reaching a file', () => {
  let material: { material_id: string; open_url: string };
  beforeAll(async () => {
    material = await attach(
      teacher.client,
      `/api/classes/${classId}/materials`,
      pdf('Bài tập Tuần 1.pdf'),
    );
  });

  test("the class's people get the bytes with its type, its UTF-8 name and nosniff", async () => {
    for (const client of [
      student.client,
      parent.client,
      teacher.client,
      school.staff.client,
      admin,
    ]) {
      const response = await fetch(server.baseUrl + material.open_url, {
        headers: { cookie: client.cookie! },
      });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toContain('no-store');
      expect(response.headers.get('content-disposition')).toBe(
        `inline; filename="Bai tap Tuan 1.pdf"; filename*=UTF-8''${encodeURIComponent('Bài tập Tuần 1.pdf')}`,
      );
    }
  });

  test('nobody outside the class reaches it: another class, its parent, signed out', async () => {
    for (const client of [school.outsider.client, otherParent.client, school.otherTeacher.client]) {
      expect((await client.get(material.open_url)).status).toBe(403);
      expect((await client.get(`/api/classes/${classId}/materials`)).status).toBe(403);
    }
    expect((await server.client().get(material.open_url)).status).toBe(401);
  });

  test('a student who left the class no longer reaches it', async () => {
    const leaver = await createAccount(server, admin, 'student');
    await enrol(admin, classId, [leaver.user.user_id]);
    expect((await leaver.client.get(material.open_url)).status).toBe(200);
    const left = await admin.delete(`/api/classes/${classId}/students/${leaver.user.user_id}`);
    expect(left.status, left.text).toBeLessThan(300);
    expect((await leaver.client.get(material.open_url)).status).toBe(403);
  });

  test('guessed ids and public paths find nothing', async () => {
    const guesses = [
      '/api/materials/00000000-0000-4000-8000-000000000000/file',
      `/api/materials/${material.material_id.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))}/file`,
      '/api/materials/1/file',
      `/files/materials/${material.material_id}`,
      `/files/${material.material_id}.pdf`,
      `/materials/${material.material_id}`,
    ];
    for (const url of guesses) {
      const response = await student.client.get(url);
      // A malformed id is refused before any lookup (400), a well-formed one not found (404); a
      // path outside the API is the web app's page when it is built, never the file.
      if (url.startsWith('/api/') || url.startsWith('/files/')) {
        expect([400, 404], `${url}: ${response.status}`).toContain(response.status);
      } else if (response.status === 200) {
        expect(response.headers.get('content-type')).toContain('text/html');
      }
      expect(response.text).not.toContain('%PDF');
    }
  });

  test('a link has no file', async () => {
    const link = await teacher.client.post(`/api/classes/${classId}/material-links`, {
      title: 'Site',
      url: 'https://example.com',
    });
    expect(
      (await student.client.get(`/api/materials/${link.body.material.material_id}/file`)).status,
    ).toBe(404);
  });
});

describe('a deleted lesson', () => {
  test('leaves its materials to the class', async () => {
    const lesson = await createLesson(admin, classId, '2030-04-20T01:00:00Z', 60, 'Buổi xoá');
    const added = await attach(teacher.client, `/api/schedules/${lesson.schedule_id}/materials`);
    expect(added.schedule_id).toBe(lesson.schedule_id);
    const deleted = await admin.delete(`/api/schedules/${lesson.schedule_id}`);
    expect(deleted.status, deleted.text).toBe(200);
    const list = await student.client.get(`/api/classes/${classId}/materials`);
    const kept = list.body.items.find(
      (m: { material_id: string }) => m.material_id === added.material_id,
    );
    expect(kept).toMatchObject({ schedule_id: null, lesson_topic: null });
    expect((await student.client.get(added.open_url)).status).toBe(200);
  });
});

describe('deleting', () => {
  test('whoever attached it, admin or staff delete it; then it is gone', async () => {
    const mine = await attach(teacher.client, `/api/classes/${classId}/materials`);
    const admins = await attach(admin, `/api/classes/${classId}/materials`);
    const listed = await teacher.client.get(`/api/classes/${classId}/materials`);
    const byId = (id: string) =>
      listed.body.items.find((m: { material_id: string }) => m.material_id === id);
    expect(byId(mine.material_id).can_delete).toBe(true);
    expect(byId(admins.material_id).can_delete).toBe(false);

    const refused = await teacher.client.delete(`/api/materials/${admins.material_id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('MATERIAL_DELETE_FORBIDDEN');
    expect((await student.client.delete(`/api/materials/${mine.material_id}`)).status).toBe(403);
    expect(
      (await school.otherTeacher.client.delete(`/api/materials/${mine.material_id}`)).status,
    ).toBe(403);

    expect((await teacher.client.delete(`/api/materials/${mine.material_id}`)).status).toBe(200);
    expect((await school.staff.client.delete(`/api/materials/${admins.material_id}`)).status).toBe(
      200,
    );
    for (const gone of [mine, admins]) {
      expect((await student.client.get(gone.open_url)).status).toBe(404);
      expect((await admin.delete(`/api/materials/${gone.material_id}`)).status).toBe(404);
    }
    const chunks = await db()
      .selectFrom('material_chunks')
      .select('material_id')
      .where('material_id', 'in', [mine.material_id, admins.material_id])
      .execute();
    expect(chunks).toEqual([]);
  });
});

describe('the Library', () => {
  let libraryClassId: string;
  const titles: string[] = [];
  let reader: Account;
  let readerParent: Account;

  beforeAll(async () => {
    // A class of its own, so the order is that of these materials alone.
    const klass = await createClass(admin, teacher.user.user_id, { class_name: 'Ngữ pháp' });
    libraryClassId = klass.class_id;
    reader = await createAccount(server, admin, 'student');
    readerParent = await createAccount(server, admin, 'parent');
    await db()
      .insertInto('student_parents')
      .values({
        student_id: reader.user.user_id,
        parent_id: readerParent.user.user_id,
        created_at: clock.now().toISOString(),
        created_by: null,
      })
      .execute();
    await enrol(admin, libraryClassId, [reader.user.user_id]);
    for (const title of [
      'Đề kiểm tra giữa kỳ',
      'Bảng động từ bất quy tắc',
      'Từ vựng chủ đề Gia đình',
    ]) {
      await attach(teacher.client, `/api/classes/${libraryClassId}/materials`, pdf(), { title });
      titles.unshift(title);
    }
    clock.advance(60_000);
    await teacher.client.post(`/api/classes/${libraryClassId}/material-links`, {
      title: 'Luyện nghe',
      url: 'https://example.com/listening',
      description: 'Nghe hằng ngày',
    });
    titles.unshift('Luyện nghe');
    // Another class's material, which the reader must not see.
    await attach(school.otherTeacher.client, `/api/classes/${otherClassId}/materials`, pdf(), {
      title: 'Đề riêng lớp khác',
    });
  });

  test("a student's Library lists their classes' materials, newest first, and no one else's", async () => {
    const page = await reader.client.get('/api/library');
    expect(page.status, page.text).toBe(200);
    expect(page.body.items.map((m: { title: string }) => m.title)).toEqual(titles);
    expect(page.body.total).toBe(4);
    expect(page.body.classes).toEqual([{ class_id: libraryClassId, class_name: 'Ngữ pháp' }]);
    expect(page.body.items[0]).toMatchObject({ class_name: 'Ngữ pháp', kind: 'link' });
  });

  test('search ignores accents and case, and reads the description too', async () => {
    const search = async (q: string) =>
      (await reader.client.get(`/api/library?q=${encodeURIComponent(q)}`)).body.items.map(
        (m: { title: string }) => m.title,
      );
    expect(await search('de kiem tra')).toEqual(['Đề kiểm tra giữa kỳ']);
    expect(await search('ĐỘNG TỪ')).toEqual(['Bảng động từ bất quy tắc']);
    expect(await search('hang ngay')).toEqual(['Luyện nghe']);
    expect(await search('lớp khác')).toEqual([]);
    expect(await search('100%')).toEqual([]);
  });

  test('a class filter, and a class not theirs gives nothing', async () => {
    const mine = await student.client.get(`/api/library?class_id=${classId}`);
    expect(mine.body.items.length).toBeGreaterThan(0);
    expect(mine.body.items.every((m: { class_id: string }) => m.class_id === classId)).toBe(true);
    const notMine = await reader.client.get(`/api/library?class_id=${otherClassId}`);
    expect(notMine.body.items).toEqual([]);
  });

  test("a parent's Library is their children's classes'; a teacher's their classes'", async () => {
    const forParent = await readerParent.client.get('/api/library');
    expect(forParent.status).toBe(200);
    expect(forParent.body.items.map((m: { title: string }) => m.title)).toEqual(titles);
    const forTeacher = await school.otherTeacher.client.get('/api/library');
    expect(forTeacher.body.items.map((m: { title: string }) => m.title)).toEqual([
      'Đề riêng lớp khác',
    ]);
  });

  test('admin and staff have no Library page (they open materials from the class)', async () => {
    expect((await admin.get('/api/library')).status).toBe(403);
    expect((await school.staff.client.get('/api/library')).status).toBe(403);
    expect((await server.client().get('/api/library')).status).toBe(401);
  });
});
