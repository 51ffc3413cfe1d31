// Phone is a column of the import and of the exports (issue 26, point 3): imported numbers are
// stored in one form, a wrong one is its row's verdict, and the lists export them as people read
// them.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { snapshot, uniqueEmail } from '../../helpers/factories.ts';
import { admin, server, staff } from './cast.ts';

const readCsv = async (role: string, cookie: string) => {
  const response = await fetch(`${server.baseUrl}/api/users/export?role=${role}&format=csv`, {
    headers: { cookie },
  });
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  return parse(bytes.subarray(3).toString('utf8')) as string[][];
};

describe('importing with a phone column', () => {
  test('the phone column of an .xlsx is read, previewed, normalised and stored', async () => {
    const hoa = uniqueEmail('hoa');
    const nam = uniqueEmail('nam');
    const lan = uniqueEmail('lan');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Học viên');
    sheet.addRow(['Họ và tên', 'Email', 'Số điện thoại']);
    sheet.addRow(['Nguyễn Thị Hoa', hoa, '0912.345.678']);
    // Excel keeps a number typed without quotes as a number, dropping its leading 0.
    sheet.addRow(['Trần Văn Nam', nam, 987654321]);
    sheet.addRow(['Lê Thị Lan', lan, '']);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(await workbook.xlsx.writeBuffer())]), 'hv.xlsx');
    const table = await staff.client.request('POST', '/api/users/import/read', { form });
    expect(table.status).toBe(200);
    const rows = (table.body.rows as string[][]).map(([full_name, email, phone]) => ({
      full_name: full_name!,
      email: email!,
      phone: phone!,
    }));

    const preview = await staff.client.post('/api/users/import/preview', { role: 'student', rows });
    expect(preview.status).toBe(200);
    expect(preview.body.rows).toEqual([
      {
        line: 1,
        full_name: 'Nguyễn Thị Hoa',
        email: hoa,
        phone: '+84912345678',
        verdict: 'new',
        parent: null,
      },
      {
        line: 2,
        full_name: 'Trần Văn Nam',
        email: nam,
        phone: '+84987654321',
        verdict: 'new',
        parent: null,
      },
      { line: 3, full_name: 'Lê Thị Lan', email: lan, phone: null, verdict: 'new', parent: null },
    ]);

    const imported = await staff.client.post('/api/users/import', { role: 'student', rows });
    expect(imported.status).toBe(200);
    expect(imported.body.created).toBe(3);
    const stored = await server.server.ctx.database.db
      .selectFrom('users')
      .select(['email', 'phone'])
      .where('email', 'in', [hoa, nam, lan])
      .orderBy('email')
      .execute();
    expect(Object.fromEntries(stored.map((u) => [u.email, u.phone]))).toEqual({
      [hoa]: '+84912345678',
      [nam]: '+84987654321',
      [lan]: null,
    });
  });

  test('a row whose phone is no Vietnamese number is not imported and says why', async () => {
    const good = uniqueEmail('good');
    const bad = uniqueEmail('bad');
    const rows = [
      { full_name: 'Phạm Minh', email: good, phone: '+84 912 000 111' },
      { full_name: 'Đỗ Hải', email: bad, phone: '12345' },
    ];
    const preview = await staff.client.post('/api/users/import/preview', { role: 'teacher', rows });
    expect(
      preview.body.rows.map((r: { verdict: string; phone: string }) => [r.verdict, r.phone]),
    ).toEqual([
      ['new', '+84912000111'],
      ['invalid_phone', '12345'],
    ]);
    expect(preview.body.counts).toMatchObject({ new: 1, invalid_phone: 1 });
    const imported = await staff.client.post('/api/users/import', { role: 'teacher', rows });
    expect(imported.body).toMatchObject({ created: 1, skipped: 1 });
    const emails = (
      await server.server.ctx.database.db
        .selectFrom('users')
        .select('email')
        .where('email', 'in', [good, bad])
        .execute()
    ).map((u) => u.email);
    expect(emails).toEqual([good]);
  });

  test('an import without a phone column is as before', async () => {
    const before = await snapshot(server, ['users']);
    const email = uniqueEmail('nophone');
    const preview = await staff.client.post('/api/users/import/preview', {
      role: 'student',
      rows: [{ full_name: 'Không Số', email }],
    });
    expect(preview.body.rows).toEqual([
      { line: 1, full_name: 'Không Số', email, phone: null, verdict: 'new', parent: null },
    ]);
    expect(await snapshot(server, ['users'])).toEqual(before);
  });
});

describe('exporting with a phone column', () => {
  test('the list has the phone as people read it, in Vietnamese and in English', async () => {
    const created = await admin.post('/api/users', {
      email: uniqueEmail('exported'),
      full_name: 'Có Số',
      role: 'staff',
    });
    await admin.patch(`/api/users/${created.body.user.user_id}`, { phone: '+84 24 3826 1234' });
    const table = await readCsv('staff', admin.cookie!);
    expect(table[0]).toEqual([
      'STT',
      'Họ và tên',
      'Email',
      'Số điện thoại',
      'Tên đăng nhập',
      'Trạng thái',
      'Ngày tạo',
    ]);
    const row = table.find((r) => r[2] === created.body.user.email);
    expect(row?.[3]).toBe('024 3826 1234');

    await admin.put('/api/profile/language', { language: 'en' });
    const english = await readCsv('staff', admin.cookie!);
    await admin.put('/api/profile/language', { language: 'vi' });
    expect(english[0]).toEqual([
      'No.',
      'Full name',
      'Email',
      'Phone',
      'Username',
      'Status',
      'Created',
    ]);
  });
});
