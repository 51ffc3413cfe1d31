// Changes of one lesson racing each other end in one consistent state: a move and a start (the
// lesson is either running at its old time, or pending at its new one with no meeting and no pool
// account held, or running at the new time when the start read it after the move), a cancel and a
// start, two moves of one lesson (both applied, one after the other), two lessons of one teacher
// moved into the same free time (one gets it), and one move sent twice under one key (made once).
import { describe, expect, test } from 'vitest';
import { lessonMeetingRow } from '../../helpers/lesson-meeting.ts';
import type { TestResponse } from '../../helpers/test-server.ts';
import {
  admin,
  cancel,
  db,
  expectReply,
  lessonAt,
  lessonRow,
  move,
  otherClassId,
  staff,
  teacher,
  timesAt,
} from './change-school.ts';

const ROUNDS = 4;

const start = (scheduleId: string) => teacher.client.post(`/api/schedules/${scheduleId}/start`);
const busyAccounts = async () =>
  (await db().selectFrom('zoom_accounts').select('is_busy').execute()).filter(
    (row) => row.is_busy === true || row.is_busy === 1,
  ).length;

/** The lesson is running with a meeting and a busy account, or pending with neither. */
async function expectConsistent(scheduleId: string, busyBefore: number) {
  const row = await lessonRow(scheduleId);
  const meeting = await lessonMeetingRow(db(), scheduleId);
  if (row.status === 'active') {
    expect(meeting?.external_id).toBeTruthy();
    expect(await busyAccounts()).toBe(busyBefore + 1);
    // Ended, so the next round has its account back.
    expectReply(await teacher.client.post(`/api/schedules/${scheduleId}/end`), 200);
  } else {
    expect(meeting).toBeUndefined();
    expect(await busyAccounts()).toBe(busyBefore);
  }
  return row;
}

const refusedWith = (response: TestResponse, codes: string[]) => {
  expect(response.status, response.text).toBe(409);
  expect(codes).toContain(response.body.code);
};

describe('racing changes of one lesson', () => {
  test('a move and a start', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const day = `2030-04-0${round + 1}`;
      const id = await lessonAt(day, '09:00');
      const busy = await busyAccounts();
      const to = timesAt(day, '15:00');
      const [moved, started] = await Promise.all([move(staff.client, id, to), start(id)]);
      const row = await expectConsistent(id, busy);
      const movedTo = moved.status === 200;
      if (!movedTo) refusedWith(moved, ['LESSON_NOT_PENDING']);
      if (started.status !== 200) refusedWith(started, ['MEETING_ASSIGN_FAILED']);
      // At least one of them happened; the lesson is where the move, if it went through, put it.
      expect(movedTo || started.status === 200).toBe(true);
      expect(row.start_time).toBe(movedTo ? to.start_time : timesAt(day, '09:00').start_time);
      expect(row.status).toBe(started.status === 200 ? 'active' : 'pending');
    }
  });

  test('a cancel and a start', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await lessonAt(`2030-04-1${round + 1}`, '09:00');
      const busy = await busyAccounts();
      const [cancelled, started] = await Promise.all([cancel(staff.client, id, 'Ốm'), start(id)]);
      const row = await expectConsistent(id, busy);
      // Exactly one of them happened.
      expect([cancelled.status, started.status].filter((s) => s === 200)).toHaveLength(1);
      if (cancelled.status === 200) {
        refusedWith(started, ['MEETING_ASSIGN_FAILED', 'LESSON_ALREADY_CANCELLED']);
        expect(row.status).toBe('cancelled');
      } else {
        refusedWith(cancelled, ['LESSON_NOT_PENDING']);
        expect(row.status).toBe('active');
      }
    }
  });

  test('two moves of one lesson are both made, one after the other', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const day = `2030-04-2${round + 1}`;
      const id = await lessonAt(day, '09:00');
      const before = await lessonRow(id);
      const [first, second] = [timesAt(day, '13:00'), timesAt(day, '16:00', 45)];
      const replies = await Promise.all([move(staff.client, id, first), move(admin, id, second)]);
      for (const reply of replies) expectReply(reply, 200);
      const row = await lessonRow(id);
      expect([first.start_time, second.start_time]).toContain(row.start_time);
      const last = row.start_time === first.start_time ? first : second;
      expect(row.end_time).toBe(last.end_time);
      expect(row.sequence).toBe(before.sequence + 2);
    }
  });

  test("two of a teacher's lessons moved into the same free time: one gets it", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const day = `2030-05-0${round + 1}`;
      const ours = await lessonAt(day, '08:00');
      const theirs = await lessonAt(day, '10:00', 60, otherClassId);
      const slot = timesAt(day, '14:00');
      const replies = await Promise.all([
        move(staff.client, ours, slot),
        move(admin, theirs, timesAt(day, '14:30')),
      ]);
      const codes = replies.map((reply) => (reply.status === 200 ? 'OK' : reply.body.code));
      expect(codes.sort()).toEqual(['OK', 'SCHEDULE_OVERLAP_TEACHER']);
      const inSlot = await db()
        .selectFrom('schedules')
        .select('schedule_id')
        .where('start_time', '>=', slot.start_time)
        .where('start_time', '<', timesAt(day, '15:00').start_time)
        .execute();
      expect(inSlot).toHaveLength(1);
    }
  });

  test('one move sent twice at once under one key is made once', async () => {
    const id = await lessonAt('2030-05-10', '09:00');
    const before = await lessonRow(id);
    const to = timesAt('2030-05-11', '09:00');
    const replies = await Promise.all([
      move(staff.client, id, to, 'race-move-0001'),
      move(staff.client, id, to, 'race-move-0001'),
    ]);
    for (const reply of replies) expectReply(reply, 200);
    expect(replies[1]!.body).toEqual(replies[0]!.body);
    expect((await lessonRow(id)).sequence).toBe(before.sequence + 1);
  });
});
