// Finding 2 of issue 30: a small .xlsx that unpacks to ~70 MB (a million rows) stalled the server
// for seconds. Workbooks are now read as a stream behind an unpacked-size limit and a row limit
// (lib/workbook-reader.ts): the bomb is refused with a 4xx while /api/health keeps answering,
// nothing is written, a zip lying about its sizes is refused, and a normal workbook still reads.
// Every workbook is built here (tests/helpers/workbook-zip.ts), none is kept as a binary.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IMPORT_MAX_ROWS } from '#common/user-import.ts';
import { snapshot, USER_DATA_TABLES } from '../../helpers/factories.ts';
import { type School, startSchool } from '../../helpers/school.ts';
import type { TestClient } from '../../helpers/test-server.ts';
import {
  bombParts,
  repeatedRows,
  sheetXml,
  workbookParts,
  zipArchive,
} from '../../helpers/workbook-zip.ts';

const SHEET = 'xl/worksheets/sheet1.xml';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Far above what a health check takes, far below the seconds the bomb stalled it for. */
const HEALTH_BOUND_MS = 1_500;

let school: School;
let admin: TestClient;
/** A million rows: ~71 MB of XML in ~250 KB. */
let bomb: Buffer;

beforeAll(async () => {
  school = await startSchool();
  admin = school.admin;
  bomb = zipArchive(bombParts(1_000_000));
  expect(bomb.length).toBeLessThan(1_048_576);
});
afterAll(() => school.server.close());

/**
 * Sends the file and, until its answer comes, asks /api/health again and again: each answer must
 * come within the bound (the server kept serving others while it read the file).
 */
async function uploadWhileCheckingHealth(path: string, bytes: Buffer) {
  let settled = false;
  const upload = admin.upload(path, { bytes, name: 'bomb.xlsx', type: XLSX }).finally(() => {
    settled = true;
  });
  const waits: number[] = [];
  do {
    const started = performance.now();
    const health = await fetch(`${school.server.baseUrl}/api/health`);
    waits.push(performance.now() - started);
    expect(health.status).toBe(200);
  } while (!settled);
  for (const wait of waits) expect(wait).toBeLessThan(HEALTH_BOUND_MS);
  return { response: await upload, checks: waits.length };
}

describe('a workbook that unpacks to far more than it weighs', () => {
  test('the accounts import refuses it (413) while /api/health answers, and writes nothing', async () => {
    const before = await snapshot(school.server, USER_DATA_TABLES);
    const { response, checks } = await uploadWhileCheckingHealth('/api/users/import/read', bomb);
    expect(response.status, response.text).toBe(413);
    expect(response.body).toMatchObject({ code: 'SPREADSHEET_TOO_LARGE', field: 'file' });
    expect(checks).toBeGreaterThan(0);
    expect(await snapshot(school.server, USER_DATA_TABLES)).toEqual(before);
  });

  test('the bank statement preview refuses it the same way', async () => {
    const before = await snapshot(school.server, USER_DATA_TABLES);
    const { response } = await uploadWhileCheckingHealth('/api/bank/statements/preview', bomb);
    expect(response.status, response.text).toBe(413);
    expect(response.body.code).toBe('SPREADSHEET_TOO_LARGE');
    expect(await snapshot(school.server, USER_DATA_TABLES)).toEqual(before);
  });

  test('a zip declaring small sizes for the same parts is caught by counting: unreadable', async () => {
    const liar = zipArchive(bombParts(1_000_000), { lie: { [SHEET]: 1_000 } });
    const { response } = await uploadWhileCheckingHealth('/api/users/import/read', liar);
    expect(response.status, response.text).toBe(400);
    expect(response.body.code).toBe('IMPORT_FILE_UNREADABLE');
  });

  test('one declaring 20 MB for a sheet of 71 MB is inflated no further than 20 MB: unreadable', async () => {
    const liar = zipArchive(bombParts(1_000_000), { lie: { [SHEET]: 20 * 1_048_576 } });
    const { response, checks } = await uploadWhileCheckingHealth('/api/users/import/read', liar);
    expect(checks).toBeGreaterThan(0);
    expect(response.status, response.text).toBe(400);
    expect(response.body.code).toBe('IMPORT_FILE_UNREADABLE');
  });
});

describe('the row limit while streaming', () => {
  test('a workbook under the size limit with more rows than an import takes: 413 too many rows', async () => {
    const rows = [['Họ và tên', 'Email'], ...repeatedRows(IMPORT_MAX_ROWS + 1)];
    const file = zipArchive(workbookParts(sheetXml(rows)));
    const { response } = await uploadWhileCheckingHealth('/api/users/import/read', file);
    expect(response.status, response.text).toBe(413);
    expect(response.body.code).toBe('IMPORT_TOO_MANY_ROWS');
  });

  test('exactly the limit still reads, and a workbook not made by Excel reads as it should', async () => {
    const rows = [['Họ và tên', 'Email'], ...repeatedRows(IMPORT_MAX_ROWS)];
    const response = await admin.upload('/api/users/import/read', {
      bytes: zipArchive(workbookParts(sheetXml(rows))),
      name: 'limit.xlsx',
      type: XLSX,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.headers).toEqual(['Họ và tên', 'Email']);
    expect(response.body.rows).toHaveLength(IMPORT_MAX_ROWS);
    expect(response.body.rows[0]).toEqual(['Nguyễn Văn An', 'an@example.com']);

    const small = await admin.upload('/api/users/import/read', {
      bytes: zipArchive(
        workbookParts(
          sheetXml([
            ['Tên', 'Email'],
            ['Bình & <Chi>', 'b@example.com'],
          ]),
        ),
      ),
      name: 'small.xlsx',
      type: XLSX,
    });
    expect(small.status, small.text).toBe(200);
    expect(small.body).toEqual({
      headers: ['Tên', 'Email'],
      rows: [['Bình & <Chi>', 'b@example.com']],
    });
  });
});
