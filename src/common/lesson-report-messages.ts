// Lesson reports and homework (issue 29 point 2, docs/decisions/037-lesson-reports.md): what a
// lesson covered, its homework and a note per student. common/messages.ts spreads these in;
// lesson-report-messages-en.ts holds the same codes in English.

export const lessonReportMessages = {
  LESSON_REPORT_SAVED: 'Đã lưu nhận xét buổi học.',
  LESSON_REPORT_COVERED_REQUIRED: 'Vui lòng nhập nội dung buổi học.',
  LESSON_REPORT_TOO_LONG:
    'Nội dung quá dài: tối đa 4000 ký tự cho buổi học và bài tập, 1000 ký tự cho nhận xét mỗi học viên.',
  LESSON_REPORT_NOT_HELD: 'Buổi học chưa diễn ra: chỉ viết nhận xét sau buổi học.',
  LESSON_REPORT_CANCELLED: 'Buổi học đã bị huỷ: không có nhận xét.',
  LESSON_REPORT_NOT_IN_LESSON: 'Chỉ nhận xét học viên của buổi học này.',
} as const;
