// A local stand-in for Zoom's OAuth and REST API (docs/zoom.md), for tests and local
// development: users with pagination, create/get/end meeting, ZAK, recordings and the
// participants report, and failures on demand (401 code 124 once, 429 with or without
// Retry-After, errors on chosen endpoints).
import { randomBytes, randomInt } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  type EmulatedCloudRecordings,
  registerCloudRecordings,
} from './zoom-emulator-recordings.ts';
import { type ReportFailures, registerReports, reportFailures } from './zoom-emulator-reports.ts';

export interface EmulatedMeeting {
  id: string;
  hostId: string;
  topic: string;
  startTime: string;
  duration: number;
  password: string;
  settings: Record<string, unknown>;
  status: 'waiting' | 'started' | 'ended';
  /** What the cloud recordings and the participants report answer (zoom-emulator-reports.ts). */
  recordings?: (Record<string, unknown> & {
    id: string;
    recording_start: string;
    recording_end?: string;
    play_url?: string;
  })[];
  /** The recording's own fields (uuid, share_url, passcodes), set by zoom-emulator-recordings.ts. */
  recordingInfo?: Record<string, unknown>;
  participants?: Record<string, string>[];
}

export interface ZoomEmulator {
  url: string;
  apiUrl: string;
  oauthUrl: string;
  credentials: { accountId: string; clientId: string; clientSecret: string };
  users: { id: string; email: string; first_name: string; last_name: string; status: string }[];
  meetings: Map<string, EmulatedMeeting>;
  calls: { method: string; path: string }[];
  tokensIssued: number;
  /** Failures to produce, consumed as they happen. */
  fail: {
    invalidTokenOnce: boolean;
    rateLimit: { times: number; retryAfter?: string };
    createMeeting: number;
    zak: number;
    endMeeting: number;
    /** GET /meetings/{id} answers 500 this many times. */
    meetingStatus: number;
    /** The app lacks the scope to list users (Zoom's 400, code 4711). */
    listUsersScope?: boolean;
    listUsersReply?: unknown;
  };
  /** Simulates slow meeting creation (ms), for concurrency tests. */
  createDelayMs: number;
  /** The participants report's refusals on demand (zoom-emulator-reports.ts). */
  report: ReportFailures;
  /** The scopes the OAuth token says it carries (space-separated), as Zoom's token reply does. */
  tokenScopes: string;
  addUsers(count: number, prefix?: string): void;
  /** The host is in the meeting: Zoom reports it 'started'. */
  hostJoins(meetingId: string): void;
  /** Everyone left and the meeting ended on Zoom's side (no webhook is sent). */
  meetingEnds(meetingId: string): void;
  /** Cloud recordings: record a meeting, its event, the deletions asked for. */
  cloud: EmulatedCloudRecordings;
  close(): Promise<void>;
}

