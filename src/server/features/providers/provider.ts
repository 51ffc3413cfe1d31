// The one interface a lesson's video provider implements, after cal.com's VideoApiAdapter: the
// core (meetings, schedules, attendance) talks only to this, never to a provider's own API. What a
// provider cannot do it says in its capabilities, and leaves the matching method out.
// docs/decisions/014-video-providers.md says why it has this shape, and how a lesson held in a
// room or on a link the class keeps fits it.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { MessageCode } from '#common/messages.ts';
import type { AppContext, Clock } from '#server/context.ts';
import type { Dialect } from '#server/db/connection.ts';
import type { Database } from '#server/db/schema.ts';

export type ProviderCapability =
  /** Meetings run under accounts of a pool, one live lesson per account (claimed at start). */
  | 'hostPool'
  /** The meeting opens on this app's meeting page; otherwise in a new tab at a URL, or nowhere. */
  | 'inBrowserLaunch'
  /** The provider tells us when a meeting ends and who joins or leaves (parseWebhook). */
  | 'webhooks'
  /** The meeting can be ended from here (endMeeting), and asked whether it runs (isRunning). */
  | 'endMeeting'
  | 'meetingStatus'
  /** Recordings (listRecordings) and a participants report after the meeting. */
  | 'recordings'
  | 'participantsReport';

/** A provider with no video of its own (a room, a link): it can do none of these. */
export const NO_CAPABILITIES: Readonly<Record<ProviderCapability, false>> = {
  hostPool: false,
  inBrowserLaunch: false,
  webhooks: false,
  endMeeting: false,
  meetingStatus: false,
  recordings: false,
  participantsReport: false,
};

/** Text values a provider stores with a lesson's meeting. */
export type MeetingData = Record<string, string>;

/** A lesson's meeting as stored (table lesson_meetings). */
export interface LessonMeeting {
  scheduleId: string;
  provider: string;
  /** The provider's id of the meeting (null for a provider that has none). */
  externalId: string | null;
  /** The pool account hosting it (pool providers only). */
  hostAccountId: string | null;
  /** What anyone in the lesson may see (a join URL). */
  join: MeetingData;
  /** What only those who may host see (passwords, host links): never sent to students. */
  secret: MeetingData;
}

/** What a provider is told about the lesson it makes a meeting for. */
export interface MeetingLesson {
  scheduleId: string;
  startTime: string;
  endTime: string;
  timezone: string;
  /** The room it is held in, for a lesson held in a room. */
  room?: { roomId: string; name: string } | null;
  /** The online meeting link its class keeps, for a lesson held on the class's link. */
  link?: string | null;
  /** Its class asks for automatic cloud recording (providers that record). */
  autoRecording?: boolean;
}

/** A pool account, as the core handles it (the provider keeps the rest). */
export interface HostAccount {
  accountId: string;
  /** The provider's id of the account's user. */
  externalUserId: string;
  email: string;
  busy: boolean;
  active: boolean;
}

export interface LaunchUser {
  userId: string;
  fullName: string;
  email: string;
}

export type LaunchRole = 'host' | 'participant';

/**
 * What the browser needs to open the meeting: on this app's meeting page (the data the page's
 * provider code reads), in a new tab at `data.url`, or nowhere ('none': a room).
 */
export interface Launch {
  open: 'meeting-page' | 'link' | 'none';
  data: Record<string, unknown>;
}

/** A provider's webhook, turned into what it means for a lesson. */
export type ProviderEvent =
  | { kind: 'meeting-ended'; externalId: string }
  | {
      kind: 'participant-joined' | 'participant-left';
      externalId: string;
      participant: {
        /** Stable key of this stay in the meeting, so a repeated delivery is recognised. */
        key: string;
        /** Our user id, when the participant joined with it (a student). */
        userId?: string;
        /** When they joined or left (ISO 8601). */
        at: string;
      };
    }
  | { kind: 'recording-completed'; externalId: string; recording: ProviderRecording };

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  body: unknown;
  now: Date;
}

/** A verified webhook: a reply the provider expects as is (a handshake), or its events. */
export type WebhookOutcome = { reply: Record<string, unknown> } | { events: ProviderEvent[] };

export interface Recording {
  id: string;
  startedAt: string;
  endedAt: string | null;
  url: string;
}

/** One file of a finished recording (video, audio, chat, transcript): nothing secret. */
export interface RecordingFile {
  /** The provider's id of the file. */
  id: string;
  /** The file's format (MP4, M4A, CHAT, TRANSCRIPT…). */
  fileType: string;
  /** What it shows (shared_screen_with_speaker_view, audio_only…). */
  recordingType: string;
  startedAt: string;
  endedAt: string | null;
  bytes: number;
}

/**
 * A recorded meeting instance the provider finished (its "recording completed" event), as the
 * lessons keep it (docs/decisions/034-recordings.md).
 */
