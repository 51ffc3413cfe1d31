// Accounts deleted: what goes with a student or a teacher, and who may delete whom.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { createAccount, snapshot } from '../../helpers/factories.ts';
import { admin, server, staff, student, teacher } from './cast.ts';

describe('deleting accounts', () => {
  async function makeClass(teacherId: string) {
    const classId = randomUUID();
    const now = new Date().toISOString();
    await server.server.ctx.database.db
      .insertInto('classes')
      .values({
        class_id: classId,
        class_name: 'IELTS 6.5',
        search_name: 'ielts 6.5',
        description: null,
        teacher_id: teacherId,
        start_date: '2026-01-01',
        end_date: '2026-12-31',
        created_by: null,
        is_active: true,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return classId;
  }

  test('deleting a student removes enrolments and attendance, then deactivates the account', async () => {
    const t = await createAccount(server, admin, 'teacher');
    const s = await createAccount(server, admin, 'student');
    const { db } = server.server.ctx.database;
    const classId = await makeClass(t.user.user_id);
    const now = new Date().toISOString();
    await db
      .insertInto('class_students')
      .values({ class_id: classId, student_id: s.user.user_id, enrolled_at: now })
      .execute();
    const scheduleId = randomUUID();
    await db
      .insertInto('schedules')
      .values({
        schedule_id: scheduleId,
        class_id: classId,
        topic: 'Speaking',
        description: null,
        start_time: '2026-06-01T02:00:00.000Z',
        end_time: '2026-06-01T03:00:00.000Z',
        status: 'completed',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('attendance')
      .values({
        attendance_id: randomUUID(),
        schedule_id: scheduleId,
        student_id: s.user.user_id,
        participant_key: 'p1',
        joined_at: '2026-06-01T02:01:00.000Z',
        left_at: null,
        created_at: now,
      })
      .execute();

    const response = await staff.client.delete(`/api/users/${s.user.user_id}`);
    expect(response.status).toBe(200);
    expect(
      await db
        .selectFrom('class_students')
        .selectAll()
        .where('student_id', '=', s.user.user_id)
        .execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('attendance')
        .selectAll()
        .where('student_id', '=', s.user.user_id)
        .execute(),
    ).toEqual([]);
    const detail = await admin.get(`/api/users/${s.user.user_id}`);
    expect(detail.body.user.is_active).toBe(false);
    const list = await admin.get('/api/users?role=student&page=1');
    expect(list.body.items.map((u: { user_id: string }) => u.user_id)).not.toContain(
      s.user.user_id,
    );
  });

  test("deleting a teacher deactivates the teacher's classes, then the account", async () => {
    const t = await createAccount(server, admin, 'teacher');
    const classId = await makeClass(t.user.user_id);
    expect((await admin.delete(`/api/users/${t.user.user_id}`)).status).toBe(200);
    const row = await server.server.ctx.database.db
      .selectFrom('classes')
      .select('is_active')
      .where('class_id', '=', classId)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.is_active)).toBe(false);
  });

  test('only admin deletes staff; staff gets the specification message and nothing changes', async () => {
    const otherStaff = await createAccount(server, admin, 'staff');
    const before = await snapshot(server, ['users', 'sessions']);
    const refused = await staff.client.delete(`/api/users/${otherStaff.user.user_id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect(await snapshot(server, ['users', 'sessions'])).toEqual(before);
    expect((await admin.delete(`/api/users/${otherStaff.user.user_id}`)).status).toBe(200);
  });

  test('teachers and students cannot delete anyone; nobody deletes themselves', async () => {
    const victim = await createAccount(server, admin, 'student');
    expect((await teacher.client.delete(`/api/users/${victim.user.user_id}`)).status).toBe(403);
    expect((await student.client.delete(`/api/users/${victim.user.user_id}`)).status).toBe(403);
    const adminId = (await admin.get('/api/auth/session')).body.user.user_id;
    expect((await admin.delete(`/api/users/${adminId}`)).status).toBe(403);
  });

  test('deleting an unknown or already deleted account gives 404', async () => {
    const victim = await createAccount(server, admin, 'student');
    expect((await admin.delete(`/api/users/${victim.user.user_id}`)).status).toBe(200);
    expect((await admin.delete(`/api/users/${victim.user.user_id}`)).status).toBe(404);
    expect((await admin.delete(`/api/users/${randomUUID()}`)).status).toBe(404);
  });
});
