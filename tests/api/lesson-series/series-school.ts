// Recurring lessons: a series previewed with its clashes, created in one transaction under one
// idempotency key, and "this and following lessons" changed or deleted (pending ones only).
// The school, the series body and the helpers the lesson-series files share.

import { TestClock } from '../../helpers/clock.ts';
import type { Account } from '../../helpers/factories.ts';
import { createClass, startSchool } from '../../helpers/school.ts';
import type { TestClient, TestServer } from '../../helpers/test-server.ts';

// 09:00 in Ho Chi Minh City on Sunday 10 March 2030; the class runs 1 March – 30 June 2030.
const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
export let server: TestServer;
export let admin: TestClient;
export let staff: Account;
export let teacher: Account;
export let student: Account;
export let classId: string;
export let otherClassId: string;

/** A school whose teacher has a second class, whose lessons a series must not run into. */
export async function setUpSeriesSchool() {
  ({ server, admin, staff, teacher, student, classId } = await startSchool({
    clock,
    names: { className: 'IELTS 7.0' },
  }));
  otherClassId = (await createClass(admin, teacher.user.user_id, { class_name: 'TOEIC Sáng' }))
    .class_id;
}
export const closeSeriesSchool = () => server.close();

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