export async function startZoomEmulator(): Promise<ZoomEmulator> {
  const app: FastifyInstance = Fastify({ logger: false });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  const credentials = {
    accountId: 'acc-test',
    clientId: 'client-test',
    clientSecret: 'secret-test',
  };
  const validTokens = new Set<string>();
  const state: Omit<
    ZoomEmulator,
    | 'url'
    | 'apiUrl'
    | 'oauthUrl'
    | 'close'
    | 'addUsers'
    | 'credentials'
    | 'hostJoins'
    | 'meetingEnds'
    | 'report'
    | 'tokenScopes'
    | 'cloud'
  > = {
    users: [],
    meetings: new Map(),
    calls: [],
    tokensIssued: 0,
    fail: {
      invalidTokenOnce: false,
      rateLimit: { times: 0 },
      createMeeting: 0,
      zak: 0,
      endMeeting: 0,
      meetingStatus: 0,
    },
    createDelayMs: 0,
  };

  app.post('/oauth/token', async (request, reply) => {
    const expected = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
    const body = request.body as Record<string, string>;
    if (request.headers.authorization !== expected)
      return reply
        .code(401)
        .send({ reason: 'Invalid client_id or client_secret', error: 'invalid_client' });
    if (body.grant_type !== 'account_credentials' || body.account_id !== credentials.accountId) {
      return reply
        .code(400)
        .send({ reason: 'Invalid request', error: 'invalid_request', code: 4706 });
    }
    const token = randomBytes(16).toString('hex');
    validTokens.add(token);
    state.tokensIssued++;
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: 3600,
      scope: scopes.value,
    };
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v2/')) return;
    state.calls.push({ method: request.method, path: request.url.replace(/^\/v2/, '') });
    const token = request.headers.authorization?.replace(/^Bearer /, '');
    if (state.fail.invalidTokenOnce || !token || !validTokens.has(token)) {
      state.fail.invalidTokenOnce = false;
      return reply.code(401).send({ code: 124, message: 'Invalid access token.' });
    }
    if (state.fail.rateLimit.times > 0) {
      state.fail.rateLimit.times--;
      if (state.fail.rateLimit.retryAfter !== undefined)
        reply.header('retry-after', state.fail.rateLimit.retryAfter);
      return reply.code(429).send({
        code: 429,
        message: 'You have reached the maximum per-second rate limit for this API.',
      });
    }
  });

  app.get('/v2/users', async (request, reply) => {
    if (state.fail.listUsersReply !== undefined) return state.fail.listUsersReply;
    if (state.fail.listUsersScope) {
      return reply.code(400).send({
        code: 4711,
        message: 'Invalid access token, does not contain scopes:[user:read:list_users:admin].',
      });
    }
    const query = request.query as { page_size?: string; next_page_token?: string };
    const size = Math.min(300, Number(query.page_size ?? 30));
    const start = query.next_page_token ? Number(query.next_page_token) : 0;
    const page = state.users.slice(start, start + size);
    const next = start + size < state.users.length ? String(start + size) : '';
    return {
      page_count: Math.ceil(state.users.length / size),
      page_size: size,
      total_records: state.users.length,
      next_page_token: next,
      users: page.map((u) => ({
        ...u,
        type: 2,
        role_id: '2',
        timezone: 'Asia/Ho_Chi_Minh',
        display_name: `${u.first_name} ${u.last_name}`,
      })),
    };
  });

  app.post('/v2/users/:userId/meetings', async (request, reply) => {
    const { userId } = request.params as { userId: string };
    if (state.createDelayMs)
      await new Promise((resolve) => setTimeout(resolve, state.createDelayMs));
    if (state.fail.createMeeting > 0) {
      state.fail.createMeeting--;
      return reply.code(400).send({ code: 3161, message: 'User is not allowed to host meetings.' });
    }
    const host = state.users.find((u) => u.id === userId);
    if (!host) return reply.code(404).send({ code: 1001, message: 'User does not exist.' });
    const body = request.body as {
      topic: string;
      start_time: string;
      duration: number;
      password: string;
      settings: Record<string, unknown>;
    };
    const id = String(randomInt(10_000_000_000, 99_999_999_999));
    state.meetings.set(id, {
      id,
      hostId: userId,
      topic: body.topic,
      startTime: body.start_time,
      duration: body.duration,
      password: body.password,
      settings: body.settings,
      status: 'waiting',
    });
    return reply.code(201).send({
      id: Number(id),
      uuid: randomBytes(8).toString('base64'),
      host_id: userId,
      host_email: host.email,
      topic: body.topic,
      start_time: body.start_time,
      duration: body.duration,
      join_url: `https://zoom.example/j/${id}?pwd=${body.password}`,
      start_url: `https://zoom.example/s/${id}?zak=host-only-${randomBytes(8).toString('hex')}`,
      password: body.password,
      settings: body.settings,
    });
  });

  app.get('/v2/users/:userId/token', async (request, reply) => {
    if (state.fail.zak > 0) {
      state.fail.zak--;
      return reply.code(404).send({ code: 1001, message: 'User does not exist.' });
    }
    return {
      token: `zak-${(request.params as { userId: string }).userId}-${randomBytes(6).toString('hex')}`,
    };
  });

  app.get('/v2/meetings/:meetingId', async (request, reply) => {
    const meeting = state.meetings.get((request.params as { meetingId: string }).meetingId);
    if (!meeting) return reply.code(404).send({ code: 3001, message: 'Meeting does not exist.' });
    if (state.fail.meetingStatus > 0) {
      state.fail.meetingStatus--;
      return reply.code(500).send({ code: 500, message: 'Internal error' });
    }
    // Zoom reports 'started' while the meeting runs and 'waiting' before and after.
    return {
      id: Number(meeting.id),
      topic: meeting.topic,
      status: meeting.status === 'started' ? 'started' : 'waiting',
    };
  });

  app.put('/v2/meetings/:meetingId/status', async (request, reply) => {
    if (state.fail.endMeeting > 0) {
      state.fail.endMeeting--;
      return reply.code(500).send({ code: 500, message: 'Internal error' });
    }
    const meeting = state.meetings.get((request.params as { meetingId: string }).meetingId);
    if (!meeting) return reply.code(404).send({ code: 3001, message: 'Meeting does not exist.' });
    meeting.status = 'ended';
    return reply.code(204).send();
  });

  // The participants report's failures and the token's scopes (issue 28 point 5).
  const report = reportFailures();
  const scopes = { value: ZOOM_TEST_SCOPES };
  registerReports(app, state.meetings, report);
  let url = '';
  const cloud = registerCloudRecordings(app, state.meetings, () => url);
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  const emulator: ZoomEmulator = {
    ...state,
    get calls() {
      return state.calls;
    },
    get tokensIssued() {
      return state.tokensIssued;
    },
    report,
    get tokenScopes() {
      return scopes.value;
    },
    set tokenScopes(value: string) {
      scopes.value = value;
    },
    url,
    cloud,
    apiUrl: `${url}/v2`,
    oauthUrl: `${url}/oauth/token`,
    credentials,
    addUsers(count, prefix = 'teacher-host') {
      const start = state.users.length;
      for (let i = 0; i < count; i++) {
        state.users.push({
          id: `zu${start + i}${randomBytes(3).toString('hex')}`,
          email: `${prefix}${start + i}@zoom.example`,
          first_name: 'Host',
          last_name: String(start + i),
          status: 'active',
        });
      }
    },
    hostJoins(meetingId) {
      state.meetings.get(meetingId)!.status = 'started';
    },
    meetingEnds(meetingId) {
      state.meetings.get(meetingId)!.status = 'ended';
    },
    close: () => app.close(),
  } as ZoomEmulator;
  return emulator;
}

/** What the emulated app is granted: the lessons' scopes, the report's and the recordings'. */
export const ZOOM_TEST_SCOPES = [
  'user:read:list_users:admin',
  'user:read:user:admin',
  'user:read:token:admin',
  'meeting:write:meeting:admin',
  'meeting:read:meeting:admin',
  'meeting:update:meeting:admin',
  'report:read:list_meeting_participants:admin',
  'cloud_recording:read:list_recording_files:admin',
  'cloud_recording:delete:recording_file:admin',
].join(' ');

/** Environment for a server that talks to this emulator. */
export function zoomEnv(emulator: ZoomEmulator): Record<string, string> {
  return {
    ZOOM_ACCOUNT_ID: emulator.credentials.accountId,
    ZOOM_CLIENT_ID: emulator.credentials.clientId,
    ZOOM_CLIENT_SECRET: emulator.credentials.clientSecret,
    ZOOM_SDK_KEY: 'sdk-key-test',
    ZOOM_SDK_SECRET: 'sdk-secret-test',
    ZOOM_WEBHOOK_SECRET_TOKEN: 'webhook-secret-test',
    ZOOM_API_URL: emulator.apiUrl,
    ZOOM_OAUTH_URL: emulator.oauthUrl,
  };
}
