// `npm run admin -- reset-password EMAIL` and `-- create-admin EMAIL` (issue 26 point 8): the
// script run as an operator runs it, against the database a running server uses, on both databases.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAccount, uniqueEmail } from '../helpers/factories.ts';
import { ADMIN, startTestServer, type TestServer } from '../helpers/test-server.ts';

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/admin.ts');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Runs the script with the server's own database settings; never throws on a failing exit. */
async function admin(...args: string[]) {
  const env = {
    PATH: process.env.PATH,
    DATA_DIR: server.database.dataDir,
    ...(server.database.databaseUrl ? { DATABASE_URL: server.database.databaseUrl } : {}),
  };
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const printedPassword = (stdout: string) => /Password: (\S+)/.exec(stdout)?.[1] as string;

describe('reset-password', () => {
  test('prints a new first password for an admin: old sessions end, the old password stops working', async () => {
    const lost = await createAccount(server, await server.admin(), 'admin');
    const result = await admin('reset-password', lost.email.toUpperCase());
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(`New first password for ${lost.email}`);
    const password = printedPassword(result.stdout);
    expect(password).toBeTruthy();

    expect((await lost.client.get('/api/auth/session')).status).toBe(401);
    const old = await server.client().post('/api/auth/login', {
      email: lost.email,
      password: lost.password,
    });
    expect(old.status).toBe(401);
    const fresh = server.client();
    const login = await fresh.login(lost.email, password);
    expect(login.body.mustChangePassword).toBe(true);
    expect((await fresh.get('/api/auth/session')).body.user).toMatchObject({
      email: lost.email,
      role: 'admin',
    });
  });

  test('an unknown or deleted email is refused clearly and changes nothing', async () => {
    const unknown = await admin('reset-password', 'nobody@example.com');
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain('No active account has the email nobody@example.com.');

    const adminClient = await server.admin();
    const gone = await createAccount(server, adminClient, 'teacher');
    expect((await adminClient.delete(`/api/users/${gone.user.user_id}`)).status).toBe(200);
    const deleted = await admin('reset-password', gone.email);
    expect(deleted.code).toBe(1);
    expect(deleted.stderr).toContain(`No active account has the email ${gone.email}.`);
    // The deleted account stays deleted, and the admin's password still works.
    expect(
      (
        await server
          .client()
          .post('/api/auth/login', { email: gone.email, password: gone.password })
      ).status,
    ).toBe(401);
    expect((await server.admin()).cookie).toBeTruthy();
  });
});

describe('create-admin', () => {
  test('creates an admin who signs in with the printed first password and must change it', async () => {
    const email = uniqueEmail('owner');
    const result = await admin('create-admin', email);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(`Created the admin account ${email}`);
    const client = server.client();
    const login = await client.login(email, printedPassword(result.stdout));
    expect(login.body.mustChangePassword).toBe(true);
    const session = await client.get('/api/auth/session');
    expect(session.body.user).toMatchObject({ email, role: 'admin' });
  });

  test('an email an active account has is refused and that account keeps its role', async () => {
    const adminClient = await server.admin();
    const teacher = await createAccount(server, adminClient, 'teacher');
    const result = await admin('create-admin', teacher.email);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toContain(`An active account already has the email ${teacher.email}`);
    const client = server.client();
    await client.login(teacher.email, teacher.password);
    expect((await client.get('/api/auth/session')).body.user.role).toBe('teacher');
  });

  test('a deleted account of that email comes back as an admin', async () => {
    const adminClient = await server.admin();
    const gone = await createAccount(server, adminClient, 'student');
    expect((await adminClient.delete(`/api/users/${gone.user.user_id}`)).status).toBe(200);
    const result = await admin('create-admin', gone.email);
    expect(result.code).toBe(0);
    const client = server.client();
    await client.login(gone.email, printedPassword(result.stdout));
    expect((await client.get('/api/auth/session')).body.user).toMatchObject({
      email: gone.email,
      role: 'admin',
    });
  });
});

test('a missing command or a wrong email prints the usage and changes nothing', async () => {
  const none = await admin();
  expect(none.code).toBe(2);
  expect(none.stderr).toContain('npm run admin -- reset-password EMAIL');
  const unknownCommand = await admin('delete-everything', ADMIN.email);
  expect(unknownCommand.code).toBe(2);
  const notAnEmail = await admin('create-admin', 'not-an-email');
  expect(notAnEmail).toMatchObject({ code: 2, stdout: '' });
  expect(notAnEmail.stderr).toContain('Not an email address: not-an-email');
});
