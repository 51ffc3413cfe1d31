// Who sees which classes: the list and the detail follow one rule; the date filter and the pages.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { createAccount } from '../../helpers/factories.ts';
import { createClass, createLesson, enrol } from '../../helpers/school.ts';
import { startTestServer, type TestClient } from '../../helpers/test-server.ts';
import { admin, clock, otherStudent, otherTeacher, staff, student, teacher } from './cast.ts';

describe('who sees which classes', () => {
  let mine: string;
  let theirs: string;
  beforeAll(async () => {
    mine = (await createClass(admin, teacher.user.user_id, { class_name: 'Mine' })).class_id;
    theirs = (await createClass(admin, otherTeacher.user.user_id, { class_name: 'Theirs' }))
      .class_id;
    await enrol(admin, mine, [student.user.user_id]);
  });

  test('admin and staff see all active classes; a teacher their own; a student enrolled ones', async () => {
    const ids = async (client: TestClient) => {
      const all: string[] = [];
      for (let page = 1; ; page++) {
        const response = await client.get(`/api/classes?page=${page}`);
        all.push(...response.body.items.map((c: { class_id: string }) => c.class_id));
        if (page * 10 >= response.body.total) return all;
      }
    };
    expect(await ids(admin)).toEqual(expect.arrayContaining([mine, theirs]));
    expect(await ids(staff.client)).toEqual(expect.arrayContaining([mine, theirs]));
    const teacherIds = await ids(teacher.client);
    expect(teacherIds).toContain(mine);
    expect(teacherIds).not.toContain(theirs);
    expect(await ids(student.client)).toEqual([mine]);
    expect(await ids(otherStudent.client)).toEqual([]);
  });

  test('a class detail follows the same rule as the list: 403 for a class not theirs, 404 for none', async () => {
    expect((await teacher.client.get(`/api/classes/${mine}`)).status).toBe(200);
    expect((await teacher.client.get(`/api/classes/${theirs}`)).status).toBe(403);
    expect((await student.client.get(`/api/classes/${mine}`)).status).toBe(200);
    expect((await otherStudent.client.get(`/api/classes/${mine}`)).status).toBe(403);
    expect((await teacher.client.get(`/api/classes/${randomUUID()}`)).status).toBe(404);
  });

  test('the list carries teacher, student count and lesson count', async () => {
    await createLesson(admin, mine, '2030-03-20T02:00:00.000Z');
    const response = await student.client.get('/api/classes');
    expect(response.body.items[0]).toMatchObject({
      class_id: mine,
      teacher: { full_name: 'Thầy Nam' },
      student_count: 1,
      schedule_count: 1,
    });
  });

  test('the date filter keeps classes whose period overlaps the range', async () => {
    const early = await createClass(admin, teacher.user.user_id, {
      class_name: 'Early',
      start_date: '2030-01-01',
      end_date: '2030-01-31',
    });
    const inRange = await admin.get('/api/classes?from=2030-01-10&to=2030-01-20');
    const names = inRange.body.items.map((c: { class_id: string }) => c.class_id);
    expect(names).toContain(early.class_id);
    expect(names).not.toContain(mine);
    const after = await admin.get('/api/classes?from=2030-02-01');
    expect(after.body.items.map((c: { class_id: string }) => c.class_id)).not.toContain(
      early.class_id,
    );
    expect((await admin.get('/api/classes?from=yesterday')).status).toBe(400);
  });

  test('pagination is 10 per page', async () => {
    const local = await startTestServer({ clock });
    try {
      const localAdmin = await local.admin();
      const t = await createAccount(local, localAdmin, 'teacher');
      for (let i = 0; i < 11; i++) {
        clock.advance(1_000);
        await createClass(localAdmin, t.user.user_id, { class_name: `C${i}` });
      }
      const page1 = await localAdmin.get('/api/classes');
      expect(page1.body.items).toHaveLength(10);
      expect(page1.body.total).toBe(11);
      expect(page1.body.items[0].class_name).toBe('C10');
      expect(
        (await localAdmin.get('/api/classes?page=2')).body.items.map(
          (c: { class_name: string }) => c.class_name,
        ),
      ).toEqual(['C0']);
    } finally {
      await local.close();
    }
  });
});
