import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { meetingSignature } from '#server/features/providers/zoom/sdk-signature.ts';
import { ZoomClient, ZoomError } from '#server/features/providers/zoom/zoom-client.ts';
import { startZoomEmulator, type ZoomEmulator } from '../../../../../fakes/zoom-emulator.ts';

let zoom: ZoomEmulator;
let client: ZoomClient;

beforeAll(async () => {
  zoom = await startZoomEmulator();
  zoom.addUsers(350);
});
afterAll(() => zoom.close());
beforeEach(() => {
  client = new ZoomClient({ ...zoom.credentials, apiUrl: zoom.apiUrl, oauthUrl: zoom.oauthUrl });
});

test('lists every user across pages, with one cached token', async () => {
  const before = zoom.tokensIssued;
  const users = await client.listUsers();
  expect(users).toHaveLength(350);
  await client.listUsers();
  expect(zoom.tokensIssued - before).toBe(1);
  const lastPage = zoom.calls.filter((c) => c.path.startsWith('/users?')).at(-1)!;
  expect(lastPage.path).toContain('next_page_token=300');
});

test('a 401 with code 124 gets a new token and one retry', async () => {
  await client.listUsers();
  const before = zoom.tokensIssued;
  zoom.fail.invalidTokenOnce = true;
  expect(await client.listUsers()).toHaveLength(350);
  expect(zoom.tokensIssued - before).toBe(1);
});

test('429 is retried after Retry-After, or after a short pause without it', async () => {
  zoom.fail.rateLimit = { times: 1, retryAfter: '1' };
  const started = Date.now();
  expect(await client.zak(zoom.users[0]!.id)).toMatch(/^zak-/);
  expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  zoom.fail.rateLimit = { times: 2 };
  expect(await client.zak(zoom.users[0]!.id)).toMatch(/^zak-/);
});

test('creates a scheduled meeting with no join before host, and ends it', async () => {
  const meeting = await client.createMeeting(zoom.users[1]!.id, {
    topic: 'Online Class Meeting - Schedule 1',
    startTime: '2030-03-10T02:00:00.000Z',
    durationMinutes: 60,
    password: 'abc123',
    timezone: 'Asia/Ho_Chi_Minh',
  });
  expect(meeting.id).toMatch(/^\d{11}$/);
  const stored = zoom.meetings.get(meeting.id)!;
  expect(stored.settings.join_before_host).toBe(false);
  expect(stored.startTime).toBe('2030-03-10T02:00:00Z');
  await client.endMeeting(meeting.id);
  expect(stored.status).toBe('ended');
});

test("Zoom's refusals and unreadable replies become ZoomErrors with Zoom's code", async () => {
  zoom.fail.createMeeting = 1;
  const refused = await client
    .createMeeting(zoom.users[1]!.id, {
      topic: 't',
      startTime: '2030-03-10T02:00:00Z',
      durationMinutes: 60,
      password: 'p',
      timezone: 'UTC',
    })
    .catch((e) => e);
  expect(refused).toBeInstanceOf(ZoomError);
  expect(refused.zoomCode).toBe(3161);
  zoom.fail.listUsersReply = { unexpected: true };
  await expect(client.listUsers()).rejects.toThrow(/not understood/);
  zoom.fail.listUsersReply = undefined;
  const wrong = new ZoomClient({
    ...zoom.credentials,
    clientSecret: 'nope',
    apiUrl: zoom.apiUrl,
    oauthUrl: zoom.oauthUrl,
  });
  await expect(wrong.listUsers()).rejects.toBeInstanceOf(ZoomError);
});

test('SDK signatures are HS256 JWTs for one meeting and role, valid two hours', () => {
  const now = new Date('2030-03-10T02:00:00Z');
  const token = meetingSignature({ key: 'key', secret: 'secret' }, '12345678901', 1, now);
  const [header, payload, signature] = token.split('.');
  expect(createHmac('sha256', 'secret').update(`${header}.${payload}`).digest('base64url')).toBe(
    signature,
  );
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  expect(claims).toMatchObject({ appKey: 'key', sdkKey: 'key', mn: '12345678901', role: 1 });
  expect(claims.exp - claims.iat).toBe(7200);
  expect(claims.tokenExp).toBe(claims.exp);
  expect(claims.iat).toBe(now.getTime() / 1000 - 30);
});
