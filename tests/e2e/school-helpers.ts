// Dates and set-up for the classes, schedules and dashboard stories. The browser and the server
// both run in the center's zone (Asia/Ho_Chi_Minh, UTC+7, no DST).
import type { TestClient } from '../helpers/test-server.ts';

export const VN_OFFSET_MS = 7 * 3_600_000;

/** YYYY-MM-DD of an instant in Ho Chi Minh City. */
export const vnDate = (instant: number) =>
  new Date(instant + VN_OFFSET_MS).toISOString().slice(0, 10);
/** The UTC instant of a local wall time in Ho Chi Minh City. */
export const vnTime = (date: string, hhmm: string) =>
  new Date(`${date}T${hhmm}:00+07:00`).toISOString();
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A class through the API; by default it runs from today (the center's date) for 30 days. */
export async function apiClass(
  manager: TestClient,
  teacherId: string,
  name: string,
  start = vnDate(Date.now()),
  end = addDays(start, 30),
) {
  const response = await manager.post('/api/classes', {
    class_name: name,
    teacher_id: teacherId,
    start_date: start,
    end_date: end,
    description: null,
  });
  if (response.status !== 201) throw new Error(response.text);
  return response.body.class_id as string;
}

export async function apiLesson(
  manager: TestClient,
  classId: string,
  topic: string,
  startIso: string,
  minutes = 60,
) {
  const response = await manager.post(`/api/classes/${classId}/schedules`, {
    topic,
    start_time: startIso,
    end_time: new Date(Date.parse(startIso) + minutes * 60_000).toISOString(),
  });
  if (response.status !== 201) throw new Error(response.text);
  return response.body.schedule_id as string;
}

export async function apiEnrol(manager: TestClient, classId: string, studentIds: string[]) {
  const response = await manager.post(`/api/classes/${classId}/students`, {
    student_ids: studentIds,
  });
  if (response.status !== 200) throw new Error(response.text);
}

/** An instant `minutes` from now, on a whole minute (inside the early-start window for 10). */
export const minutesFromNow = (minutes: number) =>
  new Date(Math.ceil((Date.now() + minutes * 60_000) / 60_000) * 60_000).toISOString();

/** A YYYY-MM-DD date as the app shows and takes it: dd/mm/yyyy. */
export const shown = (date: string) => date.split('-').reverse().join('/');
