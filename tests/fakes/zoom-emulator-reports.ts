// The emulator's cloud recordings and participants report (docs/zoom.md): what a test put on an
// emulated meeting, paged as Zoom pages the report.
import type { FastifyInstance } from 'fastify';
import type { EmulatedMeeting } from './zoom-emulator.ts';

const REPORT_PAGE_SIZE = 2;

export function registerReports(app: FastifyInstance, meetings: Map<string, EmulatedMeeting>) {
  app.get('/v2/meetings/:meetingId/recordings', async (request, reply) => {
    const meeting = meetings.get((request.params as { meetingId: string }).meetingId);
    if (!meeting?.recordings?.length) {
      return reply.code(404).send({ code: 3301, message: 'This recording does not exist.' });
    }
    return {
      id: Number(meeting.id),
      ...meeting.recordingInfo,
      recording_files: meeting.recordings,
    };
  });

  app.get('/v2/report/meetings/:meetingId/participants', async (request, reply) => {
    const meeting = meetings.get((request.params as { meetingId: string }).meetingId);
    if (!meeting) return reply.code(404).send({ code: 3001, message: 'Meeting does not exist.' });
    const from = Number((request.query as { next_page_token?: string }).next_page_token || 0);
    const all = meeting.participants ?? [];
    const next = from + REPORT_PAGE_SIZE < all.length ? String(from + REPORT_PAGE_SIZE) : '';
    return {
      total_records: all.length,
      next_page_token: next,
      participants: all.slice(from, from + REPORT_PAGE_SIZE),
    };
  });
}
