// The emulator's cloud recordings and participants report (docs/zoom.md): what a test put on an
// emulated meeting, paged as Zoom pages the report.
import type { FastifyInstance } from 'fastify';
import type { EmulatedMeeting } from './zoom-emulator.ts';

const REPORT_PAGE_SIZE = 2;

/**
 * How the participants report answers besides its rows (issue 28 point 5), consumed as they
 * happen: a plan without reports (Zoom's 400, code 200, every time), "not ready yet" (404, code
 * 3001) this many times, 429 with an optional Retry-After this many times.
 */
export interface ReportFailures {
  notOnPlan: boolean;
  notReady: number;
  rateLimit: { times: number; retryAfter?: string };
}

export const reportFailures = (): ReportFailures => ({
  notOnPlan: false,
  notReady: 0,
  rateLimit: { times: 0 },
});

/** A row of the report as Zoom sends it; a rejoin is a second row with the same id. */
export function reportRow(row: {
  id: string;
  name: string;
  join_time: string;
  leave_time: string;
  customer_key?: string;
  user_email?: string;
}): Record<string, string> {
  return { user_id: row.id, ...row };
}

/** The report's failure on demand, or undefined when it answers normally. */
function reportFailure(failures: ReportFailures | undefined) {
  if (!failures) return undefined;
  if (failures.rateLimit.times > 0) {
    failures.rateLimit.times--;
    return {
      status: 429,
      headers: failures.rateLimit.retryAfter
        ? { 'retry-after': failures.rateLimit.retryAfter }
        : {},
      body: {
        code: 429,
        message:
          'You have exceeded the daily rate limit of your Heavy API calls or the per-second rate limit.',
      },
    };
  }
  if (failures.notOnPlan) {
    return {
      status: 400,
      headers: {},
      body: { code: 200, message: 'Only available for Paid or ZMP account: acc-test.' },
    };
  }
  if (failures.notReady > 0) {
    failures.notReady--;
    return {
      status: 404,
      headers: {},
      body: { code: 3001, message: 'Meeting ID is invalid or not end.' },
    };
  }
  return undefined;
}

export function registerReports(
  app: FastifyInstance,
  meetings: Map<string, EmulatedMeeting>,
  failures?: ReportFailures,
) {
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
    const failure = reportFailure(failures);
    if (failure) return reply.code(failure.status).headers(failure.headers).send(failure.body);
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
