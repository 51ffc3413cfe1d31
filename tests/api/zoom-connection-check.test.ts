// The Zoom connection check of the Zoom accounts page (admin): each part of the set-up is tried,
// and a failing part says why in words an administrator can act on.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type ZoomEmulator, zoomEnv } from '../fakes/zoom-emulator.ts';
import { createAccount } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { startZoomSchool, type ZoomServer } from '../helpers/zoom-school.ts';

let school: ZoomServer;
let zoom: ZoomEmulator;
let server: TestServer;

beforeAll(async () => {
  school = await startZoomSchool({ cast: false, pool: false });
  ({ zoom, server } = school);
});
afterAll(() => school.close());

type Step = { key: string; status: string; code: string; params?: Record<string, string> };
const byKey = (steps: Step[]) => Object.fromEntries(steps.map((s) => [s.key, s]));

test('with everything set, every part passes, and the webhook step names the address to subscribe', async () => {
  const admin = await server.admin();
  const reply = await admin.post('/api/zoom/connection-check');
  expect(reply.status, reply.text).toBe(200);
  expect(reply.body.ok).toBe(true);
  const steps = byKey(reply.body.steps);
  expect(reply.body.steps.map((s: { key: string }) => s.key)).toEqual([
    'oauth',
    'users',
    'sdk',
    'webhook',
    'webSdk',
    'reports',
    'recordings',
  ]);
  expect(Object.values(steps).map((s) => s.status)).toEqual([
    'ok',
    'ok',
    'ok',
    'ok',
    'ok',
    'ok',
    'ok',
  ]);
  expect(steps.reports).toMatchObject({
    code: 'ZOOM_CHECK_REPORT_SCOPE_OK',
    params: { scope: 'report:read:list_meeting_participants:admin' },
  });
  expect(steps.recordings).toMatchObject({
    code: 'ZOOM_CHECK_RECORDING_SCOPES_OK',
    params: {
      scope:
        'cloud_recording:read:list_recording_files:admin, cloud_recording:delete:recording_file:admin',
    },
  });
  expect(steps.users).toMatchObject({ code: 'ZOOM_CHECK_USERS_OK', params: { count: '3' } });
  expect(steps.webhook).toMatchObject({
    code: 'ZOOM_CHECK_WEBHOOK_OK',
    // Without PUBLIC_ORIGIN the address is http://localhost:PORT, never the request's Host.
    params: { url: `${server.baseUrl.replace('127.0.0.1', 'localhost')}/api/zoom/webhook` },
  });
  expect(steps.webSdk!.code).toBe('ZOOM_CHECK_WEB_SDK_LOCAL');
  expect(steps.webSdk!.params!.url).toMatch(/^\/zoom-sdk\/[\d.]+\/$/);
});

test('a missing scope is named', async () => {
  const admin = await server.admin();
  zoom.fail.listUsersScope = true;
  try {
    const steps = byKey((await admin.post('/api/zoom/connection-check')).body.steps);
    expect(steps.oauth!.status).toBe('ok');
    expect(steps.users!.status).toBe('failed');
    expect(steps.users!.code).toBe('ZOOM_CHECK_USERS_FAILED');
    expect(steps.users!.params!.error).toContain('#4711');
  } finally {
    zoom.fail.listUsersScope = false;
  }
});

