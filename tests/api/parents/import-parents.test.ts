// The student import's parent columns (issue 29 point 1, docs/decisions/036-parents.md): a row's
// parent (name, phone, e-mail) gets an account, or the existing parent with that e-mail is linked;
// siblings in two rows share one parent; the preview says what will be made or linked; a wrong
// parent is the row's own clear verdict, and that row is not imported.
import { describe, expect, test } from 'vitest';
import { createAccount, uniqueEmail } from '../../helpers/factories.ts';
import type { TestClient } from '../../helpers/test-server.ts';
import { admin, server, staff, teacher } from '../users/cast.ts';

const importRows = (client: TestClient, rows: unknown[], role = 'student') =>
  client.request(
    'POST',
    '/api/users/import',
    { json: { role, rows } },
    { 'idempotency-key': `import-${Math.random().toString(36).slice(2)}` },
  );
const parentsOf = async (studentEmail: string) => {
  const { db } = server.server.ctx.database;
  return db
    .selectFrom('users as child')
    .innerJoin('student_parents as family', 'family.student_id', 'child.user_id')
    .innerJoin('users as parent', 'parent.user_id', 'family.parent_id')
    .select(['parent.email', 'parent.full_name', 'parent.phone', 'parent.role'])
    .where('child.email', '=', studentEmail)
    .orderBy('parent.email')
    .execute();
};

