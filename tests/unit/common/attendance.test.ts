// Which lessons may be marked by hand (docs/decisions/021): from the start time on, or once started
// early; only in the statuses the list names, so a status added later (a cancelled lesson) is
// refused until someone decides otherwise.
import { describe, expect, test } from 'vitest';
import { canMarkLesson, isMarkableStatus, MARKABLE_LESSON_STATUSES } from '#common/attendance.ts';
import { LESSON_STATUSES } from '#common/constants.ts';

const start = '2030-04-01T02:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('canMarkLesson', () => {
  test('a pending lesson from its start time on, not a minute before', () => {
    expect(
      canMarkLesson({ status: 'pending', start_time: start }, at('2030-04-01T01:59:00Z')),
    ).toBe(false);
    expect(canMarkLesson({ status: 'pending', start_time: start }, at(start))).toBe(true);
    expect(
      canMarkLesson({ status: 'pending', start_time: start }, at('2030-05-01T00:00:00Z')),
    ).toBe(true);
  });

  test('a lesson started early, from when it was started', () => {
    expect(canMarkLesson({ status: 'active', start_time: start }, at('2030-04-01T01:55:00Z'))).toBe(
      true,
    );
    expect(
      canMarkLesson({ status: 'completed', start_time: start }, at('2030-04-01T01:58:00Z')),
    ).toBe(true);
  });

  test('a status the list does not name is never markable, such as a cancelled lesson', () => {
    expect(isMarkableStatus('cancelled')).toBe(false);
    expect(
      canMarkLesson({ status: 'cancelled', start_time: start }, at('2030-05-01T00:00:00Z')),
    ).toBe(false);
    // Every lesson status but a cancelled one is markable; a new one is added to the list on purpose.
    expect([...MARKABLE_LESSON_STATUSES].sort()).toEqual(
      LESSON_STATUSES.filter((status) => status !== 'cancelled').sort(),
    );
  });
});
