// Attendance's statuses and which lessons may be marked, without the schemas (attendance.ts
// re-exports them): what the web app's lists and buttons use, so a page showing them does not
// download zod.
import type { LessonStatus } from './constants.ts';

/** What a video provider's joins and leaves can say. */
export const REPORTED_STATUSES = ['present', 'late', 'absent'] as const;
/** A mark by hand adds excused: absent with notice, left out of the rate (product.md, Deviations). */
export const ATTENDANCE_STATUSES = [...REPORTED_STATUSES, 'excused'] as const;
export type AttendanceStatusDto = (typeof ATTENDANCE_STATUSES)[number];

/**
 * The lesson statuses whose attendance may be marked. A list of those allowed, not of those
 * refused: a status added later (a cancelled lesson) cannot be marked until it is named here.
 */
export const MARKABLE_LESSON_STATUSES: readonly LessonStatus[] = ['pending', 'active', 'completed'];

export const isMarkableStatus = (status: string) =>
  (MARKABLE_LESSON_STATUSES as readonly string[]).includes(status);

/** Whether the lesson has begun: its start time has come, or it was started early. */
export const lessonHasBegun = (lesson: { status: string; start_time: string }, now: number) =>
  lesson.status === 'active' ||
  lesson.status === 'completed' ||
  Date.parse(lesson.start_time) <= now;

/** Whether a lesson's attendance may be marked by hand now. */
export const canMarkLesson = (lesson: { status: string; start_time: string }, now: number) =>
  isMarkableStatus(lesson.status) && lessonHasBegun(lesson, now);
