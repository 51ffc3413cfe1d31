import { expect, test } from 'vitest';
import { lessonState, stateLabel, statusLabel } from '#web/lib/lesson-status.ts';

const now = Date.parse('2030-03-10T02:00:00Z');
const past = '2030-03-10T01:00:00Z';
const future = '2030-03-10T03:00:00Z';

test('status labels follow product.md §4, unknown values raw', () => {
  expect(statusLabel('pending')).toBe('Chưa bắt đầu');
  expect(statusLabel('active')).toBe('Đang diễn ra');
  expect(statusLabel('completed')).toBe('Đã kết thúc');
  expect(statusLabel('cancelled')).toBe('cancelled');
});

test('a lesson past its end and not completed is overdue', () => {
  expect(lessonState({ status: 'pending', end_time: past }, now)).toBe('overdue');
  expect(lessonState({ status: 'active', end_time: past }, now)).toBe('overdue');
  expect(lessonState({ status: 'completed', end_time: past }, now)).toBe('completed');
  expect(lessonState({ status: 'active', end_time: future }, now)).toBe('active');
  expect(stateLabel({ status: 'pending', end_time: past }, now)).toBe('Quá thời gian');
});
