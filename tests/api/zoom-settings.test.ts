// Settings → Zoom (issue 26 point 1, docs/decisions/024): the admin connects Zoom in the app. The
// credentials are kept sealed, never sent back, replaced field by field, used at once without a
// restart (a rotated client secret, the SDK secret signing the next launch, the webhook's token),
// and a field the server's environment sets wins and cannot be changed here.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { startZoomEmulator, type ZoomEmulator, zoomEnv } from '../fakes/zoom-emulator.ts';
import { TestClock } from '../helpers/clock.ts';
import { type Account, createAccount, snapshot } from '../helpers/factories.ts';
import { createLesson, type School, startSchool } from '../helpers/school.ts';
import { startTestServer, type TestClient, type TestServer } from '../helpers/test-server.ts';
import { addWholeZoomPool } from '../helpers/zoom-pool.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let zoom: ZoomEmulator;
let school: School;
let server: TestServer;
let admin: TestClient;
let teacher: Account;
let student: Account;
let classId: string;
/** A lesson on Zoom starting soon, which cannot start until Zoom is connected. */
let lessonId: string;

/** What the admin pastes from Zoom's Marketplace (the emulator's app). */
const pasted = () => ({
  account_id: zoom.credentials.accountId,
  client_id: zoom.credentials.clientId,
  client_secret: zoom.credentials.clientSecret,
  sdk_key: 'sdk-key-from-the-marketplace',
  sdk_secret: 'sdk-secret-from-the-marketplace',
  webhook_secret_token: 'webhook-token-from-the-marketplace',
});

const SECRETS = [
  'secret-test',
  'sdk-secret-from-the-marketplace',
  'webhook-token-from-the-marketplace',
  'sdk-secret-rotated',
  'webhook-token-rotated',
  'client-secret-rotated',
];

const claims = (signature: string) =>
  JSON.parse(Buffer.from(signature.split('.')[1]!, 'base64url').toString());
const signedWith = (token: string, secret: string) => {
  const [header, payload, signature] = token.split('.');
  return (
    createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url') === signature
  );
};
type FieldDto = {
  field: string;
  source: string | null;
  masked: string | null;
  unreadable: boolean;
};
const fieldsOf = (body: { fields: FieldDto[] }): Record<string, FieldDto> =>
  Object.fromEntries(body.fields.map((f) => [f.field, f]));

/** The REST client of the Zoom provider the server uses now (it holds the cached token). */
const zoomClient = () =>
  (server.server.ctx.providers.get('zoom') as unknown as { client: object } | undefined)?.client;

