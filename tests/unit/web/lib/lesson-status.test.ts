import { expect, test } from 'vitest';
// The pages' part of the catalogue, where a cancelled lesson's label is.
import '#web/i18n/after-sign-in.ts';
import { lessonState, stateLabel, statusLabel } from '#web/lib/lesson-status.ts';

const now = Date.parse('2030-03-10T02:00:00Z');
const past = '2030-03-10T01:00:00Z';
const future = '2030-03-10T03:00:00Z';

test('status labels follow product.md §4, unknown values raw', () => {
  expect(statusLabel('pending')).toBe('Chưa bắt đầu');
  expect(statusLabel('active')).toBe('Đang diễn ra');
  expect(statusLabel('completed')).toBe('Đã kết thúc');
  expect(statusLabel('cancelled')).toBe('Đã huỷ');
  expect(statusLabel('postponed')).toBe('postponed');
});

test('a lesson past its end and not completed is overdue', () => {
  expect(lessonState({ status: 'pending', end_time: past }, now)).toBe('overdue');
  expect(lessonState({ status: 'active', end_time: past }, now)).toBe('overdue');
  expect(lessonState({ status: 'completed', end_time: past }, now)).toBe('completed');
  expect(lessonState({ status: 'active', end_time: future }, now)).toBe('active');
  expect(stateLabel({ status: 'pending', end_time: past }, now)).toBe('Quá thời gian');
});

test('a cancelled lesson reads as cancelled, whenever it was', () => {
  expect(lessonState({ status: 'cancelled', end_time: past }, now)).toBe('cancelled');
  expect(lessonState({ status: 'cancelled', end_time: future }, now)).toBe('cancelled');
  expect(stateLabel({ status: 'cancelled', end_time: past }, now)).toBe('Đã huỷ');
});
