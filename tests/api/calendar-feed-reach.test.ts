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

test('without PUBLIC_ORIGIN the feed URL is the address the browser used, and said unreachable', async () => {
  const { none, created, read, revoked } = await feedWith();
  expect(none.body).toEqual({ exists: false, created_at: null, reachable_from_internet: false });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\//),
    reachable_from_internet: false,
  });
  expect(read.body.reachable_from_internet).toBe(false);
  expect(revoked.body).toMatchObject({ exists: false, reachable_from_internet: false });
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
