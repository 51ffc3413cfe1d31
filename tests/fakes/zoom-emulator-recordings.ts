// The emulator's cloud recordings (docs/decisions/034-recordings.md): a test records a meeting,
// gets the `recording.completed` event Zoom would send (helpers/zoom-recordings.ts signs and
// delivers it), and the app deletes recordings through DELETE /meetings/{meetingUUID}/recordings,
// which the emulator notes (404, code 3301, once they are gone). Zoom's share page is stood in for
// by a page that opens only with the recording's passcode (the browser story lands on it).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { EmulatedMeeting } from './zoom-emulator.ts';

export interface EmulatedCloudRecording {
  uuid: string;
  meetingId: string;
  shareUrl: string;
  password: string;
  playPasscode: string;
  files: {
    id: string;
    meeting_id: string;
    recording_start: string;
    recording_end: string;
    file_type: string;
    file_size: number;
    recording_type: string;
    play_url: string;
    download_url: string;
    status: string;
  }[];
  deleted?: { action: string };
}

export interface EmulatedCloudRecordings {
  /** Every recording made, by meeting UUID (deleted ones stay, marked). */
  byUuid: Map<string, EmulatedCloudRecording>;
  /** The deletions the app asked for, in order: the UUID and Zoom's `action`. */
  deletions: { uuid: string; action: string }[];
  /** DELETE answers 500 this many times. */
  failDeletes: number;
  /**
   * The meeting was recorded to the cloud from `start` to `end`: its recording exists, the list
   * endpoint shows its files, and the `recording.completed` event Zoom sends is returned.
   */
  record(
    meetingId: string,
    times: { start: string; end: string },
  ): {
    recording: EmulatedCloudRecording;
    event: Record<string, unknown>;
  };
}

export function registerCloudRecordings(
  app: FastifyInstance,
  meetings: Map<string, EmulatedMeeting>,
  baseUrl: () => string,
): EmulatedCloudRecordings {
  const cloud: EmulatedCloudRecordings = {
    byUuid: new Map(),
    deletions: [],
    failDeletes: 0,
    record(meetingId, { start, end }) {
      const meeting = meetings.get(meetingId);
      if (!meeting) throw new Error(`no emulated meeting ${meetingId}`);
      // Zoom's UUIDs are base64 and may hold "/" (the app must encode them twice).
      const uuid = `${randomBytes(6).toString('base64')}/${randomBytes(6).toString('base64')}==`;
      const token = randomBytes(12).toString('hex');
      const playPasscode = randomBytes(16).toString('hex');
      const file = (kind: 'MP4' | 'M4A', size: number, type: string) => ({
        id: randomBytes(8).toString('hex'),
        meeting_id: uuid,
        recording_start: start,
        recording_end: end,
        file_type: kind,
        file_size: size,
        recording_type: type,
        play_url: `${baseUrl()}/rec/play/${token}-${kind}`,
        download_url: `${baseUrl()}/rec/download/${token}-${kind}`,
        status: 'completed',
      });
      const recording: EmulatedCloudRecording = {
        uuid,
        meetingId,
        shareUrl: `${baseUrl()}/rec/share/${token}`,
        password: `p${randomBytes(3).toString('hex')}`,
        playPasscode,
        files: [
          file('MP4', 52_428_800, 'shared_screen_with_speaker_view'),
          file('M4A', 4_194_304, 'audio_only'),
        ],
      };
      cloud.byUuid.set(uuid, recording);
      meeting.recordings = recording.files;
      meeting.recordingInfo = {
        uuid,
        share_url: recording.shareUrl,
        password: recording.password,
        recording_play_passcode: playPasscode,
        start_time: start,
      };
      const event = {
        event: 'recording.completed',
        event_ts: Date.now(),
        payload: {
          account_id: 'acc-test',
          object: {
            uuid,
            id: Number(meetingId),
            account_id: 'acc-test',
            host_id: meeting.hostId,
            topic: meeting.topic,
            type: 2,
            start_time: start,
            timezone: 'Asia/Ho_Chi_Minh',
            duration: Math.round((Date.parse(end) - Date.parse(start)) / 60_000),
            total_size: recording.files.reduce((sum, f) => sum + f.file_size, 0),
            recording_count: recording.files.length,
            share_url: recording.shareUrl,
            password: recording.password,
            recording_play_passcode: playPasscode,
            recording_files: recording.files,
          },
        },
        download_token: `download-${randomBytes(16).toString('hex')}`,
      };
      return { recording, event };
    },
  };

  // https://developers.zoom.us/docs/api/cloud-recording/#tag/cloud-recording/DELETE/meetings/{meetingId}/recordings
  app.delete('/v2/meetings/:meetingId/recordings', async (request, reply) => {
    if (cloud.failDeletes > 0) {
      cloud.failDeletes--;
      return reply.code(500).send({ code: 500, message: 'Internal error' });
    }
    // Fastify decodes the path once; the app encodes a UUID twice, as Zoom asks.
    const uuid = decodeURIComponent((request.params as { meetingId: string }).meetingId);
    const action = (request.query as { action?: string }).action ?? 'delete';
    const recording = cloud.byUuid.get(uuid);
    if (!recording || recording.deleted) {
      return reply.code(404).send({ code: 3301, message: 'This recording does not exist.' });
    }
    recording.deleted = { action };
    cloud.deletions.push({ uuid, action });
    const meeting = meetings.get(recording.meetingId);
    if (meeting) {
      meeting.recordings = [];
      meeting.recordingInfo = undefined;
    }
    return reply.code(204).send();
  });

  // Zoom's share page, as the browser story sees it: it opens with the recording's passcode.
  app.get('/rec/share/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    const pwd = (request.query as { pwd?: string }).pwd;
    const recording = [...cloud.byUuid.values()].find((r) => r.shareUrl.endsWith(`/${token}`));
    const opens = recording && !recording.deleted && pwd === recording.playPasscode;
    reply.type('text/html; charset=utf-8').code(opens ? 200 : 404);
    return opens
      ? '<!doctype html><title>Zoom cloud recording</title><h1>Zoom cloud recording (emulated)</h1><video controls></video>'
      : '<!doctype html><title>Zoom</title><h1>This recording does not exist.</h1>';
  });

  return cloud;
}
