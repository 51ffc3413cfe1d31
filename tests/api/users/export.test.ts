// The lists of accounts exported as CSV and .xlsx, parsed back, in the reader's language.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { server, staff, teacher } from './cast.ts';

describe('exporting', () => {
  test('the students list as CSV (BOM) and .xlsx, parsed back; staff may not export staff', async () => {
    const response = await fetch(`${server.baseUrl}/api/users/export?role=teacher&format=csv`, {
      headers: { cookie: staff.client.cookie! },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const table: string[][] = parse(bytes.subarray(3).toString('utf8'));
    expect(table[0]).toEqual([
      'STT',
      'Họ và tên',
      'Email',
      'Số điện thoại',
      'Tên đăng nhập',
      'Trạng thái',
      'Ngày tạo',
    ]);
    expect(table.slice(1).map((row) => row[2])).toEqual([teacher.email]);

    const xlsx = await fetch(`${server.baseUrl}/api/users/export?role=teacher&format=xlsx`, {
      headers: { cookie: staff.client.cookie! },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const values: string[][] = [];
    workbook.worksheets[0]!.eachRow((row) => values.push((row.values as string[]).slice(1)));
    expect(values).toEqual(table);

    expect((await staff.client.get('/api/users/export?role=staff')).status).toBe(403);
    expect((await teacher.client.get('/api/users/export?role=student')).status).toBe(403);
  });

  test('a user who chose English gets the list in English, file name included', async () => {
    await staff.client.put('/api/profile/language', { language: 'en' });
    const response = await fetch(`${server.baseUrl}/api/users/export?role=teacher&format=csv`, {
      headers: { cookie: staff.client.cookie! },
    });
    await staff.client.put('/api/profile/language', { language: 'vi' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/filename="teachers-\d{4}-/);
    const bytes = Buffer.from(await response.arrayBuffer());
    const table: string[][] = parse(bytes.subarray(3).toString('utf8'));
    expect(table[0]).toEqual([
      'No.',
      'Full name',
      'Email',
      'Phone',
      'Username',
      'Status',
      'Created',
    ]);
    expect(table.slice(1).map((row) => row[5])).toEqual(['Active']);
  });
});
