// How a lesson's state is shown (product.md §4): pending 'Chưa bắt đầu', active 'Đang diễn ra',
// completed 'Đã kết thúc', past its end and not completed 'Quá thời gian', cancelled 'Đã huỷ'
// (whenever it was: docs/decisions/020), anything else raw.
import { hasText, t } from '#web/i18n/index.ts';

export type LessonState = 'pending' | 'active' | 'completed' | 'overdue' | 'cancelled' | 'other';

export function lessonState(
  lesson: { status: string; end_time: string },
  now = Date.now(),
): LessonState {
  if (lesson.status === 'completed') return 'completed';
  if (lesson.status === 'cancelled') return 'cancelled';
  if (Date.parse(lesson.end_time) <= now) return 'overdue';
  if (lesson.status === 'active') return 'active';
  if (lesson.status === 'pending') return 'pending';
  return 'other';
}

export function statusLabel(status: string): string {
  const key = `lesson.status.${status}`;
  return hasText(key) ? t(key) : status;
}

export function stateLabel(lesson: { status: string; end_time: string }, now = Date.now()): string {
  return lessonState(lesson, now) === 'overdue'
    ? t('lesson.status.overdue')
    : statusLabel(lesson.status);
}

export const stateColor: Record<LessonState, string> = {
  pending: 'gray',
  active: 'success',
  completed: 'primary',
  overdue: 'warning',
  cancelled: 'error',
  other: 'gray',
};
