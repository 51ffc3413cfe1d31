// A student's progress in a class (product.md, Deviations): lessons held out of lessons planned, not a
// fixed share of the lesson count. The class list and the class detail carry both counts.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { EVENT } from '#common/events.ts';
import { TestClock } from '../helpers/clock.ts';
import { createLesson, type School, startSchool } from '../helpers/school.ts';

let school: School;
beforeAll(async () => {
  school = await startSchool({ clock: new TestClock(Date.parse('2030-03-10T02:00:00Z')) });
});
afterAll(() => school.server.close());

/** As ending or starting a lesson does: write the status, then announce the change. */
async function setStatus(status: 'active' | 'completed', lessonIds: string[]) {
  const { ctx } = school.server.server;
  await ctx.database.db
    .updateTable('schedules')
    .set({ status })
    .where('schedule_id', 'in', lessonIds)
    .execute();
  await ctx.events.publish({ type: EVENT.schedules });
}

test('a student sees lessons held out of lessons planned: completed lessons out of all, no fixed share', async () => {
  const { admin, student, classId } = school;
  const ids: string[] = [];
  for (let day = 21; day <= 25; day++) {
    ids.push((await createLesson(admin, classId, `2030-03-${day}T02:00:00.000Z`)).schedule_id);
  }
  const progress = async () => {
    const response = await student.client.get('/api/classes');
    const card = response.body.items.find((c: { class_id: string }) => c.class_id === classId);
    return [card.held_lesson_count, card.schedule_count];
  };
  // Day one: nothing held yet, whatever the lesson count.
  expect(await progress()).toEqual([0, 5]);
  await setStatus('completed', [ids[0]!, ids[1]!]);
  await setStatus('active', [ids[2]!]);
  // A running lesson is not held yet.
  expect(await progress()).toEqual([2, 5]);
  const detail = await student.client.get(`/api/classes/${classId}`);
  expect(detail.body).toMatchObject({ held_lesson_count: 2, schedule_count: 5 });
});