describe('a student import with parents', () => {
  test('siblings share one new parent; the preview says so; the passwords include the parent', async () => {
    const [first, second, third] = [uniqueEmail('hs'), uniqueEmail('hs'), uniqueEmail('hs')];
    const mother = uniqueEmail('me');
    const rows = [
      {
        full_name: 'Lê An',
        email: first,
        parent_name: 'Lê Thị Mẹ',
        parent_email: mother.toUpperCase(),
        parent_phone: '0912 345 678',
      },
      { full_name: 'Lê Bình', email: second, parent_name: 'Lê Thị Mẹ', parent_email: mother },
      { full_name: 'Trần Chi', email: third, parent_name: '', parent_email: '', parent_phone: '' },
    ];
    const preview = await staff.client.post('/api/users/import/preview', { role: 'student', rows });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.rows.map((r: { verdict: string }) => r.verdict)).toEqual([
      'new',
      'new',
      'new',
    ]);
    expect(preview.body.rows.map((r: { parent: unknown }) => r.parent)).toEqual([
      { full_name: 'Lê Thị Mẹ', email: mother, phone: '+84912345678', action: 'new' },
      { full_name: 'Lê Thị Mẹ', email: mother, phone: null, action: 'link' },
      null,
    ]);

    const done = await importRows(staff.client, rows);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ created: 3, parents_created: 1, parents_linked: 2 });
    expect(done.body.accounts.map((a: { email: string }) => a.email)).toContain(mother);
    const parentPassword = done.body.accounts.find((a: { email: string }) => a.email === mother)
      .password as string;
    for (const child of [first, second]) {
      expect(await parentsOf(child)).toEqual([
        { email: mother, full_name: 'Lê Thị Mẹ', phone: '+84912345678', role: 'parent' },
      ]);
    }
    expect(await parentsOf(third)).toEqual([]);
    const parent = server.client();
    const signedIn = await parent.post('/api/auth/login', {
      email: mother,
      password: parentPassword,
    });
    expect(signedIn.status, signedIn.text).toBe(200);
  });

  test("an existing parent's e-mail links them; an existing student gets the parent too", async () => {
    const existingStudent = await createAccount(server, admin, 'student');
    const made = await admin.post(`/api/students/${existingStudent.user.user_id}/parents`, {
      full_name: 'Phạm Văn Bố',
      email: uniqueEmail('bo'),
    });
    const father = made.body.parent.email as string;
    const newChild = uniqueEmail('hs');
    const secondParent = uniqueEmail('me');
    const rows = [
      // The name may be left out for a parent who has an account.
      { full_name: 'Phạm Nhỏ', email: newChild, parent_name: '', parent_email: father },
      {
        full_name: existingStudent.user.full_name,
        email: existingStudent.email,
        parent_name: 'Phạm Văn Bố',
        parent_email: father,
      },
    ];
    const preview = await admin.post('/api/users/import/preview', { role: 'student', rows });
    expect(
      preview.body.rows.map((r: { verdict: string; parent: { action: string } }) => [
        r.verdict,
        r.parent.action,
      ]),
    ).toEqual([
      ['new', 'link'],
      ['already_active', 'already_linked'],
    ]);
    const done = await importRows(admin, rows);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ created: 1, parents_created: 0, parents_linked: 1 });
    expect((await parentsOf(newChild)).map((p) => p.email)).toEqual([father]);

    // An existing student whose only change is a second parent: the import links them.
    const again = await importRows(admin, [
      {
        full_name: existingStudent.user.full_name,
        email: existingStudent.email,
        parent_name: 'Phạm Thị Mẹ',
        parent_email: secondParent,
      },
    ]);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ created: 0, parents_created: 1, parents_linked: 1 });
    expect((await parentsOf(existingStudent.email)).map((p) => p.email).sort()).toEqual(
      [father, secondParent].sort(),
    );
  });

  test("each wrong parent is its row's verdict, and those rows are not imported", async () => {
    const full = await createAccount(server, admin, 'student');
    for (const name of ['Một', 'Hai']) {
      await admin.post(`/api/students/${full.user.user_id}/parents`, {
        full_name: name,
        email: uniqueEmail('ph'),
      });
    }
    const good = uniqueEmail('hs');
    const rows = [
      { full_name: 'A', email: uniqueEmail('hs'), parent_name: 'P', parent_email: 'nope' },
      { full_name: 'B', email: uniqueEmail('hs'), parent_name: '', parent_email: uniqueEmail('p') },
      {
        full_name: 'C',
        email: uniqueEmail('hs'),
        parent_name: 'P',
        parent_email: uniqueEmail('p'),
        parent_phone: '12',
      },
      // A teacher's e-mail is not a parent's.
      { full_name: 'D', email: uniqueEmail('hs'), parent_name: 'P', parent_email: teacher.email },
      {
        full_name: full.user.full_name,
        email: full.email,
        parent_name: 'Ba',
        parent_email: uniqueEmail('p'),
      },
      { full_name: 'Tốt', email: good, parent_name: 'Mẹ Tốt', parent_email: uniqueEmail('p') },
    ];
    const preview = await admin.post('/api/users/import/preview', { role: 'student', rows });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.rows.map((r: { verdict: string }) => r.verdict)).toEqual([
      'parent_invalid_email',
      'parent_missing_name',
      'parent_invalid_phone',
      'parent_email_taken',
      'parent_limit',
      'new',
    ]);
    expect(preview.body.counts).toMatchObject({
      parent_invalid_email: 1,
      parent_missing_name: 1,
      parent_invalid_phone: 1,
      parent_email_taken: 1,
      parent_limit: 1,
      new: 1,
    });
    const done = await importRows(admin, rows);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ created: 1, skipped: 5, parents_created: 1 });
    const { db } = server.server.ctx.database;
    const made = await db
      .selectFrom('users')
      .select('email')
      .where(
        'email',
        'in',
        rows.map((r) => r.email),
      )
      .execute();
    expect(made.map((u) => u.email).sort()).toEqual([full.email, good].sort());
    expect(await parentsOf(full.email)).toHaveLength(2);
  });

  test('parent columns come only with students', async () => {
    const refused = await admin.post('/api/users/import/preview', {
      role: 'teacher',
      rows: [
        {
          full_name: 'T',
          email: uniqueEmail('t'),
          parent_name: 'P',
          parent_email: uniqueEmail('p'),
        },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('IMPORT_PARENTS_STUDENTS_ONLY');
  });

  test('a CSV with Vietnamese parent headers reads as columns the dialog maps', async () => {
    const csv =
      '\uFEFFHọ và tên;Email;Tên phụ huynh;Email phụ huynh;SĐT phụ huynh\r\nLê An;an@example.com;Lê Mẹ;me@example.com;0912345678\r\n';
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(csv, 'utf8')]), 'hoc-vien.csv');
    const read = await staff.client.request('POST', '/api/users/import/read', { form });
    expect(read.status, read.text).toBe(200);
    expect(read.body.headers).toEqual([
      'Họ và tên',
      'Email',
      'Tên phụ huynh',
      'Email phụ huynh',
      'SĐT phụ huynh',
    ]);
  });
});
