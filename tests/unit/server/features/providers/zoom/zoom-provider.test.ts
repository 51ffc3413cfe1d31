// The Zoom provider's recordings and participants report, against the emulator: parsed, paged,
// and empty where Zoom has none.
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  type LessonMeeting,
  ParticipantsReportRefusal,
} from '#server/features/providers/provider.ts';
import { meetingPath } from '#server/features/providers/zoom/reports.ts';
import { ZoomVideoProvider } from '#server/features/providers/zoom/zoom-provider.ts';
import { startZoomEmulator, type ZoomEmulator } from '../../../../../fakes/zoom-emulator.ts';
import { reportRow } from '../../../../../fakes/zoom-emulator-reports.ts';

let zoom: ZoomEmulator;
let provider: ZoomVideoProvider;
const meetingOf = (externalId: string): LessonMeeting => ({
  scheduleId: 's1',
  provider: 'zoom',
  externalId,
  hostAccountId: null,
  join: {},
  secret: {},
});

beforeAll(async () => {
  zoom = await startZoomEmulator();
  zoom.addUsers(1);
  provider = new ZoomVideoProvider(
    {
      fromEnvironment: {},
      api: zoom.credentials,
      sdk: undefined,
      webhookSecret: undefined,
      apiUrl: zoom.apiUrl,
      oauthUrl: zoom.oauthUrl,
      webSdk: { version: '6.2.0', libUrl: '', scripts: [] },
    },
    { now: () => new Date() },
  );
});
afterAll(() => zoom.close());

test('a lesson meeting is created under the pool account, then its recordings and report are read', async () => {
  const host = zoom.users[0]!;
  const created = await provider.createMeeting(
    {
      scheduleId: 's1',
      startTime: '2030-03-10T02:00:00.000Z',
      endTime: '2030-03-10T03:00:00.000Z',
      timezone: 'Asia/Ho_Chi_Minh',
    },
    { accountId: 'a1', externalUserId: host.id, email: host.email, busy: true, active: true },
  );
  expect(created.join.join_url).toContain(created.externalId);
  expect(created.secret.password).toHaveLength(8);
  const meeting = meetingOf(created.externalId!);
  expect(await provider.listRecordings(meeting)).toEqual([]);

  const emulated = zoom.meetings.get(created.externalId!)!;
  emulated.recordings = [
    {
      id: 'r1',
      recording_start: '2030-03-10T02:01:00Z',
      recording_end: '2030-03-10T02:59:00Z',
      play_url: 'https://zoom.example/rec/play/r1',
    },
  ];
  emulated.participants = ['An', 'Bình', 'Chi'].map((name, i) => ({
    user_id: `p${i}`,
    name,
    join_time: `2030-03-10T02:0${i}:00Z`,
    leave_time: '2030-03-10T03:00:00Z',
    customer_key: `student-${i}`,
  }));
  expect(await provider.listRecordings(meeting)).toEqual([
    {
      id: 'r1',
      startedAt: '2030-03-10T02:01:00Z',
      endedAt: '2030-03-10T02:59:00Z',
      url: 'https://zoom.example/rec/play/r1',
    },
  ]);
  const report = await provider.participantsReport(meeting);
  // Three rows over two pages.
  expect(report.map((row) => [row.key, row.userId, row.name])).toEqual([
    ['p0', 'student-0', 'An'],
    ['p1', 'student-1', 'Bình'],
    ['p2', 'student-2', 'Chi'],
  ]);
  expect(zoom.calls.filter((c) => c.path.includes('/participants'))).toHaveLength(2);
});

test("the report's refusals: not ready (3001), not on this plan (200), 429 with its Retry-After, without waiting", async () => {
  const id = [...zoom.meetings.keys()][0]!;
  const meeting = meetingOf(id);
  const refusal = async () => {
    try {
      await provider.participantsReport(meeting);
    } catch (error) {
      return error as ParticipantsReportRefusal;
    }
    throw new Error('the report was read');
  };
  zoom.report.notReady = 1;
  expect(await refusal()).toMatchObject({ reason: 'not-ready' });
  zoom.report.rateLimit = { times: 1, retryAfter: '90' };
  const before = zoom.calls.length;
  const limited = await refusal();
  expect(limited).toBeInstanceOf(ParticipantsReportRefusal);
  expect(limited).toMatchObject({ reason: 'rate-limited', retryAfterMs: 90_000 });
  // Asked once: the 429 is not retried in place.
  expect(zoom.calls.length - before).toBe(1);
  zoom.report.notOnPlan = true;
  expect(await refusal()).toMatchObject({ reason: 'not-on-plan' });
  zoom.report.notOnPlan = false;
  // Rows without a customer key carry the e-mail they joined with.
  zoom.meetings.get(id)!.participants = [
    reportRow({
      id: 'p9',
      name: 'Dũng',
      user_email: 'dung@example.com',
      join_time: '2030-03-10T02:00:00Z',
      leave_time: '2030-03-10T02:30:00Z',
    }),
  ];
  expect(await provider.participantsReport(meeting)).toEqual([
    {
      key: 'p9',
      userId: undefined,
      email: 'dung@example.com',
      name: 'Dũng',
      joinedAt: '2030-03-10T02:00:00Z',
      leftAt: '2030-03-10T02:30:00Z',
    },
  ]);
});

test("a meeting UUID that starts with '/' or holds '//' is encoded twice, as Zoom asks", () => {
  expect(meetingPath('85746065432')).toBe('85746065432');
  expect(meetingPath('aBc+d==')).toBe('aBc%2Bd%3D%3D');
  expect(meetingPath('/ajXp112QmuoKj4854875==')).toBe('%252FajXp112QmuoKj4854875%253D%253D');
  expect(meetingPath('ab//cd==')).toBe('ab%252F%252Fcd%253D%253D');
});
