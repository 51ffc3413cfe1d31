// A lesson's statuses from its provider's report and the rate over them (docs/decisions/021): a
// lesson held where nothing reports who joined (never started, in a room) reports no one absent;
// excused is left out of the rate, late counts as attended.
import { describe, expect, test } from 'vitest';
import {
  attendanceRate,
  type LessonTimes,
  summarizeStays,
} from '#server/features/attendance/attendance.ts';

const rules = { presentPercent: 50, lateMs: 10 * 60_000 };
const lesson = (overrides: Partial<LessonTimes>): LessonTimes => ({
  schedule_id: 's1',
  start_time: '2030-04-01T02:00:00.000Z',
  end_time: '2030-04-01T03:00:00.000Z',
  status: 'completed',
  updated_at: '2030-04-01T03:00:00.000Z',
  ended_at: '2030-04-01T03:00:00.000Z',
  reports: true,
  ...overrides,
});
const now = new Date('2030-04-01T04:00:00Z');

describe('summarizeStays', () => {
  test('a completed lesson on a provider that reports: no stay is an absence', () => {
    expect(summarizeStays([], lesson({}), now, rules).reported_status).toBe('absent');
  });

  test('a lesson held where nothing reports who joined reports nothing', () => {
    expect(summarizeStays([], lesson({ reports: false }), now, rules).reported_status).toBeNull();
  });

  test('a lesson never started reports nothing, even past its end', () => {
    expect(
      summarizeStays([], lesson({ status: 'pending', ended_at: null }), now, rules).reported_status,
    ).toBeNull();
  });
});

describe('attendanceRate', () => {
  test('present and late over the lessons with a status, excused left out', () => {
    expect(attendanceRate(['present', 'late', 'absent', 'excused', null])).toBe(2 / 3);
    expect(attendanceRate(['late', 'excused'])).toBe(1);
  });

  test('null when nothing counts', () => {
    expect(attendanceRate([])).toBeNull();
    expect(attendanceRate([null, 'excused'])).toBeNull();
  });
});
