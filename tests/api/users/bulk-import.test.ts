// Bulk import of accounts: files read with real parsers (CSV with BOM and ';', .xlsx), every row's
// verdict before anything is written, one transaction (a failure leaves nothing), first passwords
// once, enrolment in the same step, the same file twice creating nothing twice, 5,000 rows.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { createAccount, snapshot, USER_DATA_TABLES } from '../../helpers/factories.ts';
import { createClass } from '../../helpers/school.ts';
import { TestClient } from '../../helpers/test-server.ts';
import { admin, server, staff, teacher } from './cast.ts';

let classId: string;
beforeAll(async () => {
  classId = (await createClass(admin, teacher.user.user_id, { class_name: 'Khóa hè' })).class_id;
});

const readFile = (client: TestClient, bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return client.request('POST', '/api/users/import/read', { form });
};
const withKey = (client: TestClient, body: unknown, key: string) =>
  client.request('POST', '/api/users/import', { json: body }, { 'idempotency-key': key });

describe('reading a file', () => {
  test('a CSV saved by Excel (BOM, semicolons, Vietnamese) and an .xlsx give the same table', async () => {
    const csv =
      '\uFEFFHọ và tên;Email\r\nNguyễn Thị Hoa;hoa@example.com\r\n"Trần, Văn Nam";NAM@example.com\r\n';
    const fromCsv = await readFile(staff.client, Buffer.from(csv, 'utf8'), 'hoc-vien.csv');
    expect(fromCsv.status, fromCsv.text).toBe(200);
    expect(fromCsv.body).toEqual({
      headers: ['Họ và tên', 'Email'],
      rows: [
        ['Nguyễn Thị Hoa', 'hoa@example.com'],
        ['Trần, Văn Nam', 'NAM@example.com'],
      ],
    });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Danh sách');
    sheet.addRow(['Họ và tên', 'Email']);
    sheet.addRow(['Nguyễn Thị Hoa', 'hoa@example.com']);
    sheet.addRow(['Trần, Văn Nam', 'NAM@example.com']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const fromXlsx = await readFile(staff.client, xlsx, 'whatever.bin');
    expect(fromXlsx.body).toEqual(fromCsv.body);
  });

  test('a file that is neither, an empty one, or none at all is refused with a clear message', async () => {
    const binary = await readFile(
      staff.client,
      Uint8Array.from([0xff, 0xfe, 0x00, 0x81, 0x90]),
      'x.csv',
    );
    expect(binary.status).toBe(400);
    expect(binary.body.code).toBe('IMPORT_FILE_UNREADABLE');
    const brokenZip = await readFile(
      staff.client,
      Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2]),
      'x.xlsx',
    );
    expect(brokenZip.status).toBe(400);
    const empty = await readFile(staff.client, Buffer.from('Họ và tên,Email\n'), 'x.csv');
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('IMPORT_FILE_EMPTY');
    expect((await staff.client.post('/api/users/import/read', {})).status).toBe(400);
    expect((await readFile(teacher.client, Buffer.from('a,b\n1,2\n'), 'x.csv')).status).toBe(403);
  });
});

