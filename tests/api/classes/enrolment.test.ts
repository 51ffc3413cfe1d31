// Students enrolled in and removed from classes, a class's roster, and a teacher's students.
import { describe, expect, test } from 'vitest';
import { createAccount } from '../../helpers/factories.ts';
import { createClass, enrol } from '../../helpers/school.ts';
import { admin, otherStudent, otherTeacher, server, staff, student, teacher } from './cast.ts';

describe('enrolment', () => {
  test('only active students not yet enrolled are offered and accepted; twice is refused', async () => {
    const klass = await createClass(admin, teacher.user.user_id, { class_name: 'Enrol' });
    const options = await staff.client.get(`/api/classes/${klass.class_id}/student-options`);
    const offered = options.body.items.map((s: { user_id: string }) => s.user_id);
    expect(offered).toContain(student.user.user_id);
    expect(offered).not.toContain(teacher.user.user_id);

    await enrol(staff.client, klass.class_id, [student.user.user_id]);
    const again = await staff.client.post(`/api/classes/${klass.class_id}/students`, {
      student_ids: [student.user.user_id],
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ENROL_ALREADY');
    const notStudent = await staff.client.post(`/api/classes/${klass.class_id}/students`, {
      student_ids: [teacher.user.user_id],
    });
    expect(notStudent.status).toBe(400);
    expect(
      (await staff.client.post(`/api/classes/${klass.class_id}/students`, { student_ids: [] }))
        .body,
    ).toMatchObject({ code: 'VALIDATION', reason: 'ENROL_EMPTY' });

    const after = await staff.client.get(
      `/api/classes/${klass.class_id}/student-options?q=${encodeURIComponent('Bì')}`,
    );
    expect(after.body.items.map((s: { user_id: string }) => s.user_id)).toEqual([
      otherStudent.user.user_id,
    ]);
    const rows = await server.server.ctx.database.db
      .selectFrom('class_students')
      .selectAll()
      .where('class_id', '=', klass.class_id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  test("a class's students: admin, staff and its teacher see them; students and other teachers do not", async () => {
    const klass = await createClass(admin, teacher.user.user_id, { class_name: 'Roster' });
    await enrol(admin, klass.class_id, [student.user.user_id, otherStudent.user.user_id]);
    const list = await teacher.client.get(`/api/classes/${klass.class_id}/students`);
    expect(list.body.items.map((s: { full_name: string }) => s.full_name)).toEqual(['An', 'Bình']);
    expect((await staff.client.get(`/api/classes/${klass.class_id}/students`)).status).toBe(200);
    expect((await student.client.get(`/api/classes/${klass.class_id}/students`)).status).toBe(403);
    expect((await otherTeacher.client.get(`/api/classes/${klass.class_id}/students`)).status).toBe(
      403,
    );
  });

  test('admin and staff remove a student; teachers and students cannot enrol or remove', async () => {
    const klass = await createClass(admin, teacher.user.user_id, { class_name: 'Remove' });
    await enrol(admin, klass.class_id, [student.user.user_id]);
    const url = `/api/classes/${klass.class_id}/students/${student.user.user_id}`;
    expect((await teacher.client.delete(url)).status).toBe(403);
    expect(
      (
        await teacher.client.post(`/api/classes/${klass.class_id}/students`, {
          student_ids: [otherStudent.user.user_id],
        })
      ).status,
    ).toBe(403);
    expect((await staff.client.delete(url)).status).toBe(200);
    expect((await staff.client.delete(url)).status).toBe(404);
  });
});

describe("a teacher's students", () => {
  test('the students of their own classes, each with those classes, by name; nobody else', async () => {
    const me = await createAccount(server, admin, 'teacher');
    const other = await createAccount(server, admin, 'teacher');
    const [an, binh, outsider] = await Promise.all(
      ['An', 'Bình', 'Ngoài'].map((name) =>
        createAccount(server, admin, 'student', {
          full_name: `Trò ${name} ${me.user.user_id.slice(0, 4)}`,
        }),
      ),
    );
    const mine1 = await createClass(admin, me.user.user_id, { class_name: 'Mine A' });
    const mine2 = await createClass(admin, me.user.user_id, { class_name: 'Mine B' });
    const theirs = await createClass(admin, other.user.user_id, { class_name: 'Theirs' });
    await enrol(admin, mine1.class_id, [an!.user.user_id, binh!.user.user_id]);
    await enrol(admin, mine2.class_id, [an!.user.user_id]);
    await enrol(admin, theirs.class_id, [outsider!.user.user_id, binh!.user.user_id]);

    const reply = await me.client.get('/api/class-students');
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.total).toBe(2);
    expect(
      reply.body.items.map((s: { full_name: string; classes: { class_name: string }[] }) => [
        s.full_name,
        s.classes.map((c) => c.class_name),
      ]),
    ).toEqual([
      [an!.user.full_name, ['Mine A', 'Mine B']],
      [binh!.user.full_name, ['Mine A']],
    ]);
    expect(reply.body.items[0]).toMatchObject({ email: an!.email });
    const student = await createAccount(server, admin, 'student');
    expect((await student.client.get('/api/class-students')).status).toBe(403);
  });
});
