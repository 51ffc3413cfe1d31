// What the venue tests share: rooms made through the API, classes held in a room or on a link, and
// lessons placed where they ask. Everything goes through HTTP, as the center's staff would do it.
import { expect } from 'vitest';
import { type ClassFields, classFields } from '../../helpers/school.ts';
import type { TestClient, TestResponse } from '../../helpers/test-server.ts';

export const MEET = 'https://meet.google.com/abc-defg-hij';

export async function createRoom(manager: TestClient, name: string, capacity?: number) {
  const response = await manager.post('/api/rooms', { name, ...(capacity ? { capacity } : {}) });
  expect(response.status, response.text).toBe(201);
  return response.body as { room_id: string; name: string };
}

export interface VenueFields {
  default_venue?: 'zoom' | 'room' | 'link';
  default_room_id?: string | null;
  meeting_link?: string | null;
}

export async function createVenueClass(
  manager: TestClient,
  teacherId: string,
  venue: VenueFields,
  overrides: Partial<ClassFields> = {},
) {
  const response = await manager.post('/api/classes', {
    ...classFields(overrides),
    teacher_id: teacherId,
    ...venue,
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { class_id: string; class_name: string };
}

/** A lesson of `minutes` from `start`, held where `venue` says (the class's default if nothing). */
export const lessonBody = (
  start: string,
  venue: { venue?: 'zoom' | 'room' | 'link'; room_id?: string } = {},
  minutes = 60,
) => ({
  topic: 'Speaking',
  description: null,
  start_time: start,
  end_time: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
  ...venue,
});

export function addLesson(
  manager: TestClient,
  classId: string,
  start: string,
  venue: Parameters<typeof lessonBody>[1] = {},
  minutes = 60,
): Promise<TestResponse> {
  return manager.post(`/api/classes/${classId}/schedules`, lessonBody(start, venue, minutes));
}
