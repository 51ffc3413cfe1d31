// The audit log (issue 30, docs/decisions/041-audit-log.md): each kind of change to people,
// classes, enrolments, lessons, attendance, closed days and rooms writes its entry with who, from
// where, the operation, the record and its fields before and after, never a password; the admin
// alone reads the log, filters and exports it and reads a record's history; no route edits or
// deletes an entry; the pruning job removes entries older than the retention the admin sets.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pruneAuditLog } from '#server/features/audit/index.ts';
import { recordAudit, withAuditScope } from '#server/lib/audit.ts';
import { TestClock } from '../../helpers/clock.ts';
import { createAccount } from '../../helpers/factories.ts';
import { createLesson, type School, startSchool, vnTime } from '../../helpers/school.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: School;
let adminId: string;
beforeAll(async () => {
  school = await startSchool({ clock });
  const admin = await db()
    .selectFrom('users')
    .select('user_id')
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  adminId = admin.user_id;
});
afterAll(async () => school.server.close());

const db = () => school.server.server.ctx.database.db;
const entriesOf = async (recordId: string, action?: string) => {
  const rows = await db()
    .selectFrom('audit_log')
    .selectAll()
    .where('record_id', '=', recordId)
    .orderBy('at')
    .execute();
  return rows
    .filter((row) => action === undefined || row.action === action)
    .map((row) => ({ ...row, changes: JSON.parse(row.changes) }));
};
const only = async (recordId: string, action: string) => {
  const entries = await entriesOf(recordId, action);
  expect(entries, `${action} on ${recordId}`).toHaveLength(1);
  return entries[0]!;
};
const LOCAL = /127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/;

