// An open event stream lives no longer than its session: signing out or changing the password
// elsewhere ends it, so a stream never outlives the right to read it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openEventStream } from '../helpers/event-stream.ts';
import { createAccount } from '../helpers/factories.ts';
import { startTestServer, type TestClient, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(() => server.close());

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
