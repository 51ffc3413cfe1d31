// A class handed to the teacher who covers some of its lessons (issue 28 point 1,
// docs/decisions/031): those lessons become their own, not lessons they cover for themselves; and a
// hand-over checks the new teacher's time against what they teach, covered lessons included.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { type Account, createAccount } from '../../helpers/factories.ts';
import {
  createClass,
  createLesson,
  type School,
  startSchool,
  vnTime,
} from '../../helpers/school.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: School;
let cover: Account;
let third: Account;

beforeAll(async () => {
  school = await startSchool({ clock });
  cover = await createAccount(school.server, school.admin, 'teacher', {
    full_name: 'Thầy Dạy Thay',
  });
  third = await createAccount(school.server, school.admin, 'teacher');
});
afterAll(() => school.server.close());

const give = async (scheduleId: string, teacherId: string) => {
  const given = await school.staff.client.put(`/api/schedules/${scheduleId}/substitute`, {
    teacher_id: teacherId,
  });
  expect(given.status, given.text).toBe(200);
};
const substituteOf = async (scheduleId: string) =>
  (
    await school.server.server.ctx.database.db
      .selectFrom('schedules')
      .select('substitute_teacher_id')
      .where('schedule_id', '=', scheduleId)
      .executeTakeFirstOrThrow()
  ).substitute_teacher_id;

describe('a class handed to its substitute', () => {
  test('changing the class teacher to the substitute makes their covered lessons their own', async () => {
    const klass = await createClass(school.admin, school.teacher.user.user_id, {
      class_name: 'Đổi giáo viên',
    });
    const lesson = await createLesson(school.admin, klass.class_id, vnTime('2030-03-12', '08:00'));
    await give(lesson.schedule_id, cover.user.user_id);
    const changed = await school.staff.client.put(`/api/classes/${klass.class_id}`, {
      class_name: 'Đổi giáo viên',
      teacher_id: cover.user.user_id,
      start_date: '2030-03-01',
      end_date: '2030-06-30',
      description: null,
    });
    expect(changed.status, changed.text).toBe(200);
    expect(await substituteOf(lesson.schedule_id)).toBeNull();
  });

  test('handing over every class of a teacher to their substitute does the same', async () => {
    const from = await createAccount(school.server, school.admin, 'teacher');
    const klass = await createClass(school.admin, from.user.user_id, { class_name: 'Bàn giao' });
    const lesson = await createLesson(school.admin, klass.class_id, vnTime('2030-03-13', '08:00'));
    await give(lesson.schedule_id, cover.user.user_id);
    const handed = await school.staff.client.post(
      `/api/users/${from.user.user_id}/hand-over-classes`,
      { teacher_id: cover.user.user_id },
    );
    expect(handed.status, handed.text).toBe(200);
    expect(await substituteOf(lesson.schedule_id)).toBeNull();
  });

  test('a hand-over is refused when a moved lesson meets one the new teacher covers; a moved lesson someone else covers does not clash', async () => {
    const from = await createAccount(school.server, school.admin, 'teacher');
    const moved = await createClass(school.admin, from.user.user_id, { class_name: 'Lớp chuyển' });
    const elsewhere = await createClass(school.admin, third.user.user_id, {
      class_name: 'Lớp khác',
    });
    // The new teacher covers two lessons of another class, at 10:00 on the 14th and the 15th.
    for (const day of ['2030-03-14', '2030-03-15']) {
      const covered = await createLesson(school.admin, elsewhere.class_id, vnTime(day, '10:00'));
      await give(covered.schedule_id, cover.user.user_id);
    }
    // The moved class's lesson at 10:00 on the 15th is covered by another teacher: no clash.
    const coveredByOther = await createLesson(
      school.admin,
      moved.class_id,
      vnTime('2030-03-15', '10:00'),
    );
    await give(coveredByOther.schedule_id, school.teacher.user.user_id);
    const handOver = () =>
      school.staff.client.post(`/api/users/${from.user.user_id}/hand-over-classes`, {
        teacher_id: cover.user.user_id,
      });
    // Its uncovered lesson at 10:30 on the 14th meets the covered one there.
    const clashing = await createLesson(
      school.admin,
      moved.class_id,
      vnTime('2030-03-14', '10:30'),
    );
    const refused = await handOver();
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe('HANDOVER_CLASHES');
    expect(refused.body.params.count).toBe('1');
    await school.admin.delete(`/api/schedules/${clashing.schedule_id}`);
    const handed = await handOver();
    expect(handed.status, handed.text).toBe(200);
    expect(await substituteOf(coveredByOther.schedule_id)).toBe(school.teacher.user.user_id);
  });
});

describe('a substitute who leaves', () => {
  test('deleting the substitute, or making them staff, gives their lessons to come back to the class teacher; a held one keeps them', async () => {
    const klass = await createClass(school.admin, school.teacher.user.user_id, {
      class_name: 'Người dạy thay nghỉ',
    });
    for (const [index, leave] of [
      (id: string) => school.admin.delete(`/api/users/${id}`),
      (id: string) => school.admin.patch(`/api/users/${id}`, { role: 'staff' }),
    ].entries()) {
      const leaver = await createAccount(school.server, school.admin, 'teacher');
      const day = `2030-03-2${index}`;
      const held = await createLesson(school.admin, klass.class_id, vnTime(day, '08:00'));
      const toCome = await createLesson(school.admin, klass.class_id, vnTime(day, '18:00'));
      await give(held.schedule_id, leaver.user.user_id);
      await give(toCome.schedule_id, leaver.user.user_id);
      // The first was held: it is completed before the substitute leaves.
      await school.server.server.ctx.database.db
        .updateTable('schedules')
        .set({ status: 'completed' })
        .where('schedule_id', '=', held.schedule_id)
        .execute();
      const left = await leave(leaver.user.user_id);
      expect(left.status, left.text).toBe(200);
      expect(await substituteOf(toCome.schedule_id)).toBeNull();
      expect(await substituteOf(held.schedule_id)).toBe(leaver.user.user_id);
    }
  });
});
