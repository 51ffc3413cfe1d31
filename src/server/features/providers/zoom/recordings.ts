// Zoom's cloud recordings as the lessons keep them (docs/decisions/034-recordings.md): the
// `recording.completed` event's object turned into a provider-neutral recording, and the delete
// the retention job asks for. Scopes: cloud_recording:read:list_recording_files:admin (the event
// and the list) and cloud_recording:delete:recording_file:admin (the delete).
import { z } from 'zod';
import { AppError } from '#server/errors.ts';
import type { ProviderRecording } from '../provider.ts';
import { type ZoomClient, ZoomError } from './zoom-client.ts';

/** A time Zoom reports: ISO 8601 that parses. */
const zoomTime = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'not a date');

// https://developers.zoom.us/docs/api/meetings/events/#tag/recording/POST/recording.completed
// Only the fields used are checked; the download token beside the object is never kept (it expires
// in a day, and downloading is not what the lessons do).
const recordingObject = z.looseObject({
  uuid: z.string().min(1),
  id: z.union([z.string(), z.number()]),
  start_time: zoomTime.optional(),
  share_url: z.string().optional(),
  password: z.string().optional(),
  /** Zoom: "splice this passcode into play_url or share_url with ?pwd=". */
  recording_play_passcode: z.string().optional(),
  recording_files: z
    .array(
      z.looseObject({
        id: z.string().optional(),
        recording_start: zoomTime.optional(),
        recording_end: zoomTime.optional(),
        file_type: z.string().optional(),
        file_size: z.number().optional(),
        recording_type: z.string().optional(),
        play_url: z.string().optional(),
        status: z.string().optional(),
      }),
    )
    .default([]),
});

/** Where a permitted viewer is sent: Zoom's share page, opened by the passcode in its address. */
function watchUrl(shareUrl: string, playPasscode: string | undefined) {
  if (!playPasscode) return shareUrl;
  const url = new URL(shareUrl);
  url.searchParams.set('pwd', playPasscode);
  return url.toString();
}

/** The event's meeting id and recording; a signed object that is not what Zoom documents is a 400. */
export function recordingCompleted(object: unknown): {
  externalId: string;
  recording: ProviderRecording;
} {
  const parsed = recordingObject.safeParse(object);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('VALIDATION', {
      field: `payload.object.${issue?.path.join('.') ?? ''}`.replace(/\.$/, ''),
    });
  }
  const meeting = parsed.data;
  const files = meeting.recording_files.map((file, index) => ({
    id: file.id ?? `${meeting.uuid}#${index}`,
    fileType: file.file_type ?? '',
    recordingType: file.recording_type ?? '',
    startedAt: file.recording_start ?? meeting.start_time ?? '',
    endedAt: file.recording_end ?? null,
    bytes: file.file_size ?? 0,
  }));
  const starts = files.map((file) => file.startedAt).filter(Boolean);
  const ends = files.map((file) => file.endedAt).filter((end): end is string => Boolean(end));
  const firstPlay = meeting.recording_files.find((file) => file.play_url)?.play_url;
  const shareUrl = meeting.share_url || firstPlay || '';
  return {
    externalId: String(meeting.id),
    recording: {
      recordingId: meeting.uuid,
      startedAt: starts.sort()[0] ?? meeting.start_time ?? '',
      endedAt: ends.sort().at(-1) ?? null,
      files,
      secret: {
        watch_url: shareUrl ? watchUrl(shareUrl, meeting.recording_play_passcode) : '',
        share_url: meeting.share_url ?? '',
        passcode: meeting.password ?? '',
        play_passcode: meeting.recording_play_passcode ?? '',
      },
    },
  };
}

const RECORDING_NOT_FOUND_CODE = 3301;
const MEETING_NOT_FOUND_CODE = 3001;

// https://developers.zoom.us/docs/api/cloud-recording/#tag/cloud-recording/GET/meetings/{meetingId}/recordings
// The reply is the event's object (uuid, id, share_url, password, recording_play_passcode,
// recording_files); a meeting ID (not a UUID) gives its latest instance.
const recordingReply = z.unknown();

/** The meeting's latest recording, when the event never came; null when Zoom has none. */
export async function findZoomRecording(
  zoom: ZoomClient,
  meetingId: string,
): Promise<ProviderRecording | null> {
  try {
    const reply = await zoom.get(
      `/meetings/${encodeURIComponent(meetingId)}/recordings`,
      recordingReply,
    );
    let recording: ProviderRecording;
    try {
      ({ recording } = recordingCompleted(reply));
    } catch {
      throw new ZoomError(
        `Zoom reply to GET /meetings/${meetingId}/recordings was not understood`,
        502,
      );
    }
    return recording.files.length > 0 ? recording : null;
  } catch (error) {
    if (
      error instanceof ZoomError &&
      (error.zoomCode === RECORDING_NOT_FOUND_CODE || error.zoomCode === MEETING_NOT_FOUND_CODE)
    ) {
      return null;
    }
    throw error;
  }
}

/**
 * A UUID that starts with "/" or holds "//" must be encoded twice (Zoom's note on every
 * {meetingUUID} path); encoding every UUID twice is what Zoom's samples do and is always accepted.
 */
const uuidPath = (uuid: string) => encodeURIComponent(encodeURIComponent(uuid));

/**
 * Moves the instance's recordings to Zoom's trash (Zoom empties it after 30 days; an admin can
 * still restore a mistake there). A recording Zoom no longer has is gone already.
 */
export async function deleteZoomRecording(
  zoom: ZoomClient,
  recordingId: string,
): Promise<'deleted' | 'gone'> {
  try {
    await zoom.delete(`/meetings/${uuidPath(recordingId)}/recordings?action=trash`);
    return 'deleted';
  } catch (error) {
    if (
      error instanceof ZoomError &&
      (error.status === 404 ||
        error.zoomCode === RECORDING_NOT_FOUND_CODE ||
        error.zoomCode === MEETING_NOT_FOUND_CODE)
    ) {
      return 'gone';
    }
    throw error;
  }
}