function deliverWebhook(secret: string) {
  const raw = JSON.stringify({
    event: 'endpoint.url_validation',
    payload: { plainToken: 'plain-token' },
  });
  const timestamp = String(Math.floor(clock.now().getTime() / 1000));
  const signature = `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${raw}`).digest('hex')}`;
  return server
    .client()
    .request(
      'POST',
      '/api/zoom/webhook',
      { raw, type: 'application/json' },
      { 'x-zm-request-timestamp': timestamp, 'x-zm-signature': signature },
    );
}

beforeAll(async () => {
  zoom = await startZoomEmulator();
  zoom.addUsers(3);
  // The server knows where Zoom is (the emulator), and no credentials: the admin sets them.
  school = await startSchool({
    clock,
    env: { ZOOM_API_URL: zoom.apiUrl, ZOOM_OAUTH_URL: zoom.oauthUrl },
  });
  ({ server, admin, teacher, student, classId } = school);
});
afterAll(async () => {
  await server.close();
  await zoom.close();
});

describe('the admin connects Zoom in the app', () => {
  test('before: nothing is set, Zoom is not connected, and a lesson on Zoom says so', async () => {
    const reply = await admin.get('/api/zoom/settings');
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.connected).toBe(false);
    // Without PUBLIC_ORIGIN: http://localhost:PORT, never the request's Host.
    expect(reply.body.webhook_url).toBe(
      `${server.baseUrl.replace('127.0.0.1', 'localhost')}/api/zoom/webhook`,
    );
    expect(reply.body.fields.map((f: { source: unknown }) => f.source)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect((await admin.get('/api/venues')).body.available).not.toContain('zoom');
    lessonId = (await createLesson(admin, classId, '2030-03-10T02:10:00Z')).schedule_id;
    const start = await teacher.client.post(`/api/schedules/${lessonId}/start`);
    expect(start.body.code).toBe('ZOOM_NOT_CONNECTED');
  });

  test('saving runs the connection check, and the values are never sent back nor stored plain', async () => {
    const saved = await admin.patch('/api/zoom/settings', pasted());
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.code).toBe('ZOOM_SETTINGS_SAVED');
    expect(saved.body.connected).toBe(true);
    expect(saved.body.check.ok).toBe(true);
    // The five steps the lessons need, then the report's and the recordings' scopes (issue 28).
    expect(saved.body.check.steps.map((s: { status: string }) => s.status)).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
    const fields = fieldsOf(saved.body);
    expect(fields.sdk_key).toMatchObject({ source: 'app', masked: '••••lace' });
    // A short identifier shows nothing of itself; a secret never shows at all.
    expect(fields.account_id).toMatchObject({ source: 'app', masked: '••••' });
    expect(fields.client_secret).toMatchObject({ source: 'app', masked: null });
    expect(fields.sdk_secret).toMatchObject({ source: 'app', masked: null });

    const read = await admin.get('/api/zoom/settings');
    expect(read.body.fields).toEqual(saved.body.fields);
    for (const reply of [saved, read]) {
      for (const value of [...Object.values(pasted()), ...SECRETS]) {
        expect(reply.text).not.toContain(value);
      }
    }
    // The stored row, all of it as JSON text: no pasted value appears in any column.
    const [row] = (await snapshot(server, ['provider_settings'])).provider_settings as string[];
    expect(row).toContain('sealed_fields');
    for (const value of Object.values(pasted())) expect(row).not.toContain(value);
    // No SECRETS_KEY: the key was generated in the data folder, for its owner only.
    const keyFile = path.join(server.config.dataDir, 'secrets.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);

    expect((await admin.get('/api/venues')).body.available).toContain('zoom');
  });

  test('lessons start on Zoom at once, signed with the SDK secret in force, which can change', async () => {
    await addWholeZoomPool(admin);
    const started = await teacher.client.post(`/api/schedules/${lessonId}/start`);
    expect(started.status, started.text).toBe(200);
    expect(claims(started.body.launch.signature).sdkKey).toBe('sdk-key-from-the-marketplace');
    expect(signedWith(started.body.launch.signature, 'sdk-secret-from-the-marketplace')).toBe(true);

    // Another SDK secret keeps the REST client, and the access token it holds.
    const clientBefore = zoomClient();
    expect(clientBefore).toBeDefined();
    const changed = await admin.patch('/api/zoom/settings', { sdk_secret: 'sdk-secret-rotated' });
    expect(changed.status, changed.text).toBe(200);
    expect(zoomClient()).toBe(clientBefore);
    const joined = await student.client.post(`/api/schedules/${lessonId}/join`);
    expect(joined.status, joined.text).toBe(200);
    expect(signedWith(joined.body.launch.signature, 'sdk-secret-rotated')).toBe(true);
  });

  test('a client secret rotated on Zoom is used as soon as it is saved (the old token is dropped)', async () => {
    zoom.credentials.clientSecret = 'client-secret-rotated';
    try {
      const refused = await admin.post('/api/zoom/connection-check');
      expect(refused.body.steps[0]).toMatchObject({ status: 'failed' });
      const clientBefore = zoomClient();
      const saved = await admin.patch('/api/zoom/settings', {
        client_secret: 'client-secret-rotated',
      });
      expect(saved.body.check.ok).toBe(true);
      // A new REST client: the token cached under the old secret is gone.
      expect(zoomClient()).not.toBe(clientBefore);
      const sync = await admin.post('/api/zoom-accounts/sync');
      expect(sync.status, sync.text).toBe(200);
      expect(saved.text).not.toContain('client-secret-rotated');
    } finally {
      zoom.credentials.clientSecret = 'secret-test';
      await admin.patch('/api/zoom/settings', { client_secret: 'secret-test' });
    }
  });

  test('the webhook is verified with the token in force', async () => {
    expect((await deliverWebhook('webhook-token-from-the-marketplace')).status).toBe(200);
    await admin.patch('/api/zoom/settings', { webhook_secret_token: 'webhook-token-rotated' });
    expect((await deliverWebhook('webhook-token-from-the-marketplace')).status).toBe(401);
    const validated = await deliverWebhook('webhook-token-rotated');
    expect(validated.status).toBe(200);
    expect(validated.body.plainToken).toBe('plain-token');
  });

  test('bad input is refused with a code, and changes nothing', async () => {
    const before = (await admin.get('/api/zoom/settings')).body;
    // A value's fault: VALIDATION naming the field, and why.
    const invalid = 'VALIDATION:ZOOM_SETTING_INVALID';
    const cases: [unknown, number, string][] = [
      [{ client_secret: 'has a space' }, 400, invalid],
      [{ client_secret: '' }, 400, invalid],
      [{ client_secret: 42 }, 400, invalid],
      [{ client_secret: 'x'.repeat(513) }, 400, invalid],
      [{ api_url: 'https://evil.example' }, 400, 'JSON_UNKNOWN_FIELD'],
      // The OAuth app's three work together: clearing one alone leaves Zoom half set.
      [{ client_id: null }, 400, 'ZOOM_SETTINGS_INCOMPLETE'],
      [{ sdk_key: null }, 400, 'ZOOM_SETTINGS_INCOMPLETE'],
    ];
    for (const [body, status, code] of cases) {
      const reply = await admin.patch('/api/zoom/settings', body);
      expect(reply.status, JSON.stringify(body)).toBe(status);
      const said = reply.body.reason ? `${reply.body.code}:${reply.body.reason}` : reply.body.code;
      expect(said, JSON.stringify(body)).toBe(code);
    }
    expect((await admin.get('/api/zoom/settings')).body).toEqual(before);
  });

  test('only the admin sees or changes them', async () => {
    for (const role of ['staff', 'teacher', 'student'] as const) {
      const someone = await createAccount(server, admin, role);
      expect((await someone.client.get('/api/zoom/settings')).status).toBe(403);
      const patch = await someone.client.patch('/api/zoom/settings', { client_secret: 'mine' });
      expect(patch.status).toBe(403);
      expect(patch.body.code).toBe('FORBIDDEN');
    }
    expect((await server.client().get('/api/zoom/settings')).status).toBe(401);
    expect((await server.client().patch('/api/zoom/settings', {})).status).toBe(401);
  });

  test('cleared, Zoom is not connected again: lessons say who can connect it', async () => {
    const cleared = await admin.patch('/api/zoom/settings', {
      account_id: null,
      client_id: null,
      client_secret: null,
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.connected).toBe(false);
    expect(cleared.body.check.steps[0].code).toBe('ZOOM_CHECK_OAUTH_MISSING');
    expect(fieldsOf(cleared.body).sdk_key!.source).toBe('app');
    expect((await admin.get('/api/venues')).body.available).not.toContain('zoom');
    const lesson = await createLesson(admin, classId, '2030-03-10T03:40:00Z');
    const start = await teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`);
    expect(start.body.code).toBe('ZOOM_NOT_CONNECTED');
  });

  test('the audit log says that each credential changed and by whom, never a value', async () => {
    const { db } = server.server.ctx.database;
    const entries = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'provider.credentials')
      .orderBy('at')
      .execute();
    expect(entries.length).toBeGreaterThanOrEqual(3);
    const [first] = entries;
    expect(first).toMatchObject({ record_type: 'provider', record_id: 'zoom' });
    expect(first?.actor_id).toBeTruthy();
    expect(JSON.parse(first?.changes ?? '{}')).toEqual(
      Object.fromEntries(Object.keys(pasted()).map((field) => [field, { secret: true }])),
    );
    // The last: the three cleared.
    expect(JSON.parse(entries.at(-1)?.changes ?? '{}')).toEqual({
      account_id: { secret: true },
      client_id: { secret: true },
      client_secret: { secret: true },
    });
    const text = JSON.stringify(await db.selectFrom('audit_log').selectAll().execute());
    for (const value of [...Object.values(pasted()), ...SECRETS]) {
      expect(text).not.toContain(value);
    }
  });
});

