// A Zoom lesson's cloud recording, as Zoom makes it: the emulator records the meeting and the
// `recording.completed` event it returns is signed and delivered to the app (zoom-webhook.ts).
import type { Clock } from '#server/context.ts';
import type { ZoomEmulator } from '../fakes/zoom-emulator.ts';
import type { TestServer } from './test-server.ts';
import { deliverWebhook } from './zoom-webhook.ts';

export async function recordMeeting(
  zoom: ZoomEmulator,
  server: TestServer,
  clock: Clock,
  meetingId: string,
  times?: { start: string; end: string },
) {
  const start = times?.start ?? new Date(clock.now().getTime() - 50 * 60_000).toISOString();
  const end = times?.end ?? new Date(clock.now().getTime() - 5 * 60_000).toISOString();
  const { recording, event } = zoom.cloud.record(meetingId, { start, end });
  const delivered = await deliverWebhook(server, clock, event);
  return { recording, event, delivered };
}

/** The stored rows of a lesson's recordings, straight from the database. */
export function recordingRows(server: TestServer, scheduleId: string) {
  return server.server.ctx.database.db
    .selectFrom('lesson_recordings')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .execute();
}
