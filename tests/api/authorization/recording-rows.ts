// The authorization matrix's rows for lessons' recordings (issue 28, docs/decisions/034-recordings.md):
// the class's students and teacher, admin and staff see a lesson's recordings and open them; the
// retention setting is the admin's. Each shared lesson gets one recording, made by the emulator
// and attached as Zoom's event would attach it (the webhook itself is Zoom's: matrix.test.ts).

import { expect } from 'vitest';
import { recordingCompleted } from '#server/features/providers/zoom/recordings.ts';
import { attachRecording } from '#server/features/recordings/index.ts';
import {
  ALL,
  CLASS_ROUTES,
  type Row,
  type Scope,
  STAFF_ROLES,
  server,
  shared,
  zoom,
} from './world.ts';

const recordingIds: Partial<Record<'same' | 'other', Promise<string>>> = {};

/** The shared lesson's recording (made once, by its first cell). */
function recordingOf(scope: Scope): Promise<string> {
  const place = scope === 'other' ? 'other' : 'same';
  recordingIds[place] ??= (async () => {
    const { db } = server.server.ctx.database;
    const { scheduleId } = shared[place];
    const meeting = await db
      .selectFrom('lesson_meetings')
      .select('external_id')
      .where('schedule_id', '=', scheduleId)
      .executeTakeFirstOrThrow();
    const { event } = zoom.cloud.record(meeting.external_id!, {
      start: '2030-05-06T01:00:00Z',
      end: '2030-05-06T01:50:00Z',
    });
    const { recording } = recordingCompleted((event.payload as { object: unknown }).object);
    await attachRecording(server.server.ctx, 'zoom', scheduleId, recording);
    const row = await db
      .selectFrom('lesson_recordings')
      .select('recording_id')
      .where('schedule_id', '=', scheduleId)
      .executeTakeFirstOrThrow();
    return row.recording_id;
  })();
  return recordingIds[place];
}

/** The class's own people and the staff roles; nobody from another class. */
const CLASS_PEOPLE = { student: ['same'], teacher: ['same'], ...STAFF_ROLES } as Row['allow'];
const noPasscode = (body: unknown) =>
  expect(JSON.stringify(body)).not.toMatch(/pwd=|passcode|share_url|\/rec\/share\//);

export const recordingRows: Row[] = [
  {
    route: 'GET /api/schedules/:scheduleId/recordings',
    scopes: CLASS_ROUTES,
    allow: CLASS_PEOPLE,
    fresh: async (scope) => {
      await recordingOf(scope);
      return {};
    },
    call: (c, t) => c.get(`/api/schedules/${t.scheduleId}/recordings`),
    check: (body) => {
      expect(body.recordings).toHaveLength(1);
      noPasscode(body);
    },
  },
  {
    route: 'GET /api/classes/:classId/recordings',
    scopes: CLASS_ROUTES,
    allow: CLASS_PEOPLE,
    fresh: async (scope) => {
      await recordingOf(scope);
      return {};
    },
    call: (c, t) => c.get(`/api/classes/${t.classId}/recordings`),
    check: (body, _who, target) => {
      const lesson = body.items.find(
        (item: { schedule_id: string }) => item.schedule_id === target.scheduleId,
      );
      expect(lesson.recordings).toHaveLength(1);
      noPasscode(body);
    },
  },
  {
    route: 'GET /api/recordings/:recordingId/watch',
    scopes: CLASS_ROUTES,
    allow: CLASS_PEOPLE,
    // The recording's id rides in the target's accountId (a free slot of the target).
    fresh: async (scope) => ({ accountId: await recordingOf(scope) }),
    // Followed, as a browser does: an allowed caller lands on the emulator's share page.
    call: (c, t) => c.get(`/api/recordings/${t.accountId}/watch`),
    check: (body) => expect(String(body)).toContain('Zoom cloud recording'),
  },
  {
    route: 'GET /api/recording-settings',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.get('/api/recording-settings'),
    check: (body) => expect(body).toHaveProperty('retention_days'),
  },
  {
    route: 'PUT /api/recording-settings',
    scopes: ['-'],
    allow: { admin: ALL },
    call: (c) => c.put('/api/recording-settings', { retention_days: 90 }),
  },
];
