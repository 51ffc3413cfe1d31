// Issue 26, points 2 and 4: the 'Users' card's choices (new accounts' language, a first
// password's lifetime, staff exports) and the chat panel's, saved by the admin and followed by
// the server; the 'Security' card's sessions (listed and ended per role, at once); changing a
// password asks for the current one.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../helpers/clock.ts';
import { openEventStream } from '../helpers/event-stream.ts';
import { type Account, createAccount, snapshot } from '../helpers/factories.ts';
import { createClass } from '../helpers/school.ts';
import {
  ADMIN,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../helpers/test-server.ts';

const HOUR = 3_600_000;
const clock = new TestClock();
let server: TestServer;
let admin: TestClient;
let staff: Account;
let teacher: Account;
let student: Account;

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A new session of an account, from a given browser and address. */
async function signInFrom(email: string, password: string, userAgent: string, ip: string) {
  const client = server.client();
  const reply = await client.request(
    'POST',
    '/api/auth/login',
    { json: { email, password } },
    { 'user-agent': userAgent, 'x-forwarded-for': ip },
  );
  expect(reply.status, reply.text).toBe(200);
  return client;
}

const currentSessionId = async (client: TestClient) =>
  (await client.get('/api/auth/sessions')).body.sessions.find(
    (s: { current: boolean }) => s.current,
  ).session_id as string;

const saveOptions = (client: TestClient, body: unknown) =>
  client.patch('/api/center-settings/options', body);

beforeAll(async () => {
  server = await startTestServer({
    clock,
    env: { TRUST_PROXY: 'true', LOGIN_FAILURE_WINDOW_MINUTES: '20' },
  });
  admin = await server.admin();
  staff = await createAccount(server, admin, 'staff');
  teacher = await createAccount(server, admin, 'teacher');
  student = await createAccount(server, admin, 'student');
});
afterAll(() => server.close());

describe("the Settings cards' choices", () => {
  test('anyone reads them, signed out too; by default as before: browser language, 72 hours, staff export, chat shown', async () => {
    const reply = await server.client().get('/api/center-settings');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      new_user_language: null,
      first_password_hours: 72,
      staff_may_export: true,
      chat_panel_shown: true,
    });
  });

  test('the admin saves any of them; the others are kept', async () => {
    const saved = await saveOptions(admin, { chat_panel_shown: false, first_password_hours: 48 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      code: 'CENTER_OPTIONS_SAVED',
      settings: { chat_panel_shown: false, first_password_hours: 48, staff_may_export: true },
    });
    expect((await server.client().get('/api/center-settings')).body).toMatchObject({
      chat_panel_shown: false,
      first_password_hours: 48,
      center_name: 'Edu Center',
    });
    await saveOptions(admin, { chat_panel_shown: true, first_password_hours: 72 });
  });

  test('staff, teachers, students and the signed out cannot change them, and nothing changes', async () => {
    const before = await snapshot(server, ['center_settings']);
    for (const client of [staff.client, teacher.client, student.client]) {
      const reply = await saveOptions(client, { staff_may_export: false });
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe('FORBIDDEN');
    }
    expect((await saveOptions(server.client(), { staff_may_export: false })).status).toBe(401);
    expect(await snapshot(server, ['center_settings'])).toEqual(before);
  });

  test.each([
    [{ first_password_hours: 0 }, 'FIRST_PASSWORD_HOURS_RANGE'],
    [{ first_password_hours: 721 }, 'FIRST_PASSWORD_HOURS_RANGE'],
    [{ first_password_hours: 1.5 }, 'FIRST_PASSWORD_HOURS_RANGE'],
    [{ first_password_hours: '72' }, 'FIRST_PASSWORD_HOURS_RANGE'],
    [{ new_user_language: 'fr' }, 'VALIDATION'],
    [{ staff_may_export: 'no' }, 'VALIDATION'],
    [{}, 'VALIDATION'],
  ])('%j is refused (%s) and changes nothing', async (body, reason) => {
    const before = await snapshot(server, ['center_settings']);
    const reply = await saveOptions(admin, body);
    expect(reply.status, reply.text).toBe(400);
    expect([reply.body.code, reply.body.reason]).toContain(reason);
    expect(await snapshot(server, ['center_settings'])).toEqual(before);
  });

  test('a field that is not a choice is refused', async () => {
    const reply = await saveOptions(admin, { center_name: 'Sneaky', chat_panel_shown: true });
    expect(reply.status).toBe(400);
  });
});