test("the report's and recordings' scopes: the classic names will do; a missing one is a warning, never a failure", async () => {
  const admin = await server.admin();
  const granted = zoom.tokenScopes;
  try {
    zoom.tokenScopes = granted
      .split(' ')
      .filter((s) => !s.startsWith('report:') && !s.startsWith('cloud_recording:'))
      .concat('report:read:admin', 'cloud_recording:read:admin')
      .join(' ');
    const reply = await admin.post('/api/zoom/connection-check');
    expect(reply.body.ok).toBe(true);
    const steps = byKey(reply.body.steps);
    expect(steps.reports).toMatchObject({
      status: 'ok',
      code: 'ZOOM_CHECK_REPORT_SCOPE_OK',
      params: { scope: 'report:read:admin' },
    });
    expect(steps.recordings).toMatchObject({
      status: 'warning',
      code: 'ZOOM_CHECK_RECORDING_SCOPES_MISSING',
      params: { missing: 'cloud_recording:delete:recording_file:admin' },
    });

    zoom.tokenScopes = 'user:read:list_users:admin';
    const without = await admin.post('/api/zoom/connection-check');
    expect(without.body.ok).toBe(true);
    const lacking = byKey(without.body.steps);
    expect(lacking.users!.status).toBe('ok');
    expect(lacking.reports).toMatchObject({
      status: 'warning',
      code: 'ZOOM_CHECK_REPORT_SCOPE_MISSING',
      params: { missing: 'report:read:list_meeting_participants:admin' },
    });
    expect(lacking.recordings).toMatchObject({
      status: 'warning',
      params: {
        missing:
          'cloud_recording:read:list_recording_files:admin, cloud_recording:delete:recording_file:admin',
      },
    });
  } finally {
    zoom.tokenScopes = granted;
  }
});

test('a wrong client secret fails the sign-in step and skips the one that needs it', async () => {
  const wrong = await startTestServer({
    env: { ...zoomEnv(zoom), ZOOM_CLIENT_SECRET: 'not-the-secret' },
    jobs: false,
  });
  try {
    const reply = await (await wrong.admin()).post('/api/zoom/connection-check');
    expect(reply.body.ok).toBe(false);
    const steps = byKey(reply.body.steps);
    expect(steps.oauth!.status).toBe('failed');
    expect(steps.oauth!.code).toBe('ZOOM_CHECK_OAUTH_REFUSED');
    expect(steps.oauth!.params!.error).toMatch(/^HTTP 401/);
    expect(steps.users!.status).toBe('skipped');
    expect(steps.reports!.status).toBe('skipped');
    expect(steps.recordings!.status).toBe('skipped');
    expect(steps.sdk!.status).toBe('ok');
  } finally {
    await wrong.close();
  }
});

test('an unreachable Zoom and a server without Zoom settings say what to set', async () => {
  const unreachable = await startTestServer({
    env: { ...zoomEnv(zoom), ZOOM_OAUTH_URL: 'http://127.0.0.1:9/oauth/token' },
    jobs: false,
  });
  const bare = await startTestServer({ jobs: false });
  try {
    const down = byKey(
      (await (await unreachable.admin()).post('/api/zoom/connection-check')).body.steps,
    );
    expect(down.oauth!.status).toBe('failed');
    expect(down.oauth).toMatchObject({
      code: 'ZOOM_CHECK_OAUTH_UNREACHABLE',
      params: { url: 'http://127.0.0.1:9/oauth/token' },
    });

    const reply = await (await bare.admin()).post('/api/zoom/connection-check');
    expect(reply.body.ok).toBe(false);
    const steps = byKey(reply.body.steps);
    expect(steps.oauth!).toMatchObject({ status: 'failed' });
    expect(steps.oauth!.code).toBe('ZOOM_CHECK_OAUTH_MISSING');
    expect(steps.sdk!.status).toBe('failed');
    expect(steps.sdk!.code).toBe('ZOOM_CHECK_SDK_MISSING');
    expect(steps.webhook!.status).toBe('warning');
    expect(steps.webhook!.code).toBe('ZOOM_CHECK_WEBHOOK_MISSING');
    expect(steps.webSdk!.status).toBe('ok');
  } finally {
    await unreachable.close();
    await bare.close();
  }
});

test('only an admin may run it', async () => {
  const admin = await server.admin();
  for (const role of ['staff', 'teacher', 'student'] as const) {
    const someone = await createAccount(server, admin, role);
    expect((await someone.client.post('/api/zoom/connection-check')).status).toBe(403);
  }
  expect((await server.client().post('/api/zoom/connection-check')).status).toBe(401);
});