test('values sealed under another key are reported unreadable, never a failure', async () => {
  // A second server on the same database with a SECRETS_KEY the values were not sealed with.
  const rekeyed = await startTestServer({
    database: server.database,
    env: { ZOOM_API_URL: zoom.apiUrl, ZOOM_OAUTH_URL: zoom.oauthUrl, SECRETS_KEY: 'ef'.repeat(32) },
    jobs: false,
  });
  try {
    const reply = await (await rekeyed.admin()).get('/api/zoom/settings');
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.connected).toBe(false);
    expect(fieldsOf(reply.body).sdk_key).toMatchObject({ unreadable: true, masked: null });
  } finally {
    await rekeyed.close();
  }
});

describe("the server's environment", () => {
  test('wins: its fields show as set by it, cannot be changed here, and the app fills the rest', async () => {
    const { ZOOM_WEBHOOK_SECRET_TOKEN: _left, ...env } = zoomEnv(zoom);
    const configured = await startTestServer({ env, jobs: false });
    try {
      const owner = await configured.admin();
      const reply = await owner.get('/api/zoom/settings');
      expect(reply.body.connected).toBe(true);
      const fields = fieldsOf(reply.body);
      expect(fields.client_secret).toMatchObject({ source: 'environment', masked: null });
      expect(fields.webhook_secret_token).toMatchObject({ source: null });
      expect(reply.text).not.toContain('secret-test');

      for (const body of [{ client_secret: 'other' }, { sdk_secret: null }]) {
        const refused = await owner.patch('/api/zoom/settings', body);
        expect(refused.status).toBe(409);
        expect(refused.body.code).toBe('ZOOM_SETTING_FROM_ENVIRONMENT');
        expect(refused.body.params.variable).toMatch(/^ZOOM_(CLIENT|SDK)_SECRET$/);
      }
      const filled = await owner.patch('/api/zoom/settings', {
        webhook_secret_token: 'webhook-token-from-the-marketplace',
      });
      expect(filled.status, filled.text).toBe(200);
      expect(fieldsOf(filled.body).webhook_secret_token!.source).toBe('app');
      expect(filled.body.check.steps[3].code).toBe('ZOOM_CHECK_WEBHOOK_OK');
    } finally {
      await configured.close();
    }
  });

  test('two first saves at once (two admins, different fields) keep both', async () => {
    const fresh = await startTestServer({
      env: { ZOOM_API_URL: zoom.apiUrl, ZOOM_OAUTH_URL: zoom.oauthUrl },
      jobs: false,
    });
    try {
      const one = await fresh.admin();
      const other = await fresh.admin();
      const [a, b] = await Promise.all([
        one.patch('/api/zoom/settings', { webhook_secret_token: 'webhook-token-first' }),
        other.patch('/api/zoom/settings', { sdk_key: 'sdk-key-second', sdk_secret: 'sdk-secret' }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const fields = fieldsOf((await one.get('/api/zoom/settings')).body);
      expect(fields.webhook_secret_token!.source).toBe('app');
      expect(fields.sdk_key!.source).toBe('app');
      expect(fields.sdk_secret!.source).toBe('app');
    } finally {
      await fresh.close();
    }
  });

  test('a SECRETS_KEY that is not 32 bytes is refused at start-up', () => {
    expect(() => loadConfig({ SECRETS_KEY: 'too-short' })).toThrow(/SECRETS_KEY/);
    expect(loadConfig({ SECRETS_KEY: 'ab'.repeat(32) }).secretsKey).toHaveLength(32);
  });
});