describe('people', () => {
  test('an account made, given a new first password and deleted: each an entry by the admin, no password in any', async () => {
    const made = await school.admin.post('/api/users', {
      email: 'audit.person@test.local',
      full_name: 'Phạm Văn An',
      role: 'student',
    });
    expect(made.status, made.text).toBe(201);
    const userId = made.body.user.user_id as string;
    const created = await only(userId, 'user.create');
    expect(created).toMatchObject({ actor_id: adminId, record_type: 'user' });
    expect(created.actor_ip).toMatch(LOCAL);
    expect(created.changes).toMatchObject({
      full_name: { before: null, after: 'Phạm Văn An' },
      email: { before: null, after: 'audit.person@test.local' },
      role: { before: null, after: 'student' },
    });

    const issued = await school.staff.client.post(`/api/users/${userId}/first-password`, {});
    expect(issued.status, issued.text).toBe(200);
    const password = await only(userId, 'user.first_password');
    expect(password.actor_id).toBe(school.staff.user.user_id);
    expect(password.changes.password).toEqual({ secret: true });
    const everything = JSON.stringify(await entriesOf(userId));
    expect(everything).not.toContain(issued.body.password);
    expect(everything).not.toMatch(/\$argon|\$2[aby]\$|scrypt/);

    const deleted = await school.admin.delete(`/api/users/${userId}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect((await only(userId, 'user.delete')).changes.is_active).toEqual({
      before: true,
      after: false,
    });
  });

  test('a password changed by its owner is recorded as changed, never its value', async () => {
    const person = await createAccount(school.server, school.admin, 'teacher');
    const changed = await person.client.post('/api/auth/change-password', {
      currentPassword: person.password,
      newPassword: 'A-new-password-2030!',
      confirmPassword: 'A-new-password-2030!',
    });
    expect(changed.status, changed.text).toBe(200);
    // The first was the one every new account makes at its first sign-in.
    const changes = await entriesOf(person.user.user_id, 'user.password_change');
    expect(changes).toHaveLength(2);
    const entry = changes[1]!;
    expect(entry.actor_id).toBe(person.user.user_id);
    expect(entry.changes.password).toEqual({ secret: true });
    expect(JSON.stringify(entry)).not.toContain('A-new-password-2030!');
  });

  test('own profile: the name changed is recorded before → after', async () => {
    const person = await createAccount(school.server, school.admin, 'student', {
      full_name: 'Trần Bình',
    });
    const reply = await person.client.patch('/api/profile', { full_name: 'Trần Văn Bình' });
    expect(reply.status, reply.text).toBe(200);
    expect((await only(person.user.user_id, 'user.profile')).changes).toEqual({
      full_name: { before: 'Trần Bình', after: 'Trần Văn Bình' },
    });
  });
});

describe('classes, enrolments, lessons, attendance', () => {
  test('a class made, changed and enrolled in: the class and the student both find the enrolment', async () => {
    const made = await school.admin.post('/api/classes', {
      class_name: 'Audit class',
      start_date: '2030-03-01',
      end_date: '2030-06-30',
      description: null,
      teacher_id: school.teacher.user.user_id,
    });
    expect(made.status, made.text).toBe(201);
    const classId = made.body.class_id as string;
    expect((await only(classId, 'class.create')).changes.class_name).toEqual({
      before: null,
      after: 'Audit class',
    });
    const changed = await school.admin.put(`/api/classes/${classId}`, {
      class_name: 'Audit class B',
      start_date: '2030-03-01',
      end_date: '2030-06-30',
      description: null,
      teacher_id: school.teacher.user.user_id,
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await only(classId, 'class.update')).changes).toEqual({
      class_name: { before: 'Audit class', after: 'Audit class B' },
    });
    const studentId = school.outsider.user.user_id;
    const enrolled = await school.staff.client.post(`/api/classes/${classId}/students`, {
      student_ids: [studentId],
    });
    expect(enrolled.status, enrolled.text).toBe(200);
    expect((await only(classId, 'enrolment.add')).changes).toEqual({
      student_id: { before: null, after: studentId },
    });
    expect((await only(studentId, 'enrolment.add')).changes).toEqual({
      class_id: { before: null, after: classId },
    });
    const removed = await school.staff.client.delete(
      `/api/classes/${classId}/students/${studentId}`,
    );
    expect(removed.status, removed.text).toBe(200);
    expect((await only(studentId, 'enrolment.remove')).record_type).toBe('user');
    const gone = await school.admin.delete(`/api/classes/${classId}`);
    expect(gone.status, gone.text).toBe(200);
    expect((await only(classId, 'class.deactivate')).changes.is_active).toEqual({
      before: true,
      after: false,
    });
  });

  test('a lesson made, moved, marked, corrected and cancelled: each recorded on the lesson', async () => {
    const start = vnTime('2030-03-12', '09:00');
    const lesson = await createLesson(school.admin, school.classId, start);
    const id = lesson.schedule_id;
    expect((await only(id, 'lesson.create')).changes.start_time).toEqual({
      before: null,
      after: start,
    });
    clock.advance(60_000); // the same instant would leave the order to the entries' ids
    const newStart = vnTime('2030-03-12', '10:00');
    const moved = await school.admin.post(`/api/schedules/${id}/move`, {
      start_time: newStart,
      end_time: vnTime('2030-03-12', '11:00'),
    });
    expect(moved.status, moved.text).toBe(200);
    expect((await only(id, 'lesson.move')).changes.start_time).toEqual({
      before: start,
      after: newStart,
    });

    clock.set(Date.parse(vnTime('2030-03-12', '10:10')));
    const studentId = school.student.user.user_id;
    const mark = (status: string) =>
      school.teacher.client.put(`/api/schedules/${id}/attendance/${studentId}`, { status });
    expect((await mark('absent')).status).toBe(200);
    clock.advance(60_000);
    expect((await mark('present')).status).toBe(200);
    const marked = await only(id, 'attendance.mark');
    expect(marked).toMatchObject({
      record_type: 'attendance',
      actor_id: school.teacher.user.user_id,
    });
    expect(marked.changes.status).toEqual({ before: null, after: 'absent' });
    expect((await only(id, 'attendance.correct')).changes.status).toEqual({
      before: 'absent',
      after: 'present',
    });
    // The lesson's own history holds its attendance sheet's entries.
    const history = await school.admin.get(`/api/audit/records/lesson/${id}`);
    expect(history.status).toBe(200);
    expect(history.body.items.map((e: { action: string }) => e.action)).toEqual([
      'attendance.correct',
      'attendance.mark',
      'lesson.move',
      'lesson.create',
    ]);

    clock.set(Date.parse('2030-03-10T02:00:00Z'));
    const other = await createLesson(school.admin, school.classId, vnTime('2030-03-20', '09:00'));
    const cancelled = await school.admin.post(`/api/schedules/${other.schedule_id}/cancel`, {
      reason: 'Giáo viên ốm',
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((await only(other.schedule_id, 'lesson.cancel')).changes).toEqual({
      status: { before: 'pending', after: 'cancelled' },
      cancel_reason: { before: null, after: 'Giáo viên ốm' },
    });
  });
});

describe("the center's calendar and rooms", () => {
  test('closed days and rooms: added, renamed, removed', async () => {
    const closed = await school.staff.client.post('/api/closed-days', {
      name: 'Nghỉ',
      from_date: '2031-05-02',
    });
    expect(closed.status, closed.text).toBe(201);
    await school.staff.client.patch('/api/closed-days/2031-05-02', { name: 'Nghỉ lễ' });
    await school.staff.client.delete('/api/closed-days/2031-05-02');
    expect((await entriesOf('2031-05-02')).map((e) => [e.action, e.changes])).toEqual([
      ['closed_day.add', { name: { before: null, after: 'Nghỉ' } }],
      ['closed_day.rename', { name: { before: 'Nghỉ', after: 'Nghỉ lễ' } }],
      ['closed_day.remove', { name: { before: 'Nghỉ lễ', after: null } }],
    ]);

    const room = await school.admin.post('/api/rooms', { name: 'P.901' });
    expect(room.status, room.text).toBe(201);
    const roomId = room.body.room_id as string;
    await school.admin.patch(`/api/rooms/${roomId}`, { capacity: 12 });
    await school.admin.delete(`/api/rooms/${roomId}`);
    expect((await entriesOf(roomId)).map((e) => e.action)).toEqual([
      'room.create',
      'room.update',
      'room.delete',
    ]);
    expect((await only(roomId, 'room.update')).changes).toEqual({
      capacity: { before: null, after: 12 },
    });
  });

  test('a refused change writes no entry (a room name already taken)', async () => {
    await school.admin.post('/api/rooms', { name: 'P.902' });
    const before = await db().selectFrom('audit_log').select('audit_id').execute();
    const refused = await school.admin.post('/api/rooms', { name: 'p.902' });
    expect(refused.status).toBe(409);
    expect(await db().selectFrom('audit_log').select('audit_id').execute()).toHaveLength(
      before.length,
    );
  });
});

describe('reading the log', () => {
  test('the admin filters by person, kind of record, record and dates; newest first', async () => {
    const person = await createAccount(school.server, school.admin, 'student', {
      full_name: 'Đỗ Minh',
    });
    clock.advance(60_000);
    await school.staff.client.patch(`/api/users/${person.user.user_id}`, {
      full_name: 'Đỗ Minh Anh',
    });
    const list = await school.admin.get(
      `/api/audit?actor=${school.staff.user.user_id}&record_type=user&record_id=${person.user.user_id}`,
    );
    expect(list.status, list.text).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]).toMatchObject({
      action: 'user.update',
      actor_name: school.staff.user.full_name,
      changes: { full_name: { before: 'Đỗ Minh', after: 'Đỗ Minh Anh' } },
    });
    const all = await school.admin.get('/api/audit');
    const times = all.body.items.map((e: { at: string }) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    // The days are the center's: the lesson's marks of the 12th are neither before nor after it.
    const totalOf = async (query: string) =>
      (await school.admin.get(`/api/audit?${query}`)).body.total as number;
    const upTo11 = await totalOf('to=2030-03-11');
    const on12 = await totalOf('from=2030-03-12&to=2030-03-12');
    expect(on12).toBe(2);
    expect(upTo11 + on12).toBe(all.body.total);
    expect((await school.admin.get('/api/audit?to=2030-03-09')).body.total).toBe(0);
    expect((await school.admin.get('/api/audit?from=2030-03-11&to=2030-03-10')).status).toBe(400);
    expect((await school.admin.get('/api/audit?record_type=nonsense')).status).toBe(400);

    const csv = await school.admin.get(
      `/api/audit/export?record_id=${person.user.user_id}&format=csv`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.text).toContain('Đỗ Minh → Đỗ Minh Anh');
    expect(csv.text).toContain(school.staff.user.full_name);
    const xlsx = await school.admin.get(
      `/api/audit/export?record_id=${person.user.user_id}&format=xlsx`,
    );
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toMatch(/spreadsheetml/);

    const history = await school.admin.get(`/api/audit/records/user/${person.user.user_id}`);
    const actions = history.body.items.map((e: { action: string }) => e.action);
    // The newest first; the account made and its first sign-in's password share an instant.
    expect(actions[0]).toBe('user.update');
    expect(actions.slice(1).sort()).toEqual(['user.create', 'user.password_change']);
  });

  test('only the admin reads it; nothing edits or deletes an entry', async () => {
    for (const client of [school.staff.client, school.teacher.client, school.student.client]) {
      expect((await client.get('/api/audit')).status).toBe(403);
      expect((await client.get('/api/audit/export')).status).toBe(403);
      expect((await client.get(`/api/audit/records/user/${adminId}`)).status).toBe(403);
    }
    const [entry] = (await school.admin.get('/api/audit')).body.items;
    for (const reply of [
      await school.admin.patch(`/api/audit/${entry.audit_id}`, { action: 'x' }),
      await school.admin.delete(`/api/audit/${entry.audit_id}`),
      await school.admin.delete('/api/audit'),
      await school.admin.put(`/api/audit/records/user/${adminId}`, {}),
    ]) {
      expect([404, 405]).toContain(reply.status);
    }
    expect(await entriesOf(entry.record_id)).toContainEqual(
      expect.objectContaining({ audit_id: entry.audit_id }),
    );
  });
});

describe('retention and pruning', () => {
  test('the admin sets the retention (recorded); the job removes only older entries', async () => {
    expect((await school.admin.get('/api/audit/retention')).body).toEqual({ days: 730 });
    expect((await school.admin.put('/api/audit/retention', { days: 10 })).status).toBe(400);
    expect((await school.staff.client.put('/api/audit/retention', { days: 60 })).status).toBe(403);
    const saved = await school.admin.put('/api/audit/retention', { days: 60 });
    expect(saved.status, saved.text).toBe(200);
    // Settings entries name the part of the settings they change: 'audit' for the retention.
    expect((await only('audit', 'settings.update')).changes).toEqual({
      audit_retention_days: { before: 730, after: 60 },
    });

    const ctx = school.server.server.ctx;
    const total = async () =>
      (await db().selectFrom('audit_log').select('audit_id').execute()).length;
    const count = await total();
    clock.set(Date.parse('2030-05-08T02:00:00Z')); // 59 days on: everything is kept
    expect(await pruneAuditLog(ctx)).toBe(0);
    expect(await total()).toBe(count);
    // A change today (the sessions have long expired: written as a job would), then 65 days
    // after the first entries: only those older than 60 days go.
    await withAuditScope({ actorId: null, actorName: null, ip: null, clock }, () =>
      db()
        .transaction()
        .execute((trx) =>
          recordAudit(trx, {
            action: 'room.create',
            recordType: 'room',
            recordId: 'kept',
            before: null,
            after: { name: 'P.pruning' },
          }),
        ),
    );
    clock.set(Date.parse('2030-05-14T02:00:00Z'));
    expect(await pruneAuditLog(ctx)).toBeGreaterThan(0);
    const left = await db().selectFrom('audit_log').select(['action', 'at']).execute();
    expect(left.map((row) => row.action)).toContain('room.create');
    for (const row of left) {
      expect(new Date(String(row.at)).getTime()).toBeGreaterThanOrEqual(
        Date.parse('2030-03-15T02:00:00Z'),
      );
    }
  });
});
