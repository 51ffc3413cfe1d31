// Marks made at the same moment (docs/decisions/021): two staff marking one student end in one
// mark, never two rows nor an error; "all present" racing a single mark never overwrites it; two
// "all present" at once mark each student once.
import { expect, test } from 'vitest';
import type { Account } from '../../helpers/factories.ts';
import {
  allPresent,
  an,
  at,
  binh,
  chi,
  dung,
  mark,
  marksOf,
  otherStaff,
  roomLesson,
  server,
  staff,
  teacher,
} from './school.ts';

const ROUNDS = 6;

async function marksOfBinh() {
  return server.server.ctx.database.db
    .selectFrom('attendance_marks as m')
    .innerJoin('users as u', 'u.user_id', 'm.marked_by')
    .select(['m.status', 'u.full_name'])
    .where('m.schedule_id', '=', roomLesson)
    .where('m.student_id', '=', binh.user.user_id)
    .execute();
}

async function unmarkAll() {
  for (const student of [an, binh, chi, dung] as Account[]) {
    expect((await mark(teacher.client, roomLesson, student, null)).status).toBe(200);
  }
}

test('two staff marking the same student at once end in one mark', async () => {
  at('2030-04-01T02:00:00Z');
  for (let round = 0; round < ROUNDS; round++) {
    const replies = await Promise.all([
      mark(staff.client, roomLesson, binh, 'late'),
      mark(otherStaff.client, roomLesson, binh, 'absent'),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const rows = await marksOfBinh();
    expect(rows).toHaveLength(1);
    // One of the two, whole: the status with the name of whoever set it.
    expect([
      [{ status: 'late', full_name: 'Chị Hà' }],
      [{ status: 'absent', full_name: 'Anh Tú' }],
    ]).toContainEqual(rows);
  }
});

test('all present racing a single mark never overwrites the mark', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    await unmarkAll();
    const [all, single] = await Promise.all([
      allPresent(teacher.client, roomLesson),
      mark(staff.client, roomLesson, binh, 'late'),
    ]);
    expect([all.status, single.status]).toEqual([200, 200]);
    expect((await marksOf(roomLesson)).map((row: unknown[]) => row.slice(0, 3))).toEqual([
      ['An', 'present', true],
      ['Bình', 'late', true],
      ['Chi', 'present', true],
      ['Dũng', 'present', true],
    ]);
  }
});

test('two all present at once mark each student once', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    await unmarkAll();
    const replies = await Promise.all([
      allPresent(teacher.client, roomLesson),
      allPresent(staff.client, roomLesson),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const counts = replies.map((r) => Number(r.body.params?.count ?? 0));
    expect(counts[0]! + counts[1]!).toBe(4);
    expect((await marksOf(roomLesson)).map((row: unknown[]) => row[1])).toEqual([
      'present',
      'present',
      'present',
      'present',
    ]);
  }
});
