// A lesson held on the video provider, seen by a parent (issue 29, docs/decisions/036-parents.md):
// while it runs, the child sees how to join, the parent never a meeting link, host link or
// password (dashboard, the child's lessons, the class's lessons); when the provider's report
// settles it with a child absent, that child's parent is told once, however often it is read.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tellParentsOfReportedAbsences } from '#server/features/attendance/absences.ts';
import {
  REPORT_DELAY_MS,
  runAttendanceReports,
} from '#server/features/attendance/provider-report.ts';
import { reportRow } from '../../fakes/zoom-emulator-reports.ts';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount } from '../../helpers/factories.ts';
import { createParent } from '../../helpers/family.ts';
import { createClass, createLesson, enrol } from '../../helpers/school.ts';
import type { TestClient, TestServer } from '../../helpers/test-server.ts';
import { startZoomSchool, type ZoomServer } from '../../helpers/zoom-school.ts';

const MINUTE = 60_000;
const clock = new TestClock(Date.parse('2030-03-12T01:00:00Z'));
const at = (hhmm: string) => `2030-03-12T${hhmm}:00Z`;
let school: ZoomServer;
let server: TestServer;
let admin: TestClient;
let teacher: Account, an: Account, binh: Account, anParent: Account, binhParent: Account;
let classId: string, lessonId: string, meetingId: string;

beforeAll(async () => {
  school = await startZoomSchool({ cast: false, clock, jobs: false });
  ({ server, admin } = school);
  teacher = await createAccount(server, admin, 'teacher', { full_name: 'Cô Hoa' });
  an = await createAccount(server, admin, 'student', { full_name: 'An' });
  binh = await createAccount(server, admin, 'student', { full_name: 'Bình' });
  classId = (await createClass(admin, teacher.user.user_id, { class_name: 'Zoom 1' })).class_id;
  await enrol(admin, classId, [an.user.user_id, binh.user.user_id]);
  anParent = await createParent(server, admin, [an], 'Mẹ An');
  binhParent = await createParent(server, admin, [binh], 'Bố Bình');
  lessonId = (await createLesson(admin, classId, at('02:00'), 60, 'Bài Zoom')).schedule_id;
  clock.set(Date.parse(at('01:55')));
  for (const account of [teacher, an, binh, anParent, binhParent]) {
    await account.client.login(account.email, account.password);
  }
  const started = await teacher.client.post(`/api/schedules/${lessonId}/start`);
  expect(started.status, started.text).toBe(200);
  meetingId = String(started.body.launch.meetingNumber);
});
afterAll(() => school.close());

describe('a held lesson seen by a parent', () => {
  test('the child may join; the parent gets no meeting link anywhere', async () => {
    const own = await an.client.get('/api/dashboard');
    const ownLesson = own.body.today.find(
      (l: { schedule_id: string }) => l.schedule_id === lessonId,
    );
    expect(Object.keys(ownLesson.meeting.join).length).toBeGreaterThan(0);
    const routes = [
      '/api/dashboard',
      `/api/dashboard?student_id=${an.user.user_id}`,
      `/api/family/children/${an.user.user_id}/lessons`,
      `/api/classes/${classId}/schedules`,
    ];
    for (const route of routes) {
      const reply = await anParent.client.get(route);
      expect(reply.status, `${route}: ${reply.text}`).toBe(200);
      const lessons = 'items' in reply.body ? reply.body.items : reply.body.today;
      const lesson = lessons.find((l: { schedule_id: string }) => l.schedule_id === lessonId);
      expect(lesson.status, route).toBe('active');
      expect(lesson.meeting?.join ?? {}, route).toEqual({});
      expect(lesson.meeting?.secret, route).toBeUndefined();
      expect(reply.text, route).not.toMatch(/start_url|join_url|password|secret|zak/i);
    }
    // Joining or starting is not a parent's.
    expect((await anParent.client.post(`/api/schedules/${lessonId}/join`)).status).toBe(403);
    expect((await anParent.client.post(`/api/schedules/${lessonId}/start`)).status).toBe(403);
  });

  test("the provider's report settles Bình absent: Bình's parent is told once, An's not", async () => {
    clock.set(Date.parse(at('03:00')));
    await teacher.client.login(teacher.email, teacher.password);
    const ended = await teacher.client.post(`/api/schedules/${lessonId}/end`);
    expect(ended.status, ended.text).toBe(200);
    school.zoom.meetings.get(meetingId)!.participants = [
      reportRow({
        id: 'p-an',
        name: 'An',
        customer_key: an.user.user_id,
        join_time: at('02:00'),
        leave_time: at('03:00'),
      }),
    ];
    clock.set(Date.parse(at('03:00')) + REPORT_DELAY_MS + MINUTE);
    await runAttendanceReports(server.server.ctx, server.server.app.log);
    // Settled again (a second process, a retry after the telling): nobody is told twice.
    await runAttendanceReports(server.server.ctx, server.server.app.log);
    await tellParentsOfReportedAbsences(server.server.ctx, lessonId);
    for (const account of [anParent, binhParent]) {
      await account.client.login(account.email, account.password);
    }
    const told = async (account: Account) =>
      ((await account.client.get('/api/notifications')).body.items as { type: string }[]).filter(
        (n) => n.type === 'child_absent',
      );
    const binhs = await told(binhParent);
    expect(binhs).toHaveLength(1);
    expect(binhs[0]).toMatchObject({
      params: { child_name: 'Bình', class_name: 'Zoom 1', topic: 'Bài Zoom' },
      schedule_id: lessonId,
    });
    expect(await told(anParent)).toHaveLength(0);
  });
});
