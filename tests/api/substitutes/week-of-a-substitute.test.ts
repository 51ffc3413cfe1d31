// A teacher who also covers lessons (issue 31 point 2): their week and their Schedules list hold
// their own classes' lessons and the lessons they cover in others' classes, each once, in time
// order, and nothing else of those classes; the filters, the status tab and the counts apply to
// them as to anyone's; an admin choosing that teacher sees the same lessons. (The teacher's
// lessons are read in two parts, lesson-filters.ts: this checks the parts together.)
import { beforeAll, describe, expect, test } from 'vitest';
import type { TestClient } from '../../helpers/test-server.ts';
import {
  admin,
  classId,
  db,
  expectReply,
  give,
  lessonAt,
  otherClassId,
  staff,
  substitute,
  substituteClassId,
  teacher,
} from './substitute-school.ts';

/** The lessons by name, in the order they were made. */
const lesson: Record<string, string> = {};
const named = (items: { schedule_id: string }[]) =>
  items.map(
    (item) =>
      Object.entries(lesson).find(([, id]) => id === item.schedule_id)?.[0] ?? item.schedule_id,
  );
type Reply = {
  items: { schedule_id: string }[];
  counts: Record<string, number>;
  total?: number;
  more?: boolean;
};
const get = async (client: TestClient, url: string) => {
  const response = await client.get(url);
  expect(response.status, response.text).toBe(200);
  return response.body as Reply;
};

// The week of Monday 11 to Sunday 17 March 2030 (Cô Lan teaches IELTS 7.0 and TOEIC Sáng, Thầy
// Minh teaches Minh's Class).
const WEEK = 'from=2030-03-11&to=2030-03-17&sort=start_time';
/** Thầy Minh's lessons of the week, in time order. */
const MINHS_WEEK = ['minhsOwn', 'coveredIelts', 'minhsCoveredByLan', 'coveredToeic'];

beforeAll(async () => {
  const add = async (name: string, date: string, hhmm: string, klass: string) => {
    lesson[name] = await lessonAt(date, hhmm, 60, klass);
  };
  await add('minhsOwn', '2030-03-11', '10:00', substituteClassId);
  await add('coveredIelts', '2030-03-12', '09:00', classId);
  await add('ieltsNotCovered', '2030-03-13', '09:00', classId);
  await add('minhsCoveredByLan', '2030-03-14', '08:00', substituteClassId);
  await add('coveredToeic', '2030-03-15', '18:00', otherClassId);
  await add('toeicNotCovered', '2030-03-16', '18:00', otherClassId);
  await add('minhsNextWeek', '2030-03-18', '10:00', substituteClassId);
  await add('coveredNextWeek', '2030-03-19', '09:00', classId);
  const minh = { teacher_id: substitute.user.user_id };
  for (const name of ['coveredIelts', 'coveredToeic', 'coveredNextWeek']) {
    expectReply(await give(staff.client, lesson[name]!, minh), 200);
  }
  expectReply(
    await give(staff.client, lesson.minhsCoveredByLan!, { teacher_id: teacher.user.user_id }),
    200,
  );
  await db()
    .updateTable('schedules')
    .set({ status: 'completed' })
    .where('schedule_id', '=', lesson.coveredIelts!)
    .execute();
});

describe("a teacher's week and list: their classes' lessons and those they cover", () => {
  test('the week holds both, once each, in time order, and nothing else', async () => {
    for (const date of ['2030-03-11', '2030-03-13', '2030-03-17']) {
      const week = await get(substitute.client, `/api/schedules/week?date=${date}`);
      expect(named(week.items), date).toEqual(MINHS_WEEK);
      expect(week).toMatchObject({ from: '2030-03-11', to: '2030-03-17', more: false });
      expect(week.counts).toEqual({ all: 4, pending: 3, active: 0, completed: 1, cancelled: 0 });
    }
    const next = await get(substitute.client, '/api/schedules/week?date=2030-03-18');
    expect(named(next.items)).toEqual(['minhsNextWeek', 'coveredNextWeek']);
  });

  test('the status tab narrows the items, not the counts; the filters narrow both', async () => {
    const week = (query: string) =>
      get(substitute.client, `/api/schedules/week?date=2030-03-13&${query}`);
    const completed = await week('status=completed');
    expect(named(completed.items)).toEqual(['coveredIelts']);
    expect(completed.counts.all).toBe(4);
    // Of Cô Lan's class, only the lesson he covers.
    const ielts = await week(`class_id=${classId}`);
    expect(named(ielts.items)).toEqual(['coveredIelts']);
    expect(ielts.counts.all).toBe(1);
    // Narrowed by Cô Lan: the lessons of her classes he covers, and his own she covers.
    const byLan = await week(`teacher_id=${teacher.user.user_id}`);
    expect(named(byLan.items)).toEqual(['coveredIelts', 'minhsCoveredByLan', 'coveredToeic']);
    expect(byLan.counts.all).toBe(3);
    const searched = await week('q=toeic');
    expect(named(searched.items)).toEqual(['coveredToeic']);
  });

  test('the list holds the same lessons, with the same counts; unfiltered, every week of them', async () => {
    const week = await get(substitute.client, `/api/schedules?${WEEK}`);
    expect(named(week.items)).toEqual(MINHS_WEEK);
    expect(week.total).toBe(4);
    expect(week.counts).toMatchObject({ all: 4, completed: 1 });
    const all = await get(substitute.client, '/api/schedules');
    expect(named(all.items)).toEqual([
      'coveredNextWeek',
      'minhsNextWeek',
      ...[...MINHS_WEEK].reverse(),
    ]);
    expect(all.counts).toMatchObject({ all: 6, pending: 5, completed: 1 });
    const pending = await get(substitute.client, '/api/schedules?status=pending&sort=start_time');
    expect(named(pending.items)).toEqual([
      'minhsOwn',
      'minhsCoveredByLan',
      'coveredToeic',
      'minhsNextWeek',
      'coveredNextWeek',
    ]);
    expect(pending.total).toBe(5);
  });

  test('the class teacher still sees her lessons he covers; an admin choosing him sees his', async () => {
    const lans = await get(teacher.client, '/api/schedules/week?date=2030-03-13');
    expect(named(lans.items)).toEqual([
      'coveredIelts',
      'ieltsNotCovered',
      'minhsCoveredByLan',
      'coveredToeic',
      'toeicNotCovered',
    ]);
    const minh = substitute.user.user_id;
    const chosen = await get(admin, `/api/schedules/week?date=2030-03-13&teacher_id=${minh}`);
    expect(named(chosen.items)).toEqual(MINHS_WEEK);
    expect(chosen.counts).toMatchObject({ all: 4, completed: 1 });
    const listed = await get(admin, `/api/schedules?${WEEK}&teacher_id=${minh}`);
    expect(named(listed.items)).toEqual(MINHS_WEEK);
    expect(listed.total).toBe(4);
  });
});