describe('staff exports', () => {
  test('when the center says no, staff get 403 on every export; admin still exports; saying yes lets staff again', async () => {
    const klass = await createClass(admin, teacher.user.user_id);
    const exports = [
      '/api/users/export?role=student&format=csv',
      '/api/users/export?role=teacher&format=xlsx',
      `/api/classes/${klass.class_id}/attendance/export?format=csv`,
    ];
    for (const url of exports) expect((await staff.client.get(url)).status, url).toBe(200);

    expect((await saveOptions(admin, { staff_may_export: false })).status).toBe(200);
    for (const url of exports) {
      const refused = await staff.client.get(url);
      expect(refused.status, url).toBe(403);
      expect(refused.body.code).toBe('EXPORT_NOT_ALLOWED');
      expect((await admin.get(url)).status, url).toBe(200);
    }
    // The teacher's own class export is not staff's: the choice does not concern it.
    expect((await teacher.client.get(exports[2]!)).status).toBe(200);

    await saveOptions(admin, { staff_may_export: true });
    for (const url of exports) expect((await staff.client.get(url)).status, url).toBe(200);
  });
});

describe('the language new accounts start in', () => {
  test('made one by one or imported, a new account starts in the chosen language; none chosen: its browser decides (null)', async () => {
    expect((await saveOptions(admin, { new_user_language: 'en' })).status).toBe(200);
    const made = await admin.post('/api/users', {
      email: `lang-en-${Date.now()}@example.com`,
      full_name: 'Người mới',
      role: 'student',
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.user.language).toBe('en');

    const importedEmail = `lang-import-${Date.now()}@example.com`;
    const imported = await staff.client.post('/api/users/import', {
      role: 'student',
      rows: [{ full_name: 'Nhập từ tệp', email: importedEmail }],
    });
    expect(imported.status, imported.text).toBe(200);
    const row = await server.server.ctx.database.db
      .selectFrom('users')
      .select('language')
      .where('email', '=', importedEmail)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('en');

    await saveOptions(admin, { new_user_language: 'vi' });
    const vi = await createAccount(server, admin, 'teacher');
    expect((await vi.client.get('/api/auth/session')).body.user.language).toBe('vi');

    await saveOptions(admin, { new_user_language: null });
    const unset = await createAccount(server, admin, 'teacher');
    expect((await unset.client.get('/api/auth/session')).body.user.language).toBeNull();
  });
});

describe("a first password's lifetime", () => {
  test('follows the Users card: good within the chosen hours, expired after them, and the message says how long', async () => {
    await saveOptions(admin, { first_password_hours: 2 });
    const fresh = await createAccount(server, admin, 'student');
    const issued = await admin.post(`/api/users/${fresh.user.user_id}/first-password`);
    expect(issued.status, issued.text).toBe(200);
    clock.advance(HOUR + 50 * 60_000);
    const inTime = server.client();
    expect(
      (await inTime.post('/api/auth/login', { email: fresh.email, password: issued.body.password }))
        .status,
    ).toBe(200);

    const again = await admin.post(`/api/users/${fresh.user.user_id}/first-password`);
    clock.advance(2 * HOUR + 60_000);
    const late = await server
      .client()
      .post('/api/auth/login', { email: fresh.email, password: again.body.password });
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ code: 'FIRST_PASSWORD_EXPIRED', params: { hours: '2' } });

    // Made longer, the same password is good again (its age is what counts).
    await saveOptions(admin, { first_password_hours: 72 });
    const longer = await server
      .client()
      .post('/api/auth/login', { email: fresh.email, password: again.body.password });
    expect(longer.status, longer.text).toBe(200);
  });
});

