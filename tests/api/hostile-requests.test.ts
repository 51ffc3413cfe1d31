// Requests a browser of this app never sends, answered as refusals and 400s that change nothing:
// a percent-encoded /api path from another site, impossible dates, NUL bytes and broken multipart
// bodies; and every /api reply is uncached, with HEAD behind the same sign-in rule as GET.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { snapshot } from '../helpers/factories.ts';
import { startSchool } from '../helpers/school.ts';
import type { TestClient, TestServer } from '../helpers/test-server.ts';

let server: TestServer;
let admin: TestClient;
let classId: string;

beforeAll(async () => {
  ({ server, admin, classId } = await startSchool());
});
afterAll(() => server.close());

describe('origin checks judge the route that matched', () => {
  test('a percent-encoded /api path from another site is refused like the literal one', async () => {
    const victim = await server.admin();
    const foreign = { origin: 'https://evil.example' };
    const login = await server
      .client()
      .request(
        'POST',
        '/%61pi/auth/login',
        { json: { email: 'admin@test.local', password: 'admin-password' } },
        foreign,
      );
    expect(login.status).toBe(403);
    const form = new FormData();
    form.append('x', '1');
    const logout = await victim.request(
      'POST',
      '/%61pi/auth/logout',
      { form },
      {
        'sec-fetch-site': 'cross-site',
      },
    );
    expect(logout.status).toBe(403);
    expect((await victim.get('/api/auth/session')).status).toBe(200);
  });
});

describe('bad input that used to answer 500', () => {
  test('an impossible date and a NUL in a query string are 400s', async () => {
    const impossible = await admin.get('/api/classes?from=2024-02-30');
    expect(impossible.status).toBe(400);
    expect(impossible.body.field).toBe('from');
    const nul = await admin.get(`/api/classes/${classId}/student-options?q=a%00b`);
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ code: 'TEXT_INVALID_CHARACTERS', field: 'q' });
  });

  test('malformed or truncated multipart bodies to the upload routes are 400s and change nothing', async () => {
    const before = await snapshot(server, ['users', 'center_settings']);
    const boundary = 'edu-boundary';
    const bodies = [
      // Truncated: the closing boundary never comes.
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`,
      // Malformed: no headers end.
      `--${boundary}\r\nContent-Disposition: form-data; name="file"`,
      // Garbage.
      'this is not multipart at all',
    ];
    for (const route of ['/api/profile/avatar', '/api/center-settings/logo']) {
      for (const raw of bodies) {
        const reply = await admin.request('POST', route, {
          raw,
          type: `multipart/form-data; boundary=${boundary}`,
        });
        expect(reply.status, `${route}: ${reply.text}`).toBe(400);
        expect(reply.body.code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      }
    }
    expect(await snapshot(server, ['users', 'center_settings'])).toEqual(before);
  });
});

describe('caching and HEAD', () => {
  test('every /api reply is Cache-Control: no-store, success or error', async () => {
    for (const reply of [
      await admin.get('/api/auth/session'),
      await admin.get('/api/schedules'),
      await admin.get('/api/nothing-here'),
      await server.client().get('/api/users?role=student'),
      await server.client().get('/api/center-settings'),
    ]) {
      expect(reply.headers.get('cache-control')).toBe('no-store');
    }
  });

  test('HEAD on an API route needs a session, as GET does', async () => {
    expect((await server.client().request('HEAD', '/api/users?role=student')).status).toBe(401);
    expect((await server.client().request('HEAD', '/api/auth/session')).status).toBe(401);
    expect((await admin.request('HEAD', '/api/users?role=student')).status).toBe(200);
    expect((await server.client().request('HEAD', '/api/center-settings')).status).toBe(200);
  });
});

describe('invalid characters in a path parameter (issue 30 finding 7)', () => {
  const BAD = ['%00', 'a%00b', 'a%07', '%1B', '%7F'];

  /** Every registered API route with a parameter, each parameter in turn holding `bad`. */
  function pathsWith(bad: string) {
    const routes = server.server.app.registeredRoutes.filter(
      (r) => r.url.startsWith('/api/') && r.url.includes('/:') && !r.url.startsWith('/api/docs'),
    );
    return routes.flatMap((route) => {
      const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      return names.map((name) => ({
        route: `${route.method} ${route.url}`,
        method: route.method,
        field: name,
        // The other parameters hold something well formed (a fresh id).
        url: route.url.replace(/:(\w+)/g, (_, other: string) =>
          other === name ? bad : crypto.randomUUID(),
        ),
      }));
    });
  }

  test('the calendar feed (public) refuses a NUL in its file name with a 400', async () => {
    const anonymous = server.client();
    for (const file of ['a%00.ics', '%00', 'a%1B.ics']) {
      const reply = await anonymous.get(`/api/calendar/${file}`);
      expect(reply.status, file).toBe(400);
      expect(reply.body).toMatchObject({ code: 'TEXT_INVALID_CHARACTERS', field: 'file' });
    }
  });

  test('every route with a path parameter answers 4xx, never 500, signed in or not', async () => {
    const before = await snapshot(server, ['users', 'classes', 'schedules']);
    const anonymous = server.client();
    const failures: string[] = [];
    for (const bad of BAD) {
      for (const path of pathsWith(bad)) {
        for (const client of [admin, anonymous]) {
          const body = ['POST', 'PUT', 'PATCH'].includes(path.method) ? { json: {} } : undefined;
          const reply = await client.request(path.method, path.url, body);
          if (reply.status < 400 || reply.status >= 500) {
            failures.push(`${path.route} ${path.url} → ${reply.status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(pathsWith('%00').length).toBeGreaterThan(40);
    expect(await snapshot(server, ['users', 'classes', 'schedules'])).toEqual(before);
  });
});
