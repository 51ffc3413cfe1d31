// The series body and the requests the lesson-series files make of their school.
import type { TestClient } from '../../helpers/test-server.ts';
import { admin, classId, server } from './series-school.ts';

/** Tuesdays and Thursdays at 18:00 for 90 minutes, six lessons from Tuesday 5 March. */
export const tuesdaysAndThursdays = {
  topic_pattern: 'Unit {n}',
  weekdays: [4, 2],
  start_time: '18:00',
  duration_minutes: 90,
  first_date: '2030-03-05',
  count: 6,
};
export const series = (client: TestClient, body: unknown, key?: string, klass = classId) =>
  client.request(
    'POST',
    `/api/classes/${klass}/schedule-series`,
    { json: body },
    key ? { 'idempotency-key': key } : {},
  );
export const lessonsOf = async (klass: string) =>
  (await admin.get(`/api/classes/${klass}/schedules`)).body.items as Array<{
    schedule_id: string;
    topic: string;
    start_time: string;
    end_time: string;
    status: string;
    series_id?: string;
    series_index?: number;
  }>;
export const setStatus = (scheduleId: string, status: 'active' | 'completed') =>
  server.server.ctx.database.db
    .updateTable('schedules')
    .set({ status })
    .where('schedule_id', '=', scheduleId)
    .execute();
