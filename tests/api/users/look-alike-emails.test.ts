// Look-alike e-mails (issue 30 point 8): an address with a Cyrillic letter or a zero-width space
// looks like another person's. Account creation and correction refuse it with its own message and
// write nothing; an import's preview marks the row as an invalid e-mail and the import skips it;
// a parent's address in an import row likewise; the reset request refuses it too.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAccount, snapshot, USER_DATA_TABLES } from '../../helpers/factories.ts';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/test-server.ts';

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(() => server.close());

const CYRILLIC = `\u0430n-${Date.now()}@example.com`; // 'аn…': a Cyrillic а
const ZERO_WIDTH = `an\u200b-${Date.now()}@example.com`;
const BIDI = `an-${Date.now()}@example.com\u202e`;
// The web app shows the reason's text under the field.
const refused = { code: 'VALIDATION', field: 'email', reason: 'EMAIL_LOOK_ALIKE_CHARACTERS' };

test.each([CYRILLIC, ZERO_WIDTH, BIDI])(
  'account creation and correction refuse %j and write nothing',
  async (email) => {
    const person = await createAccount(server, admin, 'student');
    const before = await snapshot(server, USER_DATA_TABLES);
    const created = await admin.post('/api/users', {
      full_name: 'Look Alike',
      email,
      role: 'student',
    });
    expect(created.status, created.text).toBe(400);
    expect(created.body).toMatchObject(refused);
    const corrected = await admin.patch(`/api/users/${person.user.user_id}`, { email });
    expect(corrected.status, corrected.text).toBe(400);
    expect(corrected.body).toMatchObject(refused);
    const reset = await server.client().post('/api/auth/password-reset', { email });
    expect(reset.status, reset.text).toBe(400);
    expect(reset.body).toMatchObject(refused);
    expect(await snapshot(server, USER_DATA_TABLES)).toEqual(before);
  },
);

test('an import: the preview marks look-alike rows as invalid e-mails, the import skips them', async () => {
  const plain = `plain-${Date.now()}@example.com`;
  const body = {
    role: 'student',
    rows: [
      { full_name: 'Cyrillic', email: CYRILLIC },
      { full_name: 'Zero width', email: ZERO_WIDTH },
      { full_name: 'Plain', email: plain, parent_name: 'Parent', parent_email: ZERO_WIDTH },
      { full_name: 'Plain two', email: `two-${plain}` },
    ],
  };
  const preview = await admin.post('/api/users/import/preview', body);
  expect(preview.status, preview.text).toBe(200);
  expect(preview.body.rows.map((row: { verdict: string }) => row.verdict)).toEqual([
    'invalid_email',
    'invalid_email',
    'parent_invalid_email',
    'new',
  ]);
  const imported = await admin.post('/api/users/import', body);
  expect(imported.status, imported.text).toBe(200);
  expect(imported.body.created).toBe(1);
  const emails = (
    await server.server.ctx.database.db.selectFrom('users').select('email').execute()
  ).map((row) => row.email);
  expect(emails).toContain(`two-${plain}`);
  for (const email of [CYRILLIC, ZERO_WIDTH, plain]) expect(emails).not.toContain(email);
});
