import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openEventStream } from '../helpers/event-stream.ts';
import { createAccount, themeBody } from '../helpers/factories.ts';
import { startTestServer, type TestClient, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(() => server.close());

describe('the realtime channel', () => {
  test('is for signed-in users only', async () => {
    const stream = await openEventStream(server.baseUrl);
    expect(stream.status).toBe(401);
  });

  test('a student hears the new center name and the applied theme as soon as an admin saves them', async () => {
    const student = await createAccount(server, admin, 'student');
    const stream = await openEventStream(server.baseUrl, student.client.cookie);
    expect(stream.status).toBe(200);
    await stream.next('ready');

    await admin.patch('/api/center-settings', { center_name: 'Live Name' });
    const settings = await stream.next('center-settings.updated');
    expect((settings.data as { center_name: string }).center_name).toBe('Live Name');

    const theme = await admin.post('/api/themes', themeBody('Live Theme'));
    await admin.post(`/api/themes/${theme.body.theme_id}/apply`);
    await stream.next('theme.updated');
    stream.close();
  });

  test("a deactivated user's open stream is ended at once", async () => {
    const student = await createAccount(server, admin, 'student');
    const stream = await openEventStream(server.baseUrl, student.client.cookie);
    await stream.next('ready');
    await admin.delete(`/api/users/${student.user.user_id}`);
    await expect(
      Promise.race([
        stream.ended.then(() => 'ended'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 3_000)),
      ]),
    ).resolves.toBe('ended');
  });

  test('internal events never reach browsers', async () => {
    const student = await createAccount(server, admin, 'student');
    const stream = await openEventStream(server.baseUrl, student.client.cookie);
    await stream.next('ready');
    const other = await createAccount(server, admin, 'student');
    await admin.delete(`/api/users/${other.user.user_id}`);
    await stream.next('users.changed');
    await expect(stream.next('internal.sessions-revoked', 300)).rejects.toThrow(/no "internal/);
    stream.close();
  });
});

describe('event streams end with their session', () => {
  test('signing out ends the stream of that session', async () => {
    const user = await server.admin();
    const stream = await openEventStream(server.baseUrl, user.cookie);
    expect(stream.status).toBe(200);
    await user.post('/api/auth/logout');
    await stream.ended;
  });

  test("changing a password ends the user's other streams, not the one of the session that changed it", async () => {
    const student = await createAccount(server, admin, 'student');
    const elsewhere = server.client();
    await elsewhere.login(student.email, student.password);
    const here = await openEventStream(server.baseUrl, student.client.cookie);
    const there = await openEventStream(server.baseUrl, elsewhere.cookie);
    const changed = await student.client.post('/api/auth/change-password', {
      currentPassword: student.password,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(changed.status, changed.text).toBe(200);
    await there.ended;
    // The stream of the session that changed it still gets events.
    await admin.request('PATCH', '/api/center-settings', {
      json: { center_name: 'Still listening' },
    });
    expect((await here.next('center-settings.updated', 5_000)).event).toBe(
      'center-settings.updated',
    );
    here.close();
  });
});
