// What Zoom keeps of a meeting once it ran: its cloud recordings and the participants report.
// Both need scopes beyond the ones the lessons use (cloud_recording:read:list_recording_files:admin,
// report:read:list_meeting_participants:admin) and a paid plan; a meeting ID (not a UUID) gives
// the latest instance. Every reply is parsed by schema.
import { z } from 'zod';
import {
  type ParticipantReportRow,
  ParticipantsReportRefusal,
  type Recording,
} from '../provider.ts';
import { type ZoomClient, ZoomError } from './zoom-client.ts';

const RECORDING_NOT_FOUND_CODE = 3301;
/** The report's refusals (docs/zoom.md): 3001 "Meeting ID is invalid or not end." while Zoom has
 * not made it yet; 200 "Only available for Paid or ZMP account" on a plan without reports. */
const REPORT_NOT_READY_CODE = 3001;
const REPORT_NOT_ON_PLAN_CODE = 200;

// https://developers.zoom.us/docs/api/cloud-recording/#tag/cloud-recording/GET/meetings/{meetingId}/recordings
const recordingsReply = z.object({
  recording_files: z
    .array(
      z.object({
        id: z.string(),
        recording_start: z.string(),
        recording_end: z.string().optional(),
        play_url: z.string().optional(),
        download_url: z.string().optional(),
      }),
    )
    .optional()
    .default([]),
});

// https://developers.zoom.us/docs/api/reports/#tag/reports/GET/report/meetings/{meetingId}/participants
// `id` and `participant_user_id` are empty for guests (Zoom hides them since 2023-03).
const participantsPage = z.object({
  participants: z.array(
    z.object({
      id: z.string().optional(),
      user_id: z.string().optional(),
      name: z.string().optional().default(''),
      join_time: z.string(),
      leave_time: z.string().optional(),
      customer_key: z.string().optional(),
      user_email: z.string().optional(),
    }),
  ),
  next_page_token: z.string().optional().default(''),
});

/**
 * A meeting ID or UUID as a path segment. Zoom's rule: a UUID that starts with '/' or contains
 * '//' must be encoded twice, or Zoom reads the encoded slash as a path separator.
 */
export const meetingPath = (meetingId: string) =>
  meetingId.startsWith('/') || meetingId.includes('//')
    ? encodeURIComponent(encodeURIComponent(meetingId))
    : encodeURIComponent(meetingId);

/** The meeting's cloud recordings; none when Zoom has none (code 3301). */
export async function zoomRecordings(zoom: ZoomClient, meetingId: string): Promise<Recording[]> {
  try {
    const reply = await zoom.get(`/meetings/${meetingPath(meetingId)}/recordings`, recordingsReply);
    return reply.recording_files.map((file) => ({
      id: file.id,
      startedAt: file.recording_start,
      endedAt: file.recording_end ?? null,
      url: file.play_url ?? file.download_url ?? '',
    }));
  } catch (error) {
    if (error instanceof ZoomError && error.zoomCode === RECORDING_NOT_FOUND_CODE) return [];
    throw error;
  }
}

/**
 * Every stay of every participant, following next_page_token (up to 300 a page). A rejoin is a
 * row of its own. Zoom's refusals become a ParticipantsReportRefusal: not ready yet (3001),
 * not on this plan (200), rate-limited (429, with its Retry-After); a 429 is not waited for here
 * (a Heavy API: the job comes back at the time Zoom gave).
 */
export async function zoomParticipantsReport(
  zoom: ZoomClient,
  meetingId: string,
): Promise<ParticipantReportRow[]> {
  const rows: ParticipantReportRow[] = [];
  let pageToken = '';
  try {
    do {
      const query = new URLSearchParams({ page_size: '300' });
      if (pageToken) query.set('next_page_token', pageToken);
      const page = await zoom.getWithoutWaiting(
        `/report/meetings/${meetingPath(meetingId)}/participants?${query}`,
        participantsPage,
      );
      for (const p of page.participants) {
        rows.push({
          key: p.user_id || p.id || `${p.user_email || p.name}@${p.join_time}`,
          userId: p.customer_key || undefined,
          email: p.user_email || undefined,
          name: p.name,
          joinedAt: p.join_time,
          leftAt: p.leave_time ?? null,
        });
      }
      pageToken = page.next_page_token;
    } while (pageToken);
  } catch (error) {
    if (!(error instanceof ZoomError)) throw error;
    if (error.status === 429) {
      throw new ParticipantsReportRefusal('rate-limited', {
        retryAfterMs: error.retryAfterMs,
        cause: error,
      });
    }
    if (error.zoomCode === REPORT_NOT_ON_PLAN_CODE) {
      throw new ParticipantsReportRefusal('not-on-plan', { cause: error });
    }
    if (error.zoomCode === REPORT_NOT_READY_CODE) {
      throw new ParticipantsReportRefusal('not-ready', { cause: error });
    }
    throw error;
  }
  return rows;
}
