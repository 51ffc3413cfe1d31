// Zoom's REST API behind a small client (docs/zoom.md): Server-to-Server OAuth token cached
// and renewed a minute before expiry, one retry on 401 code 124, 429 handled with Retry-After
// when given, every reply parsed by schema. Base URLs come from configuration, so tests and
// local development talk to the emulator in tests/fakes.
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

export interface ZoomApiConfig {
  accountId: string;
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  oauthUrl: string;
}

/** A failure talking to Zoom, with Zoom's code when it gave one. */
export class ZoomError extends Error {
  readonly status: number;
  readonly zoomCode: number | undefined;
  /** For a 429: how long Zoom asked to wait (Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;
  constructor(message: string, status: number, zoomCode?: number, retryAfterMs?: number) {
    super(message);
    this.status = status;
    this.zoomCode = zoomCode;
    this.retryAfterMs = retryAfterMs;
  }
}

// https://developers.zoom.us/docs/internal-apps/s2s-oauth/
// `scope`: the scopes the app was granted, space-separated (the connection check reads them).
const tokenReply = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  scope: z.string().optional(),
});
// https://developers.zoom.us/docs/api/users/#tag/users/GET/users
export const zoomUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().optional().default(''),
  last_name: z.string().optional().default(''),
  status: z.string().optional().default('active'),
  type: z.number().optional(),
  role_id: z.string().optional(),
});
export type ZoomUser = z.infer<typeof zoomUserSchema>;
const usersPage = z.object({
  users: z.array(zoomUserSchema),
  next_page_token: z.string().optional().default(''),
});
// https://developers.zoom.us/docs/api/meetings/#tag/meetings/POST/users/{userId}/meetings
const meetingReply = z.object({
  id: z.union([z.number(), z.string()]).transform((id) => String(id)),
  join_url: z.string(),
  start_url: z.string(),
  password: z.string().optional().default(''),
  host_email: z.string().optional(),
});
export type ZoomMeeting = z.infer<typeof meetingReply>;
// https://developers.zoom.us/docs/api/meetings/#tag/meetings/GET/meetings/{meetingId}
// `status` is 'waiting' or 'started'; a scheduled meeting that has ended reads 'waiting' again.
const meetingState = z.object({ status: z.string().optional().default('waiting') });
// https://developers.zoom.us/docs/api/users/#tag/users/GET/users/{userId}/token
const tokenOfUser = z.object({ token: z.string().min(1) });
const errorBody = z
  .object({ code: z.number().optional(), message: z.string().optional() })
  .passthrough();

const RENEW_BEFORE_EXPIRY_MS = 60_000;
const MAX_RETRY_AFTER_MS = 10_000;
const DEFAULT_RETRY_AFTER_MS = 1_000;
const INVALID_TOKEN_CODE = 124;
const MEETING_NOT_FOUND_CODE = 3001;

/** What Retry-After says (seconds or an HTTP date), unclamped; undefined when absent or unreadable. */
export function retryAfterHeaderMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) ? Math.max(0, ms) : undefined;
}

function retryAfterMs(header: string | null): number {
  if (!header) return DEFAULT_RETRY_AFTER_MS;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Math.min(
    MAX_RETRY_AFTER_MS,
    Math.max(0, Number.isFinite(ms) ? ms : DEFAULT_RETRY_AFTER_MS),
  );
}

export class ZoomClient {
  readonly #config: ZoomApiConfig;
  #token: { value: string; expiresAt: number } | undefined;
  /** The scopes of the last token, when Zoom said them. */
  #scopes: string[] | undefined;
  #tokenRequest: Promise<string> | undefined;

  constructor(config: ZoomApiConfig) {
    this.#config = config;
  }

