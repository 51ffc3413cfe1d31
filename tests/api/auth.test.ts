import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HELMET_OPTIONS, helmetHeaders } from '#server/plugins/security-headers.ts';
import { createAccount, snapshot } from '../helpers/factories.ts';
import { refusal } from '../helpers/replies.ts';
import { ADMIN, startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { LOGIN_MAX_FAILURES_PER_EMAIL: '4', LOGIN_MAX_FAILURES_PER_IP: '1000' },
  });
});
afterAll(() => server.close());

describe('signing in', () => {
  test('a user signs in with a trimmed, upper-case email and gets an HttpOnly Lax session cookie', async () => {
    const client = server.client();
    const response = await client.post('/api/auth/login', {
      email: `  ${ADMIN.email.toUpperCase()}  `,
      password: ADMIN.password,
    });
    expect(response.status).toBe(200);
    expect(response.body.user.email).toBe(ADMIN.email);
    expect(response.body.user.role).toBe('admin');
    // What a role may do is the shared table (src/common/permissions.ts), not part of the reply.
    expect(response.body).not.toHaveProperty('permissions');
    const cookie = response.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/edu_session=[\w-]{40,}/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    const session = await client.get('/api/auth/session');
    expect(session.status).toBe(200);
    expect(session.body.user.email).toBe(ADMIN.email);
  });

  test('a wrong password and an unknown email get the same message', async () => {
    const wrongPassword = await server
      .client()
      .post('/api/auth/login', { email: 'someone-else@test.local', password: 'nope-nope' });
    const unknownEmail = await server
      .client()
      .post('/api/auth/login', { email: ADMIN.email, password: 'wrong-password' });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('LOGIN_FAILED');
    }
  });

  test('an email without @ is refused with the specification message', async () => {
    const response = await server
      .client()
      .post('/api/auth/login', { email: 'not-an-email', password: 'x' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION', reason: 'LOGIN_INVALID_EMAIL' });
    expect(response.body.field).toBe('email');
  });

  test('repeated failures for one email slow down, then get 429 with Retry-After', async () => {
    const email = 'target@test.local';
    const attempt = () => server.client().post('/api/auth/login', { email, password: 'guess' });
    const timings: number[] = [];
    for (let i = 0; i < 4; i++) {
      const started = Date.now();
      expect((await attempt()).status).toBe(401);
      timings.push(Date.now() - started);
    }
    // The fourth failure waited for the slow-down delay.
    expect(timings[3]).toBeGreaterThanOrEqual(250);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.code).toBe('RATE_LIMITED');
  });

  test('signing out ends the session on the server', async () => {
    const client = await server.admin();
    const token = client.cookie;
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    const replay = server.client();
    replay.cookie = token;
    expect((await replay.get('/api/auth/session')).status).toBe(401);
  });

  test('a signed-out caller gets 401 from a protected route, before any validation', async () => {
    const response = await server.client().post('/api/users', { nonsense: true });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHENTICATED');
  });
});

