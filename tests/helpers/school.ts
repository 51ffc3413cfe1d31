// Classes and lessons through the API, for tests.
import { expect } from 'vitest';
import type { TestClient } from './test-server.ts';

export async function createClass(
  manager: TestClient,
  teacherId: string,
  overrides: Partial<{
    class_name: string;
    start_date: string;
    end_date: string;
    description: string;
  }> = {},
) {
  const response = await manager.post('/api/classes', {
    class_name: 'IELTS Foundation',
    teacher_id: teacherId,
    start_date: '2030-03-01',
    end_date: '2030-06-30',
    description: 'Lớp nền tảng',
    ...overrides,
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { class_id: string; class_name: string };
}

export async function createLesson(
  manager: TestClient,
  classId: string,
  startIso: string,
  minutes = 60,
  topic = 'Speaking practice',
) {
  const response = await manager.post(`/api/classes/${classId}/schedules`, {
    topic,
    description: null,
    start_time: startIso,
    end_time: new Date(Date.parse(startIso) + minutes * 60_000).toISOString(),
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { schedule_id: string; status: string };
}

export async function enrol(manager: TestClient, classId: string, studentIds: string[]) {
  const response = await manager.post(`/api/classes/${classId}/students`, {
    student_ids: studentIds,
  });
  expect(response.status, response.text).toBe(200);
}
