// A session confirmed by the database answers for it for a second at most
// (src/server/features/auth/session-lookup.ts, docs/decisions/010). Every way a session ends or a
// signed-in user changes must still show on the very next request, however recently the session
// was confirmed, including when the change lands while other requests of the session are under way.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EVENT } from '#common/events.ts';
import { createSessionLookup } from '#server/features/auth/session-lookup.ts';
import { hashToken } from '#server/features/auth/sessions.ts';
import { TestClock } from '../helpers/clock.ts';
import { createAccount } from '../helpers/factories.ts';
import { startTestServer, type TestClient, type TestServer } from '../helpers/test-server.ts';

const clock = new TestClock();
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer({ clock, env: { SESSION_IDLE_HOURS: '2' } });
  admin = await server.admin();
});
afterAll(() => server.close());

/** A second client presenting the same session cookie (another tab of the same browser). */
function sameSession(client: TestClient): TestClient {
  const tab = server.client();
  tab.cookie = client.cookie;
  return tab;
}

const status = async (client: TestClient) => (await client.get('/api/auth/session')).status;

describe('a kept session', () => {
  test('ends for every tab at once when one of them signs out', async () => {
    const student = await createAccount(server, admin, 'student');
    const otherTab = sameSession(student.client);
    expect(await status(otherTab)).toBe(200);
    expect(await status(student.client)).toBe(200);
    expect((await student.client.post('/api/auth/logout')).status).toBe(200);
    expect(await status(otherTab)).toBe(401);
  });

  test("ends on the account's other devices at once when its password is changed", async () => {
    const teacher = await createAccount(server, admin, 'teacher');
    const phone = server.client();
    await phone.login(teacher.email, teacher.password);
    expect(await status(phone)).toBe(200);
    expect(await status(teacher.client)).toBe(200);
    const changed = await teacher.client.post('/api/auth/change-password', {
      currentPassword: teacher.password,
      newPassword: 'another-password-1',
      confirmPassword: 'another-password-1',
    });
    expect(changed.status, changed.text).toBe(200);
    expect(await status(phone)).toBe(401);
    expect(await status(teacher.client)).toBe(200);
  });

  test('lifts "must change password" on the very next request after the change', async () => {
    const email = `kept-${Date.now()}@example.com`;
    const created = await admin.post('/api/users', {
      email,
      full_name: 'Học viên',
      role: 'student',
    });
    const student = server.client();
    await student.login(email, created.body.password);
    const before = await student.get('/api/auth/session');
    expect(before.body.mustChangePassword).toBe(true);
    expect((await student.get('/api/dashboard')).status).toBe(403);
    await student.post('/api/auth/change-password', {
      newPassword: 'my-own-password-1',
      confirmPassword: 'my-own-password-1',
    });
    expect((await student.get('/api/auth/session')).body.mustChangePassword).toBe(false);
    expect((await student.get('/api/dashboard')).status).toBe(200);
  });

  test('ends at once when an admin deactivates the account', async () => {
    const staff = await createAccount(server, admin, 'staff');
    expect(await status(staff.client)).toBe(200);
    expect((await admin.delete(`/api/users/${staff.user.user_id}`)).status).toBe(200);
    expect(await status(staff.client)).toBe(401);
  });

  test('shows a new name on the very next request', async () => {
    const teacher = await createAccount(server, admin, 'teacher');
    const otherTab = sameSession(teacher.client);
    expect((await otherTab.get('/api/auth/session')).body.user.full_name).toBe('Test teacher');
    await teacher.client.patch('/api/profile', { full_name: 'Thầy Minh' });
    expect((await otherTab.get('/api/auth/session')).body.user.full_name).toBe('Thầy Minh');
  });

  test('still ends when idle past the limit, and a use is still written once a minute', async () => {
    const student = await createAccount(server, admin, 'student');
    const { db } = server.server.ctx.database;
    const lastSeen = async () =>
      (await db.selectFrom('sessions').select('last_seen_at').execute()).map((r) => r.last_seen_at);
    expect(await status(student.client)).toBe(200);
    const before = await lastSeen();
    clock.advance(61_000);
    expect(await status(student.client)).toBe(200);
    const after = await lastSeen();
    expect(after.filter((t) => !before.includes(t))).toHaveLength(1);
    clock.advance(2 * 3_600_000);
    expect(await status(student.client)).toBe(401);
  });

  test('sign-out while the same session has requests under way: the next request is refused', async () => {
    admin = await server.admin();
    for (let round = 0; round < 10; round++) {
      const student = await createAccount(server, admin, 'student');
      const tabs = Array.from({ length: 8 }, () => sameSession(student.client));
      const busy = tabs.map((tab) => tab.get('/api/dashboard'));
      const signedOut = student.client.post('/api/auth/logout');
      await Promise.all([...busy, signedOut]);
      expect((await signedOut).status).toBe(200);
      for (const tab of tabs) expect(await status(tab)).toBe(401);
    }
  });

  test('a read already under way when the session is revoked answers, but is not kept', async () => {
    const student = await createAccount(server, admin, 'student');
    const token = student.client.cookie!.split('=')[1]!;
    const { ctx } = server.server;
    const findSessionUser = createSessionLookup(ctx);
    const reading = findSessionUser(token);
    // The revocation is announced while the read is on its way; its row goes afterwards.
    await ctx.events.publish({
      type: EVENT.sessionsRevoked,
      data: { authId: student.user.auth_id },
    });
    expect((await reading)?.user_id).toBe(student.user.user_id);
    await ctx.database.db
      .deleteFrom('sessions')
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect(await findSessionUser(token)).toBeNull();
  });
});