describe('importing', () => {
  let inactiveEmail: string;
  let activeEmail: string;

  beforeAll(async () => {
    const gone = await createAccount(server, admin, 'student', { full_name: 'Cũ' });
    expect((await admin.delete(`/api/users/${gone.user.user_id}`)).status).toBe(200);
    inactiveEmail = gone.email;
    activeEmail = (await createAccount(server, admin, 'student', { full_name: 'Đang học' })).email;
  });

  const rows = () => [
    { full_name: 'Học viên Mới', email: ' Moi@Example.com ' },
    { full_name: 'Quay lại', email: inactiveEmail },
    { full_name: 'Đang học', email: activeEmail },
    { full_name: 'Sai email', email: 'not-an-email' },
    { full_name: 'Trùng', email: 'moi@example.com' },
    { full_name: '  ', email: 'noname@example.com' },
  ];

  test('the preview gives each row its verdict and writes nothing', async () => {
    const before = await snapshot(server, USER_DATA_TABLES);
    const preview = await staff.client.post('/api/users/import/preview', {
      role: 'student',
      rows: rows(),
      class_id: classId,
    });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.rows.map((r: { verdict: string }) => r.verdict)).toEqual([
      'new',
      'reactivated',
      'already_active',
      'invalid_email',
      'duplicate_in_file',
      'missing_name',
    ]);
    expect(preview.body.counts).toEqual({
      new: 1,
      reactivated: 1,
      already_active: 1,
      invalid_email: 1,
      missing_name: 1,
      duplicate_in_file: 1,
      invalid_phone: 0,
      parent_invalid_email: 0,
      parent_missing_name: 0,
      parent_invalid_phone: 0,
      parent_email_taken: 0,
      parent_limit: 0,
    });
    expect(preview.body.rows[0]).toMatchObject({ line: 1, email: 'moi@example.com' });
    expect(await snapshot(server, USER_DATA_TABLES)).toEqual(before);
  });

  test('staff may not import staff, a teacher may not import, a class is for students only', async () => {
    const before = await snapshot(server, USER_DATA_TABLES);
    const asStaff = await staff.client.post('/api/users/import', { role: 'staff', rows: rows() });
    expect(asStaff.status).toBe(403);
    expect(asStaff.body).toMatchObject({
      code: 'STAFF_CANNOT_CREATE_ROLE',
      params: { role: 'staff' },
    });
    expect(
      (await teacher.client.post('/api/users/import', { role: 'student', rows: rows() })).status,
    ).toBe(403);
    const teachersInClass = await admin.post('/api/users/import', {
      role: 'teacher',
      rows: rows(),
      class_id: classId,
    });
    expect(teachersInClass.status).toBe(400);
    expect(teachersInClass.body.code).toBe('IMPORT_CLASS_STUDENTS_ONLY');
    expect(await snapshot(server, USER_DATA_TABLES)).toEqual(before);
  });

  test('a failure part-way leaves nothing half-imported', async () => {
    const { db, dialect } = server.server.ctx.database;
    // The database refuses one of the rows, after others of the same import were written.
    if (dialect === 'postgres') {
      await sql`create function refuse_boom() returns trigger as $$ begin raise exception 'boom'; end $$ language plpgsql`.execute(
        db,
      );
      await sql`create trigger refuse_boom before insert on users for each row when (new.email = 'boom@example.com') execute function refuse_boom()`.execute(
        db,
      );
    } else {
      await sql`create trigger refuse_boom before insert on users when new.email = 'boom@example.com' begin select raise(abort, 'boom'); end`.execute(
        db,
      );
    }
    const before = await snapshot(server, USER_DATA_TABLES);
    const failed = await staff.client.post('/api/users/import', {
      role: 'student',
      rows: [...rows(), { full_name: 'Boom', email: 'boom@example.com' }],
      class_id: classId,
    });
    expect(failed.status).toBe(500);
    expect(await snapshot(server, USER_DATA_TABLES)).toEqual(before);
    await sql`drop trigger refuse_boom${sql.raw(dialect === 'postgres' ? ' on users' : '')}`.execute(
      db,
    );
  });

  test('one transaction: new and reactivated accounts with first passwords once, enrolled; a retry and the same file again create nothing twice', async () => {
    const body = { role: 'student', rows: rows(), class_id: classId };
    const imported = await withKey(staff.client, body, 'import-0001');
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toMatchObject({
      created: 1,
      reactivated: 1,
      skipped: 4,
      enrolled: 3,
      code: 'IMPORT_DONE',
      params: { created: '1', reactivated: '1', skipped: '4' },
    });
    expect(imported.body.accounts.map((a: { email: string }) => a.email)).toEqual([
      'moi@example.com',
      inactiveEmail,
    ]);
    // Each first password signs in (and must be changed, as at creation).
    for (const account of imported.body.accounts) {
      expect(account.password).toMatch(/^\d{6}$/);
      const client = new TestClient(server.baseUrl);
      const login = await client.post('/api/auth/login', {
        email: account.email,
        password: account.password,
      });
      expect(login.status, login.text).toBe(200);
      expect(
        login.body.mustChangePassword ?? login.body.user?.mustChangePassword ?? true,
      ).toBeTruthy();
    }
    const enrolled = (await admin.get(`/api/classes/${classId}/students`)).body.items.map(
      (s: { email: string }) => s.email,
    );
    expect(enrolled.sort()).toEqual([activeEmail, inactiveEmail, 'moi@example.com'].sort());

    const before = await snapshot(server, USER_DATA_TABLES);
    const retried = await withKey(staff.client, body, 'import-0001');
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ created: 1, reactivated: 1, enrolled: 3, accounts: [] });
    const again = await staff.client.post('/api/users/import', body);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('IMPORT_NOTHING_TO_IMPORT');
    expect(await snapshot(server, USER_DATA_TABLES)).toEqual(before);
  });

  test('the same rows imported twice at once make each account once', async () => {
    const same = Array.from({ length: 40 }, (_, i) => ({
      full_name: `Cùng lúc ${i}`,
      email: `together${i}@school.example`,
    }));
    const replies = await Promise.all(
      [1, 2, 3].map(() => staff.client.post('/api/users/import', { role: 'student', rows: same })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(replies.find((r) => r.status === 200)!.body.created).toBe(40);
    const stored = await server.server.ctx.database.db
      .selectFrom('users')
      .select('email')
      .where('email', 'like', 'together%')
      .execute();
    expect(stored).toHaveLength(40);
  });

  test('5,000 rows from one file are imported in one request', async () => {
    const big = Array.from({ length: 5_000 }, (_, i) => ({
      full_name: `Học viên số ${i + 1}`,
      email: `bulk${i + 1}@school.example`,
    }));
    const imported = await admin.post('/api/users/import', { role: 'student', rows: big });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toMatchObject({ created: 5_000, skipped: 0 });
    expect(new Set(imported.body.accounts.map((a: { email: string }) => a.email)).size).toBe(5_000);
    const listed = await admin.get('/api/users?role=student&page=1');
    expect(listed.body.total).toBeGreaterThanOrEqual(5_000);
  }, 60_000);
});
