import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import type { ZoomEmulator } from '../fakes/zoom-emulator.ts';
import { TestClock } from '../helpers/clock.ts';
import { type Account, createAccount, snapshot } from '../helpers/factories.ts';
import { createClass, createLesson } from '../helpers/school.ts';
import type { TestClient, TestServer } from '../helpers/test-server.ts';
import { startZoomSchool, type ZoomSchool } from '../helpers/zoom-school.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: ZoomSchool;
let zoom: ZoomEmulator;
let server: TestServer;
let admin: TestClient;
let staff: Account;
let teacher: Account;
let student: Account;
let outsider: Account;
let classId: string;

beforeAll(async () => {
  school = await startZoomSchool({
    users: 7,
    pool: false,
    clock,
    names: { teacher: 'Thầy Zoom', student: 'Trò Zoom' },
  });
  ({ zoom, server, admin, staff, teacher, student, outsider, classId } = school);
});
afterAll(() => school.close());

const claims = (signature: string) =>
  JSON.parse(Buffer.from(signature.split('.')[1]!, 'base64url').toString());

describe('the Zoom account pool', () => {
  test('admin syncs the users not yet added, adds some, and sync then offers only the rest', async () => {
    const sync = await admin.post('/api/zoom-accounts/sync');
    expect(sync.status).toBe(200);
    expect(sync.body.users).toHaveLength(7);
    const picked = sync.body.users
      .slice(0, 2)
      .map((u: { id: string; email: string }) => ({ id: u.id, email: u.email }));
    const added = await admin.post('/api/zoom-accounts', { users: picked });
    expect(added.status).toBe(201);
    expect((await admin.post('/api/zoom-accounts/sync')).body.users).toHaveLength(5);
    const list = await staff.client.get('/api/zoom-accounts');
    expect(list.body.items).toHaveLength(2);
    expect(list.body.configured).toBe(true);
    expect(
      list.body.items.every(
        (a: { is_busy: boolean; is_active: boolean }) => !a.is_busy && a.is_active,
      ),
    ).toBe(true);
    // Adding one already in the pool is refused, naming it.
    const again = await admin.post('/api/zoom-accounts', { users: [picked[0]] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'ZOOM_ADD_EXISTING',
      params: { emails: picked[0].email },
    });
  });

  test('accounts added together are listed in one stable order: newest first, then by email', async () => {
    const rest = (await admin.post('/api/zoom-accounts/sync')).body.users.map(
      (u: { id: string; email: string }) => ({ id: u.id, email: u.email }),
    );
    clock.advance(1_000);
    await admin.post('/api/zoom-accounts', { users: [...rest].reverse() });
    try {
      const emails = async () =>
        (await admin.get('/api/zoom-accounts')).body.items.map((a: { email: string }) => a.email);
      const first = await emails();
      const batch = first.slice(0, rest.length);
      expect(batch).toEqual(rest.map((u: { email: string }) => u.email).sort());
      for (let i = 0; i < 3; i++) expect(await emails()).toEqual(first);
    } finally {
      // Back to the two of the test before, so the tests after it see the pool they expect.
      await server.server.ctx.database.db
        .deleteFrom('zoom_accounts')
        .where(
          'zoom_user_id',
          'in',
          rest.map((u: { id: string }) => u.id),
        )
        .execute();
      clock.advance(-1_000);
    }
  });

  test('only admin syncs, adds and deletes; staff only looks; teachers and students see nothing', async () => {
    const before = await snapshot(server, ['zoom_accounts']);
    expect((await staff.client.post('/api/zoom-accounts/sync')).status).toBe(403);
    expect(
      (await staff.client.post('/api/zoom-accounts', { users: [{ id: 'x', email: 'x@y.zz' }] }))
        .status,
    ).toBe(403);
    const any = (await admin.get('/api/zoom-accounts')).body.items[0];
    expect((await staff.client.delete(`/api/zoom-accounts/${any.zoom_account_id}`)).status).toBe(
      403,
    );
    expect((await teacher.client.get('/api/zoom-accounts')).status).toBe(403);
    expect((await student.client.get('/api/zoom-accounts')).status).toBe(403);
    expect(await snapshot(server, ['zoom_accounts'])).toEqual(before);
  });

  test('sync reports a Zoom failure and an unreadable reply with the messages of §8', async () => {
    zoom.fail.listUsersReply = { nonsense: true };
    const bad = await admin.post('/api/zoom-accounts/sync');
    expect(bad.status).toBe(502);
    expect(bad.body.code).toBe('ZOOM_SYNC_BAD_REPLY');
    zoom.fail.listUsersReply = undefined;
    zoom.fail.rateLimit = { times: 4 };
    const failed = await admin.post('/api/zoom-accounts/sync');
    expect(failed.status).toBe(502);
    expect(failed.body.code).toBe('ZOOM_SYNC_FAILED');
    expect(failed.body.params.reason).toMatch(/^HTTP 429/);
    zoom.fail.rateLimit = { times: 0 };
  });
});

