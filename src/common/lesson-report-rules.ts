// Lesson reports' limits and rules without their schemas (lesson-reports.ts re-exports them): what
// the web app's lists and buttons use, so a page showing them does not download zod.

export const REPORT_TEXT_MAX_LENGTH = 4000;
export const REPORT_NOTE_MAX_LENGTH = 1000;
export const LESSON_REPORTS_PAGE_SIZE = 20;

/**
 * Whether a lesson was held, so a report may be written: completed, or its time over and not
 * cancelled (a lesson nobody ended still took place).
 */
export const isHeldLesson = (lesson: { status: string; end_time: string }, now: number) =>
  lesson.status === 'completed' ||
  (lesson.status !== 'cancelled' && Date.parse(lesson.end_time) <= now);