describe('first sign-in and changing a password', () => {
  test('a new account must choose a password before anything else', async () => {
    const admin = await server.admin();
    const created = await admin.post('/api/users', {
      email: 'first-timer@test.local',
      full_name: 'First Timer',
      role: 'teacher',
    });
    expect(created.status).toBe(201);
    expect(created.body.password).toMatch(/^\d{6}$/);

    const teacher = server.client();
    const login = await teacher.login('first-timer@test.local', created.body.password);
    expect(login.body.mustChangePassword).toBe(true);
    const blocked = await teacher.patch('/api/profile', { full_name: 'Sneaky' });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('PASSWORD_CHANGE_REQUIRED');

    const changed = await teacher.post('/api/auth/change-password', {
      newPassword: 'new-secret',
      confirmPassword: 'new-secret',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.code).toBe('PASSWORD_CHANGED');
    expect((await teacher.get('/api/auth/session')).body.mustChangePassword).toBe(false);
    expect((await teacher.patch('/api/profile', { full_name: 'Real Name' })).status).toBe(200);

    // The old password no longer works; the new one does.
    expect(
      (
        await server.client().post('/api/auth/login', {
          email: 'first-timer@test.local',
          password: created.body.password,
        })
      ).status,
    ).toBe(401);
    await server.client().login('first-timer@test.local', 'new-secret');
  });

  test.each([
    [{ newPassword: '', confirmPassword: '' }, { code: 'PASSWORD_REQUIRED' }],
    [{ newPassword: 'abcdef' }, { code: 'PASSWORD_REQUIRED' }],
    [{ newPassword: 'abc', confirmPassword: 'abc' }, { code: 'PASSWORD_TOO_SHORT' }],
    [{ newPassword: 'abcdef', confirmPassword: 'abcdeg' }, { code: 'PASSWORD_MISMATCH' }],
  ])('changing a password to %j is refused with its message', async (body, message) => {
    const account = await createAccount(server, await server.admin(), 'student');
    const before = await snapshot(server, ['auth_credentials']);
    const response = await account.client.post('/api/auth/change-password', body);
    expect(response.status).toBe(400);
    expect(refusal(response.body)).toEqual(message);
    expect(await snapshot(server, ['auth_credentials'])).toEqual(before);
  });

  test('changing a password ends the other sessions of that user, not this one', async () => {
    const account = await createAccount(server, await server.admin(), 'student');
    const otherDevice = server.client();
    await otherDevice.login(account.email, account.password);
    await account.client.post('/api/auth/change-password', {
      currentPassword: account.password,
      newPassword: 'another-one',
      confirmPassword: 'another-one',
    });
    expect((await otherDevice.get('/api/auth/session')).status).toBe(401);
    expect((await account.client.get('/api/auth/session')).status).toBe(200);
  });
});

describe('deactivated users', () => {
  test('a deleted user loses every open session at once and cannot sign in again', async () => {
    const admin = await server.admin();
    const student = await createAccount(server, admin, 'student');
    const secondDevice = server.client();
    await secondDevice.login(student.email, student.password);

    expect((await admin.delete(`/api/users/${student.user.user_id}`)).status).toBe(200);
    expect((await student.client.get('/api/auth/session')).status).toBe(401);
    expect((await secondDevice.get('/api/auth/session')).status).toBe(401);
    const again = await server
      .client()
      .post('/api/auth/login', { email: student.email, password: student.password });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('LOGIN_FAILED');
  });
});

describe('requests from other sites and malformed requests', () => {
  test('a state-changing request from another origin is refused and changes nothing', async () => {
    const admin = await server.admin();
    const before = await snapshot(server, ['users', 'center_settings']);
    const response = await admin.request(
      'PATCH',
      '/api/center-settings',
      { json: { center_name: 'Hijacked' } },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('CROSS_ORIGIN');
    const crossSite = await admin.request(
      'POST',
      '/api/users',
      { json: { email: 'x@y.zz', full_name: 'X', role: 'student' } },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    expect(await snapshot(server, ['users', 'center_settings'])).toEqual(before);
  });

  test('the same origin is accepted', async () => {
    const admin = await server.admin();
    const response = await admin.request(
      'PATCH',
      '/api/center-settings',
      { json: { center_name: 'Edu Center' } },
      { origin: server.baseUrl },
    );
    expect(response.status).toBe(200);
  });

  test('a text/plain body (what a cross-site form can send) is refused with 415', async () => {
    const admin = await server.admin();
    const response = await admin.request('POST', '/api/users', {
      raw: '{"email":"a@b.cc","full_name":"A","role":"student"}',
      type: 'text/plain',
    });
    expect(response.status).toBe(415);
  });

  test('broken JSON, __proto__ keys and unknown API routes get JSON 4xx replies', async () => {
    const admin = await server.admin();
    const broken = await admin.request('POST', '/api/users', {
      raw: '{"email": ',
      type: 'application/json',
    });
    expect(broken.status).toBe(400);
    const proto = await admin.request('POST', '/api/users', {
      raw: '{"__proto__": {"role": "admin"}, "email":"p@q.rr","full_name":"P","role":"student"}',
      type: 'application/json',
    });
    expect(proto.status).toBe(400);
    const missing = await admin.get('/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('ROUTE_NOT_FOUND');
  });

  test('every reply carries the security headers, byte for byte as helmet writes them', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    // Worked out once at start-up from helmet itself, so this also pins helmet's own output.
    expect(Object.fromEntries(helmetHeaders(HELMET_OPTIONS))).toEqual(expected);
    for (const path of ['/api/center-settings', '/api/no-such-thing', '/api/auth/session']) {
      const response = await server.client().get(path);
      for (const [name, value] of Object.entries(expected)) {
        expect(response.headers.get(name), `${path} ${name}`).toBe(value);
      }
    }
    // A refusal from a hook before any route runs (another site's form), and the event stream,
    // which writes the raw response itself (reply.hijack()).
    const admin = await server.admin();
    const crossSite = await fetch(`${server.baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: admin.cookie!, origin: 'https://elsewhere.example' },
    });
    expect(crossSite.status).toBe(403);
    const controller = new AbortController();
    const stream = await fetch(`${server.baseUrl}/api/events`, {
      headers: { cookie: admin.cookie!, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers.get('cache-control')).toBe('no-store, no-transform');
      for (const response of [crossSite, stream]) {
        for (const [name, value] of Object.entries(expected)) {
          expect(response.headers.get(name), `${response.url} ${name}`).toBe(value);
        }
      }
    } finally {
      controller.abort();
    }
  });
});

describe('the session cookie over HTTPS', () => {
  test('is marked Secure when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    try {
      const response = await proxied
        .client()
        .request(
          'POST',
          '/api/auth/login',
          { json: { email: ADMIN.email, password: ADMIN.password } },
          { 'x-forwarded-proto': 'https' },
        );
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie().join('\n')).toMatch(/Secure/);
    } finally {
      await proxied.close();
    }
  });
});
