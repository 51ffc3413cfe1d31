// Parents' accounts and links (issue 29 point 1, docs/decisions/036-parents.md): admin and staff
// add a parent to a student (a new account with its first password, or an existing parent for a
// sibling), list and unlink them; a student has at most two parents, even when links race; only a
// student is a child and only a parent a parent; nobody else may touch links.
import { describe, expect, test } from 'vitest';
import { createAccount, snapshot, uniqueEmail } from '../../helpers/factories.ts';
import { admin, server, staff, student, teacher } from '../users/cast.ts';

const newParent = (name = 'Nguyễn Thị Mai') => ({
  full_name: name,
  email: uniqueEmail('parent'),
  phone: '0912 345 678',
});
const aStudent = async () => (await createAccount(server, admin, 'student')).user.user_id as string;
const TABLES = ['users', 'auth_credentials', 'student_parents'];

describe('adding a parent to a student', () => {
  test('staff creates a parent linked to the student; the parent signs in with the first password', async () => {
    const studentId = await aStudent();
    const body = newParent();
    const made = await staff.client.post(`/api/students/${studentId}/parents`, body);
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({
      code: 'PARENT_CREATED',
      reactivated: false,
      parent: { full_name: 'Nguyễn Thị Mai', email: body.email, phone: '+84912345678' },
    });
    expect(made.body.password).toMatch(/^\d{6}$/);
    expect(made.body.params).toEqual({ password: made.body.password });

    const listed = await staff.client.get(`/api/students/${studentId}/parents`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((p: { email: string }) => p.email)).toEqual([body.email]);

    const parent = server.client();
    const signedIn = await parent.post('/api/auth/login', {
      email: body.email,
      password: made.body.password,
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    const session = await parent.get('/api/auth/session');
    expect(session.body.user.role).toBe('parent');
  });

  test('the phone is optional; a bad phone, a bad e-mail and a missing name are 400s', async () => {
    const studentId = await aStudent();
    const { phone: _phone, ...withoutPhone } = newParent();
    const made = await admin.post(`/api/students/${studentId}/parents`, withoutPhone);
    expect(made.status, made.text).toBe(201);
    expect(made.body.parent.phone).toBeNull();
    const before = await snapshot(server, TABLES);
    for (const [bad, code] of [
      [{ ...newParent(), phone: '12' }, 'PHONE_INVALID'],
      [{ ...newParent(), email: 'not-an-email' }, 'USER_EMAIL_INVALID'],
      [{ ...newParent(), full_name: '  ' }, 'USER_FIELDS_REQUIRED'],
    ] as const) {
      const refused = await admin.post(`/api/students/${studentId}/parents`, bad);
      expect(refused.status, refused.text).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(code);
    }
    expect(await snapshot(server, TABLES)).toEqual(before);
  });

  test("an e-mail of an active account is refused: a parent's says to pick them instead", async () => {
    const studentId = await aStudent();
    const sibling = await aStudent();
    const body = newParent();
    expect((await admin.post(`/api/students/${sibling}/parents`, body)).status).toBe(201);
    const again = await admin.post(`/api/students/${studentId}/parents`, body);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'PARENT_EMAIL_OF_PARENT', field: 'email' });
    const teacherEmail = await admin.post(`/api/students/${studentId}/parents`, {
      ...newParent(),
      email: teacher.email,
    });
    expect(teacherEmail.status).toBe(409);
    expect(teacherEmail.body.code).toBe('USER_EMAIL_EXISTS');
  });

  test('a parent is added only to a student', async () => {
    const before = await snapshot(server, TABLES);
    const toTeacher = await admin.post(
      `/api/students/${teacher.user.user_id}/parents`,
      newParent(),
    );
    expect(toTeacher.status).toBe(400);
    expect(toTeacher.body.code).toBe('PARENT_CHILD_NOT_STUDENT');
    const unknown = await admin.post(
      '/api/students/00000000-0000-4000-8000-000000000000/parents',
      newParent(),
    );
    expect(unknown.status).toBe(404);
    expect(await snapshot(server, TABLES)).toEqual(before);
  });
});

