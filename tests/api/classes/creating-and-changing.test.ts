// Classes created, updated and deleted: by admin and staff only, for an active teacher, with dates
// that hold their lessons.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { snapshot } from '../../helpers/factories.ts';
import { refusal } from '../../helpers/replies.ts';
import { createClass, createLesson, enrol } from '../../helpers/school.ts';
import { admin, otherTeacher, server, staff, student, teacher } from './cast.ts';

describe('creating classes', () => {
  test('staff creates a class for an active teacher', async () => {
    const response = await staff.client.post('/api/classes', {
      class_name: 'TOEIC 600',
      teacher_id: teacher.user.user_id,
      start_date: '2030-03-01',
      end_date: '2030-05-31',
      description: 'Buổi tối',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      class_name: 'TOEIC 600',
      teacher: { full_name: 'Thầy Nam' },
      student_count: 0,
      schedule_count: 0,
      held_lesson_count: 0,
      is_active: true,
      created_by: staff.user.user_id,
    });
  });

  test.each([
    [{ class_name: '' }, { code: 'CLASS_NAME_REQUIRED' }],
    [{ teacher_id: '' }, { code: 'CLASS_TEACHER_REQUIRED' }],
    [{ start_date: '' }, { code: 'CLASS_DATES_REQUIRED' }],
    [{ end_date: undefined }, { code: 'CLASS_DATES_REQUIRED' }],
    [{ start_date: '2030-02-30' }, { code: 'CLASS_DATES_REQUIRED' }],
    [{ start_date: '2030-06-01', end_date: '2030-05-01' }, { code: 'CLASS_DATES_ORDER' }],
  ])('%j is refused with %j and nothing is written', async (change, message) => {
    const before = await snapshot(server, ['classes']);
    const response = await staff.client.post('/api/classes', {
      class_name: 'X',
      teacher_id: teacher.user.user_id,
      start_date: '2030-03-01',
      end_date: '2030-05-31',
      ...change,
    });
    expect(response.status).toBe(400);
    expect(refusal(response.body)).toEqual(message);
    expect(await snapshot(server, ['classes'])).toEqual(before);
  });

  test('the teacher must be an active teacher', async () => {
    for (const teacherId of [student.user.user_id, randomUUID()]) {
      const response = await admin.post('/api/classes', {
        class_name: 'X',
        teacher_id: teacherId,
        start_date: '2030-03-01',
        end_date: '2030-05-31',
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('CLASS_TEACHER_REQUIRED');
    }
  });

  test('teachers offered are the active teachers, by name (admin and staff only)', async () => {
    const response = await staff.client.get('/api/classes/teacher-options');
    const names = response.body.items.map((t: { full_name: string }) => t.full_name);
    expect(names).toContain('Thầy Nam');
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect((await teacher.client.get('/api/classes/teacher-options')).status).toBe(403);
    expect((await student.client.get('/api/classes/teacher-options')).status).toBe(403);
  });

  test('teachers and students cannot create classes', async () => {
    const body = {
      class_name: 'X',
      teacher_id: teacher.user.user_id,
      start_date: '2030-03-01',
      end_date: '2030-03-02',
    };
    expect((await teacher.client.post('/api/classes', body)).status).toBe(403);
    expect((await student.client.post('/api/classes', body)).status).toBe(403);
  });
});

describe('updating and deleting classes', () => {
  test('staff updates a class; teachers and students cannot', async () => {
    const klass = await createClass(admin, teacher.user.user_id, { class_name: 'Before' });
    const body = {
      class_name: 'After',
      teacher_id: otherTeacher.user.user_id,
      start_date: '2030-03-01',
      end_date: '2030-07-31',
      description: null,
    };
    expect((await teacher.client.put(`/api/classes/${klass.class_id}`, body)).status).toBe(403);
    const updated = await staff.client.put(`/api/classes/${klass.class_id}`, body);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ class_name: 'After', teacher: { full_name: 'Cô Mai' } });
  });

  test("a class's dates cannot shrink past its lessons", async () => {
    const klass = await createClass(admin, teacher.user.user_id);
    await createLesson(admin, klass.class_id, '2030-06-20T02:00:00.000Z');
    const response = await admin.put(`/api/classes/${klass.class_id}`, {
      class_name: 'Shorter',
      teacher_id: teacher.user.user_id,
      start_date: '2030-03-01',
      end_date: '2030-06-01',
    });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('CLASS_LESSONS_OUTSIDE_DATES');

    // Once that lesson is cancelled it holds no day of the class: the dates may shrink.
    const lessons = await admin.get(`/api/classes/${klass.class_id}/schedules`);
    const [lesson] = lessons.body.items ?? lessons.body;
    const cancelled = await admin.post(`/api/schedules/${lesson.schedule_id}/cancel`, {
      reason: 'Giáo viên nghỉ',
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const shorter = await admin.put(`/api/classes/${klass.class_id}`, {
      class_name: 'Shorter',
      teacher_id: teacher.user.user_id,
      start_date: '2030-03-01',
      end_date: '2030-06-01',
    });
    expect(shorter.status, shorter.text).toBe(200);
  });

  test('deleting is a soft delete by admin or staff; the class disappears for everyone', async () => {
    const klass = await createClass(admin, teacher.user.user_id, { class_name: 'Gone' });
    await enrol(admin, klass.class_id, [student.user.user_id]);
    expect((await teacher.client.delete(`/api/classes/${klass.class_id}`)).status).toBe(403);
    expect((await staff.client.delete(`/api/classes/${klass.class_id}`)).status).toBe(200);
    expect((await student.client.get(`/api/classes/${klass.class_id}`)).status).toBe(404);
    const row = await server.server.ctx.database.db
      .selectFrom('classes')
      .select('is_active')
      .where('class_id', '=', klass.class_id)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.is_active)).toBe(false);
  });
});
