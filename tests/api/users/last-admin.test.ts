// The center never loses its last active admin (issue 26, point 3): an admin may give up the role
// only while another active admin stays, and two admins demoting each other at once leave one.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAccount } from '../../helpers/factories.ts';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/test-server.ts';

let server: TestServer;
let admin: TestClient;
let adminId: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  adminId = (await admin.get('/api/auth/session')).body.user.user_id;
});
afterAll(() => server.close());

const activeAdmins = async () =>
  server.server.ctx.database.db
    .selectFrom('users')
    .select('user_id')
    .where('role', '=', 'admin')
    .where('is_active', '=', true)
    .execute();

test('the only admin may not give up the role', async () => {
  const response = await admin.patch(`/api/users/${adminId}`, { role: 'staff' });
  expect(response.status).toBe(409);
  expect(response.body).toMatchObject({ code: 'USER_LAST_ADMIN', field: 'role' });
  expect(await activeAdmins()).toEqual([{ user_id: adminId }]);
});

test('with a second admin, one steps down; then the other may not', async () => {
  const second = await createAccount(server, admin, 'admin');
  const stepped = await second.client.patch(`/api/users/${second.user.user_id}`, {
    role: 'teacher',
  });
  expect(stepped.status).toBe(200);
  expect(stepped.body.user.role).toBe('teacher');
  // Their session follows at once: no admin page any more.
  expect((await second.client.get('/api/users?role=staff')).status).toBe(403);
  const last = await admin.patch(`/api/users/${adminId}`, { role: 'student' });
  expect(last.status).toBe(409);
  expect(last.body.code).toBe('USER_LAST_ADMIN');
});

test('two admins demoting each other at once leave exactly one admin', async () => {
  // Several rounds: each time a new pair starts with the bootstrap admin out of the way.
  for (let round = 0; round < 3; round++) {
    const first = await createAccount(server, admin, 'admin');
    const second = await createAccount(server, admin, 'admin');
    // The bootstrap admin steps down, leaving the pair as the only admins.
    expect((await admin.patch(`/api/users/${adminId}`, { role: 'staff' })).status).toBe(200);

    const replies = await Promise.all([
      first.client.patch(`/api/users/${second.user.user_id}`, { role: 'staff' }),
      second.client.patch(`/api/users/${first.user.user_id}`, { role: 'staff' }),
    ]);
    // One wins. The other is refused: as the last admin when both were under way together, or,
    // when the winner finished before the other was even read, as no longer an admin.
    const won = replies.filter((r) => r.status === 200);
    const lost = replies.filter((r) => r.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost.map((r) => [r.status, r.body.code])).toEqual([
      expect.toBeOneOf([
        [409, 'USER_LAST_ADMIN'],
        [403, 'USER_UPDATE_FORBIDDEN'],
      ]),
    ]);
    const left = await activeAdmins();
    expect(left).toHaveLength(1);

    // The one left brings the bootstrap admin back, who then makes them staff: the next round
    // starts with the bootstrap admin alone again.
    const survivor = left[0]!.user_id === first.user.user_id ? first : second;
    expect((await survivor.client.patch(`/api/users/${adminId}`, { role: 'admin' })).status).toBe(
      200,
    );
    const back = await admin.patch(`/api/users/${survivor.user.user_id}`, { role: 'staff' });
    expect(back.status).toBe(200);
    expect(await activeAdmins()).toEqual([{ user_id: adminId }]);
  }
});

test('two admins deleting each other at once leave exactly one admin', async () => {
  const first = await createAccount(server, admin, 'admin');
  const second = await createAccount(server, admin, 'admin');
  expect((await admin.patch(`/api/users/${adminId}`, { role: 'staff' })).status).toBe(200);

  const replies = await Promise.all([
    first.client.delete(`/api/users/${second.user.user_id}`),
    second.client.delete(`/api/users/${first.user.user_id}`),
  ]);
  expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
  expect(replies.filter((r) => r.status !== 200).map((r) => r.body.code)).toEqual([
    expect.toBeOneOf(['USER_LAST_ADMIN', 'UNAUTHENTICATED']),
  ]);
  expect(await activeAdmins()).toHaveLength(1);
});