  async #fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.#config.clientId}:${this.#config.clientSecret}`).toString(
      'base64',
    );
    const response = await fetch(this.#config.oauthUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'account_credentials',
        account_id: this.#config.accountId,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) {
      const error = errorBody.safeParse(body);
      throw new ZoomError(
        `Zoom token request failed (${response.status})`,
        response.status,
        error.data?.code,
      );
    }
    const parsed = tokenReply.safeParse(body);
    if (!parsed.success) throw new ZoomError('Zoom token reply was not understood', 502);
    this.#scopes = parsed.data.scope?.split(/[\s,]+/).filter(Boolean);
    this.#token = {
      value: parsed.data.access_token,
      expiresAt: Date.now() + parsed.data.expires_in * 1000,
    };
    return parsed.data.access_token;
  }

  async #accessToken(forceNew = false): Promise<string> {
    if (!forceNew && this.#token && this.#token.expiresAt - RENEW_BEFORE_EXPIRY_MS > Date.now()) {
      return this.#token.value;
    }
    // Concurrent callers share one token request.
    this.#tokenRequest ??= this.#fetchToken().finally(() => {
      this.#tokenRequest = undefined;
    });
    return this.#tokenRequest;
  }

  async #request<T>(
    method: string,
    path: string,
    schema: z.ZodType<T> | null,
    body?: unknown,
    rateLimitRetries = 3,
  ): Promise<T> {
    let renewedToken = false;
    for (let attempt = 0; attempt < 4; attempt++) {
      const token = await this.#accessToken();
      const response = await fetch(this.#config.apiUrl + path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      const json = text ? (JSON.parse(text) as unknown) : undefined;
      if (response.ok) {
        if (!schema) return undefined as T;
        const parsed = schema.safeParse(json);
        if (!parsed.success)
          throw new ZoomError(`Zoom reply to ${method} ${path} was not understood`, 502);
        return parsed.data;
      }
      const error = errorBody.safeParse(json ?? {});
      const code = error.data?.code;
      if (response.status === 401 && code === INVALID_TOKEN_CODE && !renewedToken) {
        renewedToken = true;
        this.#token = undefined;
        await this.#accessToken(true);
        continue;
      }
      if (response.status === 429 && attempt < rateLimitRetries) {
        await sleep(retryAfterMs(response.headers.get('retry-after')));
        continue;
      }
      throw new ZoomError(
        error.data?.message ?? `Zoom answered ${response.status}`,
        response.status,
        code,
        response.status === 429
          ? retryAfterHeaderMs(response.headers.get('retry-after'))
          : undefined,
      );
    }
    throw new ZoomError('Zoom kept refusing the request', 429);
  }

  /** A GET of the REST API, parsed by the caller's schema (reports.ts). */
  get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    return this.#request('GET', path, schema);
  }

  /** A DELETE of the REST API (recordings.ts); Zoom answers 204 with no body. */
  delete(path: string): Promise<void> {
    return this.#request('DELETE', path, null);
  }

  /**
   * A GET that does not wait here when Zoom answers 429: the ZoomError carries Retry-After and the
   * caller (a job) comes back later instead of holding on (the participants report, a Heavy API).
   */
  getWithoutWaiting<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    return this.#request('GET', path, schema, undefined, 0);
  }

  /**
   * Asks Zoom for a fresh access token: the connection check's first step. Returns the scopes
   * the token carries, when Zoom said them.
   */
  async checkCredentials(): Promise<string[] | undefined> {
    await this.#accessToken(true);
    return this.#scopes;
  }

  /** Every active user of the account, following next_page_token. */
  async listUsers(): Promise<ZoomUser[]> {
    const users: ZoomUser[] = [];
    let pageToken = '';
    do {
      const query = new URLSearchParams({ status: 'active', page_size: '300' });
      if (pageToken) query.set('next_page_token', pageToken);
      const page = await this.#request('GET', `/users?${query}`, usersPage);
      users.push(...page.users);
      pageToken = page.next_page_token;
    } while (pageToken);
    return users;
  }

  /** A scheduled meeting under a pool user; students wait for the teacher (no join before host). */
  createMeeting(
    userId: string,
    options: {
      topic: string;
      startTime: string;
      durationMinutes: number;
      password: string;
      timezone: string;
      /** The class asks for automatic cloud recording (docs/decisions/034-recordings.md). */
      autoRecording?: boolean;
    },
  ): Promise<ZoomMeeting> {
    return this.#request('POST', `/users/${encodeURIComponent(userId)}/meetings`, meetingReply, {
      topic: options.topic,
      type: 2,
      start_time: options.startTime.replace(/\.\d{3}Z$/, 'Z'),
      duration: options.durationMinutes,
      timezone: options.timezone,
      password: options.password,
      settings: {
        join_before_host: false,
        waiting_room: false,
        host_video: true,
        participant_video: true,
        mute_upon_entry: true,
        // Left out otherwise: the account's own default stays in force.
        ...(options.autoRecording ? { auto_recording: 'cloud' } : {}),
      },
    });
  }

  async zak(userId: string): Promise<string> {
    const reply = await this.#request(
      'GET',
      `/users/${encodeURIComponent(userId)}/token?type=zak`,
      tokenOfUser,
    );
    return reply.token;
  }

  /**
   * Whether a meeting is running now: 'started' while someone hosts it; 'waiting' before, and
   * again after it ended; 'gone' when Zoom no longer knows it (deleted or expired, code 3001).
   */
  async meetingStatus(meetingId: string): Promise<'started' | 'waiting' | 'gone'> {
    try {
      const reply = await this.#request(
        'GET',
        `/meetings/${encodeURIComponent(meetingId)}`,
        meetingState,
      );
      return reply.status === 'started' ? 'started' : 'waiting';
    } catch (error) {
      if (error instanceof ZoomError && error.zoomCode === MEETING_NOT_FOUND_CODE) return 'gone';
      throw error;
    }
  }

  async endMeeting(meetingId: string): Promise<void> {
    await this.#request('PUT', `/meetings/${encodeURIComponent(meetingId)}/status`, null, {
      action: 'end',
    });
  }
}
