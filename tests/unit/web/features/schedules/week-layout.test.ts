// The Schedules page's week (product.md, Deviations): days in the center's zone (Asia/Ho_Chi_Minh),
// lessons of one day side by side when they overlap, and the page's state read from and written
// to its address.
import { expect, test } from 'vitest';
import type { LessonDto } from '#common/lessons.ts';
import {
  pageStateParams,
  periodParams,
  readPageState,
} from '#web/features/schedules/page-state.ts';
import { addDays, mondayOf, today } from '#web/features/schedules/week-dates.ts';
import { hourRange, placeLessons } from '#web/features/schedules/week-layout.ts';

const lesson = (id: string, start: string, end: string) =>
  ({
    schedule_id: id,
    start_time: new Date(start).toISOString(),
    end_time: new Date(end).toISOString(),
  }) as LessonDto;

test('a lesson belongs to the day it starts on in Vietnam, whatever the day in UTC', () => {
  const days = placeLessons([
    // 23:30 on Sunday 17 March in Vietnam is 16:30 UTC the same day.
    lesson('late', '2030-03-17T23:30:00+07:00', '2030-03-18T00:30:00+07:00'),
    // 06:00 on Monday 18 March in Vietnam is still Sunday in UTC.
    lesson('early', '2030-03-18T06:00:00+07:00', '2030-03-18T07:00:00+07:00'),
  ]);
  expect(days.get('2030-03-17')?.map((p) => [p.lesson.schedule_id, p.start, p.end])).toEqual([
    // Past midnight, the block ends at the day's end.
    ['late', 23 * 60 + 30, 24 * 60],
  ]);
  expect(days.get('2030-03-18')?.map((p) => [p.start, p.end])).toEqual([[360, 420]]);
  expect(hourRange(days)).toEqual({ first: 6, last: 24 });
});

test('overlapping lessons share their group in lanes; a later one has the day to itself', () => {
  const at = (hhmm: string) => `2030-03-13T${hhmm}:00+07:00`;
  const placed = placeLessons([
    lesson('a', at('10:00'), at('11:00')),
    lesson('b', at('10:30'), at('12:00')),
    lesson('c', at('11:00'), at('11:30')),
    lesson('d', at('14:00'), at('15:00')),
  ]).get('2030-03-13')!;
  expect(placed.map((p) => [p.lesson.schedule_id, p.lane, p.lanes])).toEqual([
    ['a', 0, 2],
    ['b', 1, 2],
    // c starts as a ends: it takes a's lane.
    ['c', 0, 2],
    ['d', 0, 1],
  ]);
  expect(hourRange(new Map([['x', placed]]))).toEqual({ first: 7, last: 22 });
});

test('weeks run Monday to Sunday', () => {
  expect(mondayOf('2030-03-17')).toBe('2030-03-11');
  expect(mondayOf('2030-03-11')).toBe('2030-03-11');
  expect(mondayOf('2030-03-13')).toBe('2030-03-11');
  expect(addDays('2030-02-28', 1)).toBe('2030-03-01');
});

test('the address holds only what is not the default; nonsense reads as the default', () => {
  const defaults = readPageState(new URLSearchParams());
  expect(defaults).toMatchObject({
    view: 'list',
    period: 'week',
    week: mondayOf(today()),
    status: 'all',
    sort: 'start_time',
    page: 1,
  });
  expect(pageStateParams(defaults).toString()).toBe('');
  const shared = 'view=week&week=2030-03-11&status=pending&class_id=c1&teacher_id=t1&q=nam';
  expect(pageStateParams(readPageState(new URLSearchParams(shared))).toString()).toBe(shared);
  // Any day of a week names its Monday.
  expect(readPageState(new URLSearchParams('week=2030-03-14')).week).toBe('2030-03-11');
  expect(
    readPageState(
      new URLSearchParams('view=grid&dates=x&week=2030-02-30&status=zz&page=-2&sort=up'),
    ),
  ).toEqual(defaults);
});

test("the list's days: the week's seven, the range's ends (either way round), or none", () => {
  const state = readPageState(new URLSearchParams('week=2030-03-13'));
  expect(periodParams(state)).toEqual({ from: '2030-03-11', to: '2030-03-17' });
  expect(periodParams({ ...state, period: 'all' })).toEqual({});
  expect(periodParams({ ...state, period: 'range', from: '2030-04-01', to: '' })).toEqual({
    from: '2030-04-01',
  });
  expect(periodParams({ ...state, period: 'range', from: '2030-04-10', to: '2030-04-01' })).toEqual(
    { from: '2030-04-01', to: '2030-04-10' },
  );
});
