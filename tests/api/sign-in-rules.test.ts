// What sign-in accepts and refuses: the throttle under real concurrency and spread over addresses,
// and first passwords that expire and are re-issued (issuing one ends the account's sessions).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../helpers/clock.ts';
import { openEventStream } from '../helpers/event-stream.ts';
import { type Account, createAccount, snapshot } from '../helpers/factories.ts';
import { startTestServer, type TestClient, type TestServer } from '../helpers/test-server.ts';

const HOUR = 3_600_000;
const clock = new TestClock(Date.parse('2030-02-01T02:00:00Z'));
let server: TestServer;
let admin: TestClient;
let staff: Account;

beforeAll(async () => {
  // Behind a trusted proxy, so tests can speak from many addresses with X-Forwarded-For; the
  // throttle's limits at their defaults.
  server = await startTestServer({
    clock,
    env: { TRUST_PROXY: 'true', LOGIN_MAX_FAILURES_PER_IP: '100' },
  });
  admin = await server.admin();
  staff = await createAccount(server, admin, 'staff');
});
afterAll(() => server.close());

/** A sign-in attempt from an address. */
const signIn = (email: string, password: string, ip: string) =>
  server
    .client()
    .request('POST', '/api/auth/login', { json: { email, password } }, { 'x-forwarded-for': ip });

const statuses = (replies: { status: number }[]) =>
  replies.reduce<Record<number, number>>((counts, r) => {
    counts[r.status] = (counts[r.status] ?? 0) + 1;
    return counts;
  }, {});

describe('the sign-in throttle', () => {
  test('300 wrong guesses sent at once for one email: at most 5 are checked, the rest get 429, and the right password among them does not slip through', async () => {
    const victim = await createAccount(server, admin, 'student');
    const burst = [
      ...Array.from({ length: 300 }, (_, i) => signIn(victim.email, `guess-${i}`, '10.0.0.1')),
      signIn(victim.email, victim.password, '10.0.0.1'),
    ];
    const replies = await Promise.all(burst);
    const counts = statuses(replies);
    // 401: checked and wrong; 200: checked and right. Both took a password check.
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBe(5);
    expect(counts[429]).toBe(296);
    const refused = replies.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.code).toBe('RATE_LIMITED');
  });

  test('an attacker locks out only their own address: the owner signs in from theirs at once', async () => {
    const owner = await createAccount(server, admin, 'teacher');
    expect((await signIn(owner.email, owner.password, '10.1.1.1')).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await signIn(owner.email, `wrong-${i}`, '10.66.6.6')).status).toBe(401);
    expect((await signIn(owner.email, owner.password, '10.66.6.6')).status).toBe(429);
    const started = Date.now();
    expect((await signIn(owner.email, owner.password, '10.1.1.1')).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  test('guesses spread over 120 addresses: slowed, at most 100 a day; the owner still gets in', async () => {
    const owner = await createAccount(server, admin, 'student');
    expect((await signIn(owner.email, owner.password, '10.2.2.2')).status).toBe(200);
    const replies = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        signIn(owner.email, `spread-${i}`, `172.16.${Math.floor(i / 200)}.${i % 200}`),
      ),
    );
    const counts = statuses(replies);
    expect(counts[401]).toBe(100);
    expect(counts[429]).toBe(20);
    // A day later the cap is lifted; meanwhile the owner, from home, is neither refused nor slowed.
    expect((await signIn(owner.email, owner.password, '10.2.2.2')).status).toBe(200);
    clock.advance(24 * HOUR + 1_000);
    expect((await signIn(owner.email, 'later-guess', '172.16.9.9')).status).toBe(401);
  }, 60_000);

  test('a school behind one address: 30 failures there do not lock out the others behind it', async () => {
    for (let i = 0; i < 30; i++)
      expect((await signIn(`nobody${i}@school.test`, 'x', '203.0.113.7')).status).toBe(401);
    const student = await createAccount(server, admin, 'student');
    expect((await signIn(student.email, student.password, '203.0.113.7')).status).toBe(200);
  });
});

describe('first passwords', () => {
  test('an unused first password expires after 72 hours, and says so to someone who knows it', async () => {
    const fresh = await createAccount(server, admin, 'student');
    // createAccount signed in once and changed it; make a first password as an admin would.
    const issued = await staff.client.post(`/api/users/${fresh.user.user_id}/first-password`);
    expect(issued.status, issued.text).toBe(200);
    clock.advance(72 * HOUR + 60_000);
    const expired = await signIn(fresh.email, issued.body.password, '10.3.3.3');
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({
      code: 'FIRST_PASSWORD_EXPIRED',
    });
    // A wrong password is still just wrong: the expiry is not told to a guesser.
    expect((await signIn(fresh.email, 'not-it', '10.3.3.4')).body.code).toBe('LOGIN_FAILED');

    const again = await staff.client.post(`/api/users/${fresh.user.user_id}/first-password`);
    expect(again.body).toEqual({
      password: again.body.password,
      code: 'FIRST_PASSWORD_ISSUED',
      params: { password: again.body.password },
    });
    expect(again.body.password).toMatch(/^\d{6}$/);
    const ok = await signIn(fresh.email, again.body.password, '10.3.3.3');
    expect(ok.status).toBe(200);
    expect(ok.body.mustChangePassword).toBe(true);
    expect((await signIn(fresh.email, issued.body.password, '10.3.3.5')).status).toBe(401);
  });

  test('issuing one ends the open sessions of the account; only those who may create the role may issue it', async () => {
    const teacher = await createAccount(server, admin, 'teacher');
    const otherStaff = await createAccount(server, admin, 'staff');
    const student = await createAccount(server, admin, 'student');
    const stream = await openEventStream(server.baseUrl, teacher.client.cookie);
    const before = await snapshot(server, ['auth_credentials']);
    for (const [who, target] of [
      [staff.client, otherStaff],
      [student.client, teacher],
      [teacher.client, student],
    ] as const) {
      expect((await who.post(`/api/users/${target.user.user_id}/first-password`)).status).toBe(403);
    }
    expect(
      (await staff.client.post(`/api/users/${staff.user.user_id}/first-password`)).body.code,
    ).toBe('FIRST_PASSWORD_SELF');
    expect(await snapshot(server, ['auth_credentials'])).toEqual(before);
    expect((await admin.post(`/api/users/${otherStaff.user.user_id}/first-password`)).status).toBe(
      200,
    );
    expect(
      (await staff.client.post(`/api/users/${teacher.user.user_id}/first-password`)).status,
    ).toBe(200);
    expect((await teacher.client.get('/api/auth/session')).status).toBe(401);
    await stream.ended;
  });
});