describe('active sessions', () => {
  test('everyone lists their own sessions: device from the user agent, address, signed in, last seen, which is this one', async () => {
    const account = await createAccount(server, admin, 'teacher');
    const laptop = await signInFrom(account.email, account.password, CHROME_ON_WINDOWS, '10.9.0.1');
    await signInFrom(account.email, account.password, SAFARI_ON_IPHONE, '10.9.0.2');
    const listed = await laptop.get('/api/auth/sessions');
    expect(listed.status).toBe(200);
    const sessions = listed.body.sessions as Record<string, unknown>[];
    expect(sessions).toHaveLength(3);
    expect(sessions.every((s) => (s.person as { email: string }).email === account.email)).toBe(
      true,
    );
    expect(sessions.find((s) => s.current)).toMatchObject({
      device: 'Chrome · Windows',
      ip: '10.9.0.1',
    });
    expect(sessions.find((s) => s.ip === '10.9.0.2')).toMatchObject({
      device: 'Safari · iOS',
      current: false,
    });
    for (const s of sessions) {
      expect(typeof s.signed_in_at).toBe('string');
      expect(typeof s.last_seen_at).toBe('string');
    }
    expect(listed.text).not.toMatch(/token_hash|password_hash/);
  });

  test("the admin lists everyone's sessions with the sign-in limits in force; others cannot", async () => {
    const all = await admin.get('/api/sessions');
    expect(all.status).toBe(200);
    const emails = new Set(
      all.body.sessions.map((s: { person: { email: string } }) => s.person.email),
    );
    for (const email of [ADMIN.email, staff.email, teacher.email, student.email]) {
      expect(emails.has(email), email).toBe(true);
    }
    expect(all.body.limits).toMatchObject({
      maxFailuresPerPair: 5,
      windowMinutes: 20,
      maxFailuresPerEmailPerDay: 100,
      maxFailuresPerIp: 1000,
    });
    for (const client of [staff.client, teacher.client, student.client]) {
      expect((await client.get('/api/sessions')).status).toBe(403);
    }
  });

  test('a user ends one of their own other sessions: it stops at once, its event stream closes', async () => {
    const account = await createAccount(server, admin, 'student');
    const phone = await signInFrom(account.email, account.password, SAFARI_ON_IPHONE, '10.9.1.1');
    const phoneId = await currentSessionId(phone);
    expect((await phone.get('/api/auth/session')).status).toBe(200);
    const stream = await openEventStream(server.baseUrl, phone.cookie);
    expect(stream.status).toBe(200);

    const ended = await account.client.delete(`/api/auth/sessions/${phoneId}`);
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body.code).toBe('SESSION_ENDED');
    expect((await phone.get('/api/auth/session')).status).toBe(401);
    await stream.ended;
    expect((await account.client.get('/api/auth/session')).status).toBe(200);
    // Ended once: a second time it is not found.
    expect((await account.client.delete(`/api/auth/sessions/${phoneId}`)).status).toBe(404);
  });

  test("staff, teachers and students cannot end another person's session (an admin's neither): 404, and it goes on", async () => {
    const adminId = await currentSessionId(admin);
    const teacherId = await currentSessionId(teacher.client);
    const sessionIds = () =>
      server.server.ctx.database.db
        .selectFrom('sessions')
        .select('session_id')
        .orderBy('session_id')
        .execute();
    const before = await sessionIds();
    for (const [client, target] of [
      [staff.client, adminId],
      [staff.client, teacherId],
      [student.client, teacherId],
      [teacher.client, adminId],
    ] as const) {
      const refused = await client.delete(`/api/auth/sessions/${target}`);
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('SESSION_NOT_FOUND');
    }
    expect(await sessionIds()).toEqual(before);
    expect((await admin.get('/api/auth/session')).status).toBe(200);
    expect((await teacher.client.get('/api/auth/session')).status).toBe(200);
    expect((await admin.delete(`/api/auth/sessions/${randomUUID()}`)).status).toBe(404);
    expect((await admin.delete('/api/auth/sessions/not-an-id')).status).toBe(400);
  });

  test("the admin ends anyone's session, at once", async () => {
    const account = await createAccount(server, admin, 'staff');
    const id = await currentSessionId(account.client);
    const ended = await admin.delete(`/api/auth/sessions/${id}`);
    expect(ended.status, ended.text).toBe(200);
    expect((await account.client.get('/api/auth/session')).status).toBe(401);
  });

  test('signing out elsewhere ends every other session of the account, not this one nor anyone else’s', async () => {
    const account = await createAccount(server, admin, 'teacher');
    const others = [
      await signInFrom(account.email, account.password, CHROME_ON_WINDOWS, '10.9.2.1'),
      await signInFrom(account.email, account.password, SAFARI_ON_IPHONE, '10.9.2.2'),
    ];
    const reply = await account.client.post('/api/auth/sessions/end-others');
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({
      ended: 2,
      code: 'SESSIONS_ENDED_ELSEWHERE',
      params: { count: '2' },
    });
    for (const other of others) expect((await other.get('/api/auth/session')).status).toBe(401);
    expect((await account.client.get('/api/auth/session')).status).toBe(200);
    expect((await teacher.client.get('/api/auth/session')).status).toBe(200);
    expect((await account.client.get('/api/auth/sessions')).body.sessions).toHaveLength(1);
  });
});

