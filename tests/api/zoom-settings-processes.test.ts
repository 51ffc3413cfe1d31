// Settings → Zoom with two server processes on one database (docs/decisions/024): what the admin
// saves through one is used by the other without a restart, and no credential ever reaches a log
// line of either, even at the most talkative level.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startZoomEmulator, type ZoomEmulator } from '../fakes/zoom-emulator.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { TestClient } from '../helpers/test-server.ts';

const ADMIN = { email: 'admin@zoom-settings.test', password: 'zoom-settings-password' };
const CREDENTIALS = {
  account_id: 'acc-test',
  client_id: 'client-test',
  client_secret: 'secret-test',
  sdk_key: 'sdk-key-of-the-processes-test',
  sdk_secret: 'sdk-secret-of-the-processes-test',
  webhook_secret_token: 'webhook-token-of-the-processes-test',
};

let zoom: ZoomEmulator;
let database: TestDatabase;
const extraDirs: string[] = [];
const servers: ServerProcess[] = [];

beforeAll(async () => {
  zoom = await startZoomEmulator();
  zoom.addUsers(2);
  database = await createTestDatabase();
  const env = {
    DATABASE_URL: database.databaseUrl ?? '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ZOOM_API_URL: zoom.apiUrl,
    ZOOM_OAUTH_URL: zoom.oauthUrl,
    // Every line the server can write, request and reply included.
    LOG_LEVEL: 'trace',
  };
  // On SQLite both share the data folder (the database file and the generated key beside it); on
  // PostgreSQL each host has its own folder, and so they share SECRETS_KEY.
  const second = database.databaseUrl
    ? await fs.mkdtemp(path.join(os.tmpdir(), 'edu-zoom-second-'))
    : database.dataDir;
  if (second !== database.dataDir) extraDirs.push(second);
  const sharedKey: Record<string, string> = database.databaseUrl
    ? { SECRETS_KEY: 'cd'.repeat(32) }
    : {};
  // One after the other: the first runs the migrations and creates the admin.
  for (const dataDir of [database.dataDir, second]) {
    servers.push(await startServerProcess({ ...env, ...sharedKey, DATA_DIR: dataDir }));
  }
}, 60_000);
afterAll(async () => {
  for (const server of servers) await server.kill('SIGTERM');
  await zoom?.close();
  await database?.drop();
  for (const dir of extraDirs) await fs.rm(dir, { recursive: true, force: true });
});

async function adminOf(server: ServerProcess) {
  const admin = new TestClient(server.baseUrl);
  await admin.login(ADMIN.email, ADMIN.password);
  return admin;
}

test('saved through one process, used by the other without a restart; never in a log line', async () => {
  const [first, second] = servers as [ServerProcess, ServerProcess];
  const [one, other] = [await adminOf(first), await adminOf(second)];
  expect((await other.get('/api/zoom/settings')).body.connected).toBe(false);

  const saved = await one.patch('/api/zoom/settings', CREDENTIALS);
  expect(saved.status, saved.text).toBe(200);
  expect(saved.body.check.ok).toBe(true);

  // The other process hears of it (an event on PostgreSQL, its version check on SQLite).
  let seen = false;
  for (let waited = 0; waited < 10_000 && !seen; waited += 200) {
    seen = (await other.get('/api/zoom/settings')).body.connected === true;
    if (!seen) await sleep(200);
  }
  expect(seen).toBe(true);
  const checked = await other.post('/api/zoom/connection-check');
  expect(checked.body.ok, checked.text).toBe(true);
  expect((await other.post('/api/zoom-accounts/sync')).status).toBe(200);

  // The request carrying them was logged (trace), its body never.
  const logs = first.output() + second.output();
  expect(logs).toContain('/api/zoom/settings');
  for (const value of Object.values(CREDENTIALS)) {
    expect(logs).not.toContain(value);
  }
});
