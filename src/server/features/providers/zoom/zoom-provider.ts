// Zoom behind the video-provider interface (docs/zoom.md): a scheduled meeting under a pool
// account, opened on our meeting page with the Web Meeting SDK (a host signature and a fresh ZAK
// for the host; a participant signature and the student's id as customer key), ended and asked
// about through the REST API, and its webhooks verified and parsed (webhook.ts).
import { randomInt } from 'node:crypto';
import type { AppContext, Clock } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import type {
  HostAccount,
  LaunchRole,
  LaunchUser,
  LessonMeeting,
  MeetingLesson,
  VideoProvider,
} from '../provider.ts';
import { zoomPool } from './pool-store.ts';
import { deleteZoomRecording, findZoomRecording } from './recordings.ts';
import { zoomParticipantsReport, zoomRecordings } from './reports.ts';
import { meetingSignature } from './sdk-signature.ts';
import type { ZoomSettings } from './settings.ts';
import { parseZoomWebhook } from './webhook.ts';
import { ZoomClient } from './zoom-client.ts';

export const ZOOM = 'zoom';

const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const meetingPassword = () =>
  Array.from({ length: 8 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');

/** The pool account as the meeting page's overlay shows it. */
const overlayAccount = (host: HostAccount) => ({
  zoom_account_id: host.accountId,
  email: host.email,
  is_busy: host.busy,
  is_active: host.active,
});

export class ZoomVideoProvider implements VideoProvider {
  readonly id = ZOOM;
  readonly capabilities = {
    hostPool: true,
    inBrowserLaunch: true,
    webhooks: true,
    endMeeting: true,
    meetingStatus: true,
    // Both need scopes and a paid plan beyond what lessons need (reports.ts); attendance comes
    // from the webhooks.
    recordings: true,
    participantsReport: true,
  } as const;
  readonly pool = zoomPool;
  readonly client: ZoomClient;
  readonly settings: ZoomSettings;
  readonly #clock: Clock;

  /** `client`: the one of the same OAuth app before a change of other settings, kept with its token. */
  constructor(
    settings: ZoomSettings & { api: NonNullable<ZoomSettings['api']> },
    clock: Clock,
    client?: ZoomClient,
  ) {
    this.settings = settings;
    this.#clock = clock;
    this.client =
      client ??
      new ZoomClient({
        ...settings.api,
        apiUrl: settings.apiUrl,
        oauthUrl: settings.oauthUrl,
      });
  }

  /** A scheduled meeting under the pool account; students wait for the host. */
  async createMeeting(lesson: MeetingLesson, host: HostAccount | undefined) {
    if (!host) throw new AppError('MEETING_ASSIGN_FAILED');
    const password = meetingPassword();
    try {
      const meeting = await this.client.createMeeting(host.externalUserId, {
        topic: `Online Class Meeting - Schedule ${lesson.scheduleId}`,
        startTime: lesson.startTime,
        durationMinutes: Math.max(
          1,
          Math.round((Date.parse(lesson.endTime) - Date.parse(lesson.startTime)) / 60_000),
        ),
        password,
        timezone: lesson.timezone,
        autoRecording: lesson.autoRecording === true,
      });
      return {
        externalId: meeting.id,
        join: { join_url: meeting.join_url },
        secret: { password: meeting.password || password, start_url: meeting.start_url },
      };
    } catch (error) {
      throw new AppError('MEETING_CREATE_FAILED', { cause: error });
    }
  }

  async endMeeting(meeting: LessonMeeting) {
    if (meeting.externalId) await this.client.endMeeting(meeting.externalId);
  }

  /** 'waiting' again after it ended, 'gone' when Zoom no longer knows it: not running. */
  async isRunning(meeting: LessonMeeting) {
    if (!meeting.externalId) return false;
    return (await this.client.meetingStatus(meeting.externalId)) === 'started';
  }

  async launch(
    meeting: LessonMeeting,
    user: LaunchUser,
    role: LaunchRole,
    host: HostAccount | undefined,
  ) {
    const sdk = this.settings.sdk;
    if (!sdk) throw new AppError('MEETING_SDK_NOT_CONFIGURED');
    const meetingNumber = meeting.externalId ?? '';
    const keys = await this.launchKeys(meeting, user, role, host);
    const sdkRole = role === 'host' ? 1 : 0;
    return {
      open: 'meeting-page' as const,
      data: {
        meetingNumber,
        signature: meetingSignature(sdk, meetingNumber, sdkRole, this.#clock.now()),
        password: meeting.secret.password ?? '',
        role: sdkRole,
        userName: user.fullName,
        userEmail: user.email,
        ...keys,
        zoomAccountId: host?.accountId,
        account: host ? overlayAccount(host) : undefined,
      },
    };
  }

  /** The host's fresh ZAK; a participant's customer key, which webhooks report back. */
  async launchKeys(
    _meeting: LessonMeeting,
    user: LaunchUser,
    role: LaunchRole,
    host: HostAccount | undefined,
  ): Promise<Record<string, string>> {
    // A student's id as customer key (at most 36 characters): attendance knows who joined.
    if (role === 'participant') return { customerKey: user.userId };
    if (!host) throw new AppError('MEETING_ASSIGN_FAILED');
    try {
      return { zak: await this.client.zak(host.externalUserId) };
    } catch (error) {
      throw new AppError('MEETING_SIGNATURE_FAILED', { cause: error });
    }
  }

  async listRecordings(meeting: LessonMeeting) {
    return meeting.externalId ? zoomRecordings(this.client, meeting.externalId) : [];
  }

  async findRecording(meeting: LessonMeeting) {
    return meeting.externalId ? findZoomRecording(this.client, meeting.externalId) : null;
  }

  deleteRecording(recording: { recordingId: string }) {
    return deleteZoomRecording(this.client, recording.recordingId);
  }

  async participantsReport(meeting: LessonMeeting) {
    return meeting.externalId ? zoomParticipantsReport(this.client, meeting.externalId) : [];
  }

  parseWebhook = (request: Parameters<typeof parseZoomWebhook>[1]) => {
    if (!this.settings.webhookSecret) throw new AppError('ZOOM_NOT_CONFIGURED');
    return parseZoomWebhook(this.settings.webhookSecret, request);
  };
}

/** The Zoom provider when its credentials are configured, for Zoom's own routes. */
export function zoomOf(ctx: AppContext): ZoomVideoProvider | undefined {
  const provider = ctx.providers.get(ZOOM);
  return provider instanceof ZoomVideoProvider ? provider : undefined;
}
