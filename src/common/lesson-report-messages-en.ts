// The lesson reports' server messages in English, by the same codes as lesson-report-messages.ts.
import type { lessonReportMessages } from './lesson-report-messages.ts';

export const lessonReportMessagesEn: Record<keyof typeof lessonReportMessages, string> = {
  LESSON_REPORT_SAVED: 'The lesson report is saved.',
  LESSON_REPORT_COVERED_REQUIRED: 'Please say what the lesson covered.',
  LESSON_REPORT_TOO_LONG:
    "The text is too long: at most 4000 characters for the lesson and the homework, 1000 for each student's note.",
  LESSON_REPORT_NOT_HELD: 'The lesson has not been held yet: a report is written after it.',
  LESSON_REPORT_CANCELLED: 'The lesson was cancelled: it has no report.',
  LESSON_REPORT_NOT_IN_LESSON: 'Notes are only for the students of this lesson.',
} as const;