describe('changing a password asks for the current one', () => {
  test('none or a wrong one is refused with its own code and changes nothing', async () => {
    const account = await createAccount(server, admin, 'student');
    const before = await snapshot(server, ['auth_credentials']);
    const missing = await account.client.post('/api/auth/change-password', {
      newPassword: 'brand-new-1',
      confirmPassword: 'brand-new-1',
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'CURRENT_PASSWORD_REQUIRED',
      field: 'currentPassword',
    });
    const wrong = await account.client.post('/api/auth/change-password', {
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-1',
      confirmPassword: 'brand-new-1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG', field: 'currentPassword' });
    expect(await snapshot(server, ['auth_credentials'])).toEqual(before);
  });

  test('the right one changes it and ends the other sessions, as before', async () => {
    const account = await createAccount(server, admin, 'teacher');
    const elsewhere = await signInFrom(
      account.email,
      account.password,
      SAFARI_ON_IPHONE,
      '10.9.3.1',
    );
    const changed = await account.client.post('/api/auth/change-password', {
      currentPassword: account.password,
      newPassword: 'brand-new-2',
      confirmPassword: 'brand-new-2',
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.code).toBe('PASSWORD_CHANGED');
    expect((await elsewhere.get('/api/auth/session')).status).toBe(401);
    expect((await account.client.get('/api/auth/session')).status).toBe(200);
    await server.client().login(account.email, 'brand-new-2');
  });

  test('guessing it meets the sign-in limit: after 5 wrong ones even the right one waits (429)', async () => {
    const account = await createAccount(server, admin, 'student');
    const guess = (currentPassword: string) =>
      account.client.post('/api/auth/change-password', {
        currentPassword,
        newPassword: 'brand-new-3',
        confirmPassword: 'brand-new-3',
      });
    for (let i = 0; i < 5; i++) expect((await guess(`wrong-${i}`)).status).toBe(400);
    const held = await guess(account.password);
    expect(held.status).toBe(429);
    expect(held.body.code).toBe('RATE_LIMITED');
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    clock.advance(21 * 60_000);
    expect((await guess(account.password)).status).toBe(200);
  });

  test('right after signing in with a first password, replacing it does not ask again', async () => {
    const email = `first-${Date.now()}@example.com`;
    const created = await admin.post('/api/users', { email, full_name: 'Mới', role: 'student' });
    const client = server.client();
    await client.login(email, created.body.password);
    const changed = await client.post('/api/auth/change-password', {
      newPassword: 'my-own-pass-1',
      confirmPassword: 'my-own-pass-1',
    });
    expect(changed.status, changed.text).toBe(200);
  });

  test("a sign-in screen left open past the first password's hours asks for it again", async () => {
    const email = `left-open-${Date.now()}@example.com`;
    const created = await admin.post('/api/users', {
      email,
      full_name: 'Quầy lễ tân',
      role: 'student',
    });
    const client = server.client();
    await client.login(email, created.body.password);
    const { first_password_hours: hours } = (await admin.get('/api/center-settings')).body;
    clock.advance(hours * HOUR + 60_000);
    const body = { newPassword: 'someone-else-1', confirmPassword: 'someone-else-1' };
    const refused = await client.post('/api/auth/change-password', body);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('CURRENT_PASSWORD_REQUIRED');
    const withIt = await client.post('/api/auth/change-password', {
      ...body,
      currentPassword: created.body.password,
    });
    expect(withIt.status, withIt.text).toBe(200);
  });
});