describe('starting and joining lessons', () => {
  test('a teacher starts a lesson: one account becomes busy, the lesson active, the host gets a signature and a ZAK', async () => {
    const lesson = await createLesson(admin, classId, '2030-03-10T02:30:00Z');
    const meetingsBefore = zoom.meetings.size;
    const started = await teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`);
    expect(started.status, started.text).toBe(200);
    expect(started.body).toMatchObject({
      provider: 'zoom',
      open: 'meeting-page',
      scheduleId: lesson.schedule_id,
      launch: { role: 1, userName: 'Thầy Zoom', userEmail: teacher.email },
    });
    expect(started.body.launch.zak).toMatch(/^zak-/);
    expect(claims(started.body.launch.signature)).toMatchObject({
      mn: started.body.launch.meetingNumber,
      role: 1,
      sdkKey: 'sdk-key-test',
    });
    expect(zoom.meetings.size).toBe(meetingsBefore + 1);
    const meeting = zoom.meetings.get(started.body.launch.meetingNumber)!;
    expect(meeting.settings.join_before_host).toBe(false);
    expect(meeting.duration).toBe(60);

    const accounts = (await admin.get('/api/zoom-accounts')).body.items;
    expect(accounts.filter((a: { is_busy: boolean }) => a.is_busy)).toHaveLength(1);
    const lessons = (await teacher.client.get(`/api/classes/${classId}/schedules`)).body.items;
    const stored = lessons.find(
      (s: { schedule_id: string }) => s.schedule_id === lesson.schedule_id,
    );
    expect(stored).toMatchObject({
      status: 'active',
      meeting: { provider: 'zoom', external_id: started.body.launch.meetingNumber },
    });
    expect(stored.meeting.secret.start_url).toContain('zoom.example/s/');

    // Again: the same meeting, not a second one.
    const again = await admin.post(`/api/schedules/${lesson.schedule_id}/start`);
    expect(again.body.launch.meetingNumber).toBe(started.body.launch.meetingNumber);
    expect(zoom.meetings.size).toBe(meetingsBefore + 1);

    // The enrolled student joins as a participant; others cannot.
    const joined = await student.client.post(`/api/schedules/${lesson.schedule_id}/join`);
    expect(joined.status).toBe(200);
    expect(joined.body.launch).toMatchObject({
      role: 0,
      password: meeting.password,
      customerKey: student.user.user_id,
    });
    expect(joined.body.launch.zak).toBeUndefined();
    expect(claims(joined.body.launch.signature)).toMatchObject({
      role: 0,
      mn: started.body.launch.meetingNumber,
    });
    expect(JSON.stringify(joined.body)).not.toContain('zoom.example/s/');
    expect((await outsider.client.post(`/api/schedules/${lesson.schedule_id}/join`)).status).toBe(
      403,
    );
    expect((await staff.client.post(`/api/schedules/${lesson.schedule_id}/join`)).status).toBe(403);

    // An online account cannot be deleted; one used by lessons cannot either.
    const busy = accounts.find((a: { is_busy: boolean }) => a.is_busy);
    const refused = await admin.delete(`/api/zoom-accounts/${busy.zoom_account_id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'ZOOM_ACCOUNT_ONLINE',
      params: { email: busy.email },
    });
    await server.server.ctx.database.db
      .updateTable('zoom_accounts')
      .set({ is_busy: false })
      .where('zoom_account_id', '=', busy.zoom_account_id)
      .execute();
    const inUse = await admin.delete(`/api/zoom-accounts/${busy.zoom_account_id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({
      code: 'ZOOM_ACCOUNT_IN_USE',
      params: { email: busy.email },
    });
  });

  test('when Zoom refuses to create the meeting, the account is released and the lesson stays pending', async () => {
    const lesson = await createLesson(admin, classId, '2030-03-11T02:00:00Z');
    clock.advance(86_400_000 - 10 * 60_000); // ten minutes before it
    onTestFinished(() => clock.advance(-(86_400_000 - 10 * 60_000)));
    const before = await snapshot(server, ['zoom_accounts']);
    zoom.fail.createMeeting = 1;
    const failed = await teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`);
    expect(failed.status).toBe(502);
    expect(failed.body.code).toBe('MEETING_CREATE_FAILED');
    expect(await snapshot(server, ['zoom_accounts'])).toEqual(before);
    const stored = (await admin.get(`/api/classes/${classId}/schedules`)).body.items.find(
      (s: { schedule_id: string }) => s.schedule_id === lesson.schedule_id,
    );
    expect(stored).toMatchObject({
      status: 'pending',
      meeting: null,
    });

    zoom.fail.zak = 1;
    const noZak = await teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`);
    expect(noZak.status).toBe(502);
    expect(noZak.body.code).toBe('MEETING_SIGNATURE_FAILED');
    expect(await snapshot(server, ['zoom_accounts'])).toEqual(before);
  });

  test('20 lessons started at the same instant with 5 free accounts: 5 start on 5 accounts, 15 get a clean error', async () => {
    const { db } = server.server.ctx.database;
    // Exactly five free accounts.
    await db.updateTable('zoom_accounts').set({ is_active: false }).execute();
    const fresh = (await admin.post('/api/zoom-accounts/sync')).body.users.slice(0, 5);
    await admin.post('/api/zoom-accounts', {
      users: fresh.map((u: { id: string; email: string }) => ({ id: u.id, email: u.email })),
    });
    const rushTeacher = await createAccount(server, admin, 'teacher');
    const klass = await createClass(admin, rushTeacher.user.user_id, { class_name: 'Rush hour' });
    const lessons = [];
    // Twenty one-minute lessons in the next half hour: all inside the early-start window.
    for (let minute = 5; minute < 25; minute++) {
      lessons.push(
        await createLesson(
          admin,
          klass.class_id,
          new Date(clock.now().getTime() + minute * 60_000).toISOString(),
          1,
        ),
      );
    }
    zoom.createDelayMs = 50;
    const results = await Promise.all(
      lessons.map((l) => admin.post(`/api/schedules/${l.schedule_id}/start`)),
    );
    zoom.createDelayMs = 0;
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(5);
    expect(new Set(ok.map((r) => r.body.launch.zoomAccountId)).size).toBe(5);
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(
      Array(15).fill([503, 'MEETING_NO_FREE_ACCOUNT']),
    );
    const busy = await db
      .selectFrom('zoom_accounts')
      .select('zoom_account_id')
      .where('is_busy', '=', true)
      .execute();
    expect(busy.map((b) => b.zoom_account_id).sort()).toEqual(
      ok.map((r) => r.body.launch.zoomAccountId).sort(),
    );
    const pendingWithAccount = await db
      .selectFrom('schedules as s')
      .innerJoin('lesson_meetings as m', 'm.schedule_id', 's.schedule_id')
      .select('s.schedule_id')
      .where('s.class_id', '=', klass.class_id)
      .where('s.status', '=', 'pending')
      .execute();
    expect(pendingWithAccount).toEqual([]);
  });
});
