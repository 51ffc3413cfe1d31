// The calendar link says when calendar apps cannot reach it (issue 26 point 8): the feed reply
// carries reachable_from_internet, true only when PUBLIC_ORIGIN is a public https address.
import { afterEach, expect, test } from 'vitest';
import { createAccount } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function feedWith(publicOrigin?: string) {
  server = await startTestServer({ env: publicOrigin ? { PUBLIC_ORIGIN: publicOrigin } : {} });
  const student = await createAccount(server, await server.admin(), 'student');
  const none = await student.client.get('/api/profile/calendar-feed');
  const created = await student.client.post('/api/profile/calendar-feed');
  const read = await student.client.get('/api/profile/calendar-feed');
  const revoked = await student.client.delete('/api/profile/calendar-feed');
  return { none, created, read, revoked };
}

test('without PUBLIC_ORIGIN (development, tests) the feed URL names localhost, and is said unreachable', async () => {
  const { none, created, read, revoked } = await feedWith();
  expect(none.body).toEqual({ exists: false, created_at: null, reachable_from_internet: false });
  expect(created.status).toBe(201);
  const port = new URL(server!.baseUrl).port;
  expect(created.body).toMatchObject({
    url: expect.stringMatching(new RegExp(`^http://localhost:${port}/api/calendar/[\\w-]+\\.ics$`)),
    reachable_from_internet: false,
  });
  expect(read.body.reachable_from_internet).toBe(false);
  expect(revoked.body).toMatchObject({ exists: false, reachable_from_internet: false });
});

/** The feed made and read with a forged Host and X-Forwarded-Host, as a proxy would pass them. */
async function feedWithForgedHost(publicOrigin?: string) {
  server = await startTestServer({
    env: { TRUST_PROXY: 'true', ...(publicOrigin ? { PUBLIC_ORIGIN: publicOrigin } : {}) },
  });
  const student = await createAccount(server, await server.admin(), 'student');
  const forged = (method: 'GET' | 'POST') =>
    server!.server.app.inject({
      method,
      url: '/api/profile/calendar-feed',
      headers: {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        cookie: student.client.cookie!,
      },
    });
  const created = await forged('POST');
  const read = await forged('GET');
  // The feed itself (its link back to the app) is fetched with the forged Host too.
  const feed = await server!.server.app.inject({
    method: 'GET',
    url: new URL(created.json().url).pathname,
    headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
  });
  expect(feed.statusCode).toBe(200);
  expect(feed.body).not.toContain('evil.example');
  // The URL is shown once, when made (its token is stored hashed): the later read has none.
  expect(read.json().url).toBeUndefined();
  expect(read.body).not.toContain('evil.example');
  return [created.json()] as { url: string }[];
}

test.each([
  ['https://edu.example.com', /^https:\/\/edu\.example\.com\/api\/calendar\//],
  [undefined, /^http:\/\/localhost:\d+\/api\/calendar\//],
])('a forged Host never appears in the feed URL (PUBLIC_ORIGIN=%s)', async (origin, pattern) => {
  for (const body of await feedWithForgedHost(origin)) {
    expect(body.url).toMatch(pattern);
    expect(body.url).not.toContain('evil.example');
  }
});

test('a public https PUBLIC_ORIGIN makes the URL reachable', async () => {
  const { created, read } = await feedWith('https://edu.example.com');
  expect(created.body).toMatchObject({
    url: expect.stringMatching(/^https:\/\/edu\.example\.com\/api\/calendar\/[\w-]+\.ics$/),
    reachable_from_internet: true,
  });
  expect(read.body).toMatchObject({ exists: true, reachable_from_internet: true });
  expect(read.body.url).toBeUndefined();
});

test.each(['http://edu.example.com', 'https://192.168.1.20:3000', 'https://localhost:3000'])(
  'PUBLIC_ORIGIN=%s is not reachable by calendar apps',
  async (origin) => {
    const { created } = await feedWith(origin);
    expect(created.body.url.startsWith(origin)).toBe(true);
    expect(created.body.reachable_from_internet).toBe(false);
  },
);
