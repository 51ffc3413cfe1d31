// The helpers the lesson-lifecycle files act on their school with: its rows, the clock, and a
// lesson running with its host in it.
import { expect } from 'vitest';
import { createLesson } from '../../helpers/school.ts';
import { admin, classId, clock, MINUTE, server, teacher, zoom } from './lesson-school.ts';

export const db = () => server.server.ctx.database.db;
export const log = () => server.server.app.log;
export const lessonRow = (scheduleId: string) =>
  db()
    .selectFrom('schedules')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirstOrThrow();
export const accountRow = (accountId: string) =>
  db()
    .selectFrom('zoom_accounts')
    .selectAll()
    .where('zoom_account_id', '=', accountId)
    .executeTakeFirstOrThrow();
export const endCalls = (meetingId: string) =>
  zoom.calls.filter((c) => c.method === 'PUT' && c.path === `/meetings/${meetingId}/status`).length;

/** Moves the clock to an instant (the clock only moves forward in a file). */
export function setClock(iso: string) {
  const target = Date.parse(iso);
  expect(target).toBeGreaterThanOrEqual(clock.now().getTime());
  clock.advance(target - clock.now().getTime());
}

/** A lesson at `startIso`, started by the teacher ten minutes before, with the host in it. */
export async function runningLesson(startIso: string, minutes = 60) {
  const lesson = await createLesson(admin, classId, startIso, minutes);
  setClock(new Date(Date.parse(startIso) - 10 * MINUTE).toISOString());
  const started = await teacher.client.post(`/api/schedules/${lesson.schedule_id}/start`);
  expect(started.status, started.text).toBe(200);
  zoom.hostJoins(started.body.launch.meetingNumber);
  return {
    scheduleId: lesson.schedule_id,
    meetingId: started.body.launch.meetingNumber as string,
    accountId: started.body.launch.zoomAccountId as string,
  };
}