describe('siblings, the limit of two, unlinking', () => {
  test('one parent linked to two children; linking twice is harmless', async () => {
    const first = await aStudent();
    const second = await aStudent();
    const made = await staff.client.post(`/api/students/${first}/parents`, newParent());
    const parentId = made.body.parent.user_id;
    const linked = await staff.client.put(`/api/students/${second}/parents/${parentId}`, {});
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body).toEqual({ linked: true, code: 'PARENT_LINKED' });
    const again = await staff.client.put(`/api/students/${second}/parents/${parentId}`, {});
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ linked: false, code: 'PARENT_ALREADY_LINKED' });
    const rows = await server.server.ctx.database.db
      .selectFrom('student_parents')
      .select('student_id')
      .where('parent_id', '=', parentId)
      .execute();
    expect(rows.map((r) => r.student_id).sort()).toEqual([first, second].sort());

    const list = await staff.client.get(
      `/api/parents?q=${encodeURIComponent(made.body.parent.email)}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0].children.map((c: { user_id: string }) => c.user_id).sort()).toEqual(
      [first, second].sort(),
    );
  });

  test('a third parent is refused with a clear message, by creation or by link', async () => {
    const studentId = await aStudent();
    for (const name of ['Mẹ', 'Bố']) {
      expect((await admin.post(`/api/students/${studentId}/parents`, newParent(name))).status).toBe(
        201,
      );
    }
    const spare = await admin.post(`/api/students/${await aStudent()}/parents`, newParent());
    const before = await snapshot(server, TABLES);
    const third = await admin.post(`/api/students/${studentId}/parents`, newParent('Bà'));
    expect(third.status).toBe(409);
    expect(third.body.code).toBe('PARENT_LIMIT');
    const linked = await admin.put(
      `/api/students/${studentId}/parents/${spare.body.parent.user_id}`,
      {},
    );
    expect(linked.status).toBe(409);
    expect(linked.body.code).toBe('PARENT_LIMIT');
    expect(await snapshot(server, TABLES)).toEqual(before);
  });

  test('three links at once make two, never three', async () => {
    const studentId = await aStudent();
    const parents = [];
    for (const name of ['A', 'B', 'C', 'D']) {
      const made = await admin.post(`/api/students/${await aStudent()}/parents`, newParent(name));
      parents.push(made.body.parent.user_id as string);
    }
    const replies = await Promise.all(
      parents.map((parentId, i) =>
        (i % 2 ? admin : staff.client).put(`/api/students/${studentId}/parents/${parentId}`, {}),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
    const racedCreates = await Promise.all(
      ['E', 'F', 'G'].map(async (name) => {
        const other = await aStudent();
        return admin.post(`/api/students/${other}/parents`, newParent(name));
      }),
    );
    expect(racedCreates.every((r) => r.status === 201)).toBe(true);
    const listed = await admin.get(`/api/students/${studentId}/parents`);
    expect(listed.body.items).toHaveLength(2);

    const fresh = await aStudent();
    const creations = await Promise.all(
      ['H', 'I', 'J'].map((name) => admin.post(`/api/students/${fresh}/parents`, newParent(name))),
    );
    expect(creations.map((r) => r.status).sort()).toEqual([201, 201, 409]);
    expect((await admin.get(`/api/students/${fresh}/parents`)).body.items).toHaveLength(2);
  });

  test('only a parent may be linked as one', async () => {
    const studentId = await aStudent();
    const before = await snapshot(server, TABLES);
    for (const other of [teacher, student]) {
      const refused = await admin.put(
        `/api/students/${studentId}/parents/${other.user.user_id}`,
        {},
      );
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('PARENT_NOT_PARENT');
    }
    const parent = await createAccount(server, admin, 'parent');
    const toTeacher = await admin.put(
      `/api/students/${teacher.user.user_id}/parents/${parent.user.user_id}`,
      {},
    );
    expect(toTeacher.status).toBe(400);
    expect(toTeacher.body.code).toBe('PARENT_CHILD_NOT_STUDENT');
    const missing = await admin.put(
      `/api/students/${studentId}/parents/00000000-0000-4000-8000-000000000000`,
      {},
    );
    expect(missing.status).toBe(404);
    expect((await snapshot(server, TABLES)).student_parents).toEqual(before.student_parents);
  });

  test("unlinking keeps the parent's account; a second unlink is a 404", async () => {
    const studentId = await aStudent();
    const made = await staff.client.post(`/api/students/${studentId}/parents`, newParent());
    const parentId = made.body.parent.user_id;
    const removed = await staff.client.delete(`/api/students/${studentId}/parents/${parentId}`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.code).toBe('PARENT_UNLINKED');
    expect((await staff.client.get(`/api/students/${studentId}/parents`)).body.items).toEqual([]);
    expect((await admin.get(`/api/users/${parentId}`)).body.user.is_active).toBe(true);
    const again = await staff.client.delete(`/api/students/${studentId}/parents/${parentId}`);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('PARENT_NOT_LINKED');
  });

  test("a deleted parent no longer counts towards the two, nor shows in the student's list", async () => {
    const studentId = await aStudent();
    const first = await admin.post(`/api/students/${studentId}/parents`, newParent('X'));
    await admin.post(`/api/students/${studentId}/parents`, newParent('Y'));
    expect((await admin.delete(`/api/users/${first.body.parent.user_id}`)).status).toBe(200);
    expect((await admin.get(`/api/students/${studentId}/parents`)).body.items).toHaveLength(1);
    const third = await admin.post(`/api/students/${studentId}/parents`, newParent('Z'));
    expect(third.status, third.text).toBe(201);
  });
});

describe('who may manage parents', () => {
  test('teachers, students and parents are refused every route, and nothing changes', async () => {
    const studentId = await aStudent();
    const made = await admin.post(`/api/students/${studentId}/parents`, newParent());
    const parentId = made.body.parent.user_id;
    const parent = server.client();
    await parent.login(made.body.parent.email, made.body.password);
    const before = await snapshot(server, TABLES);
    for (const client of [teacher.client, student.client]) {
      const calls = [
        client.get('/api/parents'),
        client.get(`/api/students/${studentId}/parents`),
        client.post(`/api/students/${studentId}/parents`, newParent()),
        client.put(`/api/students/${studentId}/parents/${parentId}`, {}),
        client.delete(`/api/students/${studentId}/parents/${parentId}`),
      ];
      for (const reply of await Promise.all(calls)) {
        expect(reply.status, reply.text).toBe(403);
        expect(reply.body.code).toBe('FORBIDDEN');
      }
    }
    // A parent who must still change their first password is refused earlier, and so refused too.
    for (const reply of await Promise.all([
      parent.get(`/api/students/${studentId}/parents`),
      parent.delete(`/api/students/${studentId}/parents/${parentId}`),
    ])) {
      expect(reply.status).toBe(403);
    }
    expect(await snapshot(server, TABLES)).toEqual(before);
    const anonymous = await server.client().get(`/api/students/${studentId}/parents`);
    expect(anonymous.status).toBe(401);
  });
});

describe('deleting a student or a parent', () => {
  test('removes their links; the other side keeps their account', async () => {
    const child = await aStudent();
    const sibling = await aStudent();
    const made = await admin.post(`/api/students/${child}/parents`, newParent());
    const parentId = made.body.parent.user_id;
    await admin.put(`/api/students/${sibling}/parents/${parentId}`, {});
    expect((await admin.delete(`/api/users/${child}`)).status).toBe(200);
    const links = () =>
      server.server.ctx.database.db
        .selectFrom('student_parents')
        .select('student_id')
        .where('parent_id', '=', parentId)
        .execute();
    expect((await links()).map((l) => l.student_id)).toEqual([sibling]);
    expect((await admin.delete(`/api/users/${parentId}`)).status).toBe(200);
    expect(await links()).toEqual([]);
    expect((await admin.get(`/api/students/${sibling}/parents`)).body.items).toEqual([]);
  });
});