export interface ProviderRecording {
  /** The provider's id of the recorded instance (a meeting instance's UUID): how it is deleted. */
  recordingId: string;
  startedAt: string;
  endedAt: string | null;
  files: RecordingFile[];
  /**
   * What opens it, kept on the server only: `watch_url` is where a permitted viewer is sent (the
   * passcode inside it), the rest the provider's own.
   */
  secret: MeetingData;
}

export interface ParticipantReportRow {
  /** The provider's id of the participant (the same for each of their stays), or a stand-in. */
  key: string;
  /** Our user id, when the participant joined with it (the customer key of a student). */
  userId?: string;
  /** The e-mail they joined with, when the provider knows it (the provider's app, a copied link). */
  email?: string;
  name: string;
  joinedAt: string;
  leftAt: string | null;
}

/**
 * Why a participants report could not be read now: not ready yet (the provider's reports lag
 * behind a meeting's end), not on the account's plan (never will be), or rate-limited (try again
 * after `retryAfterMs`). Any other failure is an ordinary error.
 */
export class ParticipantsReportRefusal extends Error {
  readonly reason: 'not-ready' | 'not-on-plan' | 'rate-limited';
  readonly retryAfterMs: number | undefined;
  constructor(
    reason: ParticipantsReportRefusal['reason'],
    options: { retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(`participants report ${reason}`, { cause: options.cause });
    this.reason = reason;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** The accounts of a pool provider. Called inside the caller's transaction. */
export interface HostPool {
  /** Takes one free account (marked busy), or null when none is free. */
  claim(trx: Kysely<Database>, dialect: Dialect): Promise<HostAccount | null>;
  release(trx: Kysely<Database>, accountId: string): Promise<void>;
  find(db: Kysely<Database>, accountId: string): Promise<HostAccount | undefined>;
}

export interface VideoProvider {
  /** Stored with each meeting, and a lesson's venue ('zoom', 'room', 'link'). */
  readonly id: string;
  readonly capabilities: Readonly<Record<ProviderCapability, boolean>>;
  /** Present exactly when capabilities.hostPool. */
  readonly pool?: HostPool;
  /** Makes the lesson's meeting (under the pool account for a pool provider). */
  createMeeting(
    lesson: MeetingLesson,
    host: HostAccount | undefined,
  ): Promise<Pick<LessonMeeting, 'externalId' | 'join' | 'secret'>>;
  endMeeting?(meeting: LessonMeeting): Promise<void>;
  /** Whether the meeting still runs; throws when the provider cannot say now. */
  isRunning?(meeting: LessonMeeting): Promise<boolean>;
  /** `host`: the pool account the meeting runs under (pool providers). */
  launch(
    meeting: LessonMeeting,
    user: LaunchUser,
    role: LaunchRole,
    host: HostAccount | undefined,
  ): Promise<Launch>;
  /** Credentials the meeting page fetches rather than reads from its address. */
  launchKeys?(
    meeting: LessonMeeting,
    user: LaunchUser,
    role: LaunchRole,
    host: HostAccount | undefined,
  ): Promise<MeetingData>;
  /** Verifies and parses a webhook; throws an AppError (401, 400) for one it refuses. */
  parseWebhook?(request: WebhookRequest): WebhookOutcome;
  listRecordings?(meeting: LessonMeeting): Promise<Recording[]>;
  /**
   * The meeting's latest recording as its "recording completed" event tells it (for a lesson
   * whose event never came); null when the provider has none.
   */
  findRecording?(meeting: LessonMeeting): Promise<ProviderRecording | null>;
  /**
   * Deletes a recorded instance on the provider (retention): 'gone' when the provider no longer
   * has it; throws when it could not be asked now (the job tries again later).
   */
  deleteRecording?(recording: {
    externalId: string | null;
    recordingId: string;
  }): Promise<'deleted' | 'gone'>;
  participantsReport?(meeting: LessonMeeting): Promise<ParticipantReportRow[]>;
}

/**
 * A provider as installed in this server: its settings (parsed from the environment at start-up),
 * the provider itself when configured, and its own routes and files.
 */
export interface ProviderModule<Settings> {
  readonly id: string;
  /** Reads its variables; returns the problems, named by variable, or the settings. */
  settings(env: Record<string, string | undefined>): { settings: Settings } | { issues: string[] };
  /** The provider, or undefined when its credentials are not configured. */
  create(settings: Settings, clock: Clock): VideoProvider | undefined;
  /**
   * What starting one of its lessons answers while it is not configured: who can connect it,
   * never "try again later" (a retry cannot help).
   */
  notConnected?: MessageCode;
  /** Its own API routes (under /api), given the server's context. */
  routes: ((ctx: AppContext) => FastifyPluginAsync | FastifyPluginAsyncZod)[];
  /** Files it serves itself, outside /api. */
  serve?(app: FastifyInstance, ctx: AppContext): Promise<void>;
  /** Headers of this app's meeting page, for a provider that opens meetings there. */
  meetingPageHeaders?(ctx: AppContext): Record<string, string>;
}
