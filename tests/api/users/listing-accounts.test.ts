// Accounts listed and viewed: by role, 10 per page, active only; a detail by who may see it.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { startTestServer } from '../../helpers/test-server.ts';
import { admin, staff, student, teacher } from './cast.ts';

describe('listing and viewing accounts', () => {
  test('admin lists students newest first, 10 per page, active only', async () => {
    const local = await startTestServer();
    try {
      const localAdmin = await local.admin();
      const created: string[] = [];
      for (let i = 0; i < 12; i++) {
        const response = await localAdmin.post('/api/users', {
          email: `student${i}@example.com`,
          full_name: `Student ${i}`,
          role: 'student',
        });
        created.push(response.body.user.user_id);
      }
      await localAdmin.delete(`/api/users/${created[0]}`);

      const page1 = await localAdmin.get('/api/users?role=student');
      expect(page1.status).toBe(200);
      expect(page1.body.total).toBe(11);
      expect(page1.body.pageSize).toBe(10);
      expect(page1.body.items).toHaveLength(10);
      expect(page1.body.items[0].email).toBe('student11@example.com');
      const page2 = await localAdmin.get('/api/users?role=student&page=2');
      expect(page2.body.items.map((u: { email: string }) => u.email)).toEqual([
        'student1@example.com',
      ]);
    } finally {
      await local.close();
    }
  });

  test('staff lists teachers and students but not staff; teachers and students list nothing', async () => {
    expect((await staff.client.get('/api/users?role=teacher')).status).toBe(200);
    expect((await staff.client.get('/api/users?role=student')).status).toBe(200);
    expect((await staff.client.get('/api/users?role=staff')).status).toBe(403);
    expect((await admin.get('/api/users?role=staff')).status).toBe(200);
    for (const who of [teacher, student]) {
      const response = await who.client.get('/api/users?role=student');
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('FORBIDDEN');
    }
  });

  test('bad list parameters are refused with 400', async () => {
    expect((await admin.get('/api/users')).status).toBe(400);
    expect((await admin.get('/api/users?role=student&page=0')).status).toBe(400);
    expect((await admin.get('/api/users?role=student&page=abc')).status).toBe(400);
    expect((await admin.get("/api/users?role=student' or 1=1--")).status).toBe(400);
  });

  test('account detail: own always, others by role', async () => {
    expect((await student.client.get(`/api/users/${student.user.user_id}`)).status).toBe(200);
    expect((await student.client.get(`/api/users/${teacher.user.user_id}`)).status).toBe(403);
    expect((await staff.client.get(`/api/users/${student.user.user_id}`)).body.user.email).toBe(
      student.email,
    );
    expect((await staff.client.get(`/api/users/${staff.user.user_id}`)).status).toBe(200);
    expect((await admin.get(`/api/users/${randomUUID()}`)).status).toBe(404);
    expect((await admin.get('/api/users/not-a-uuid')).status).toBe(400);
  });
});
