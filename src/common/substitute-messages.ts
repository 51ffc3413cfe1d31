// Substitutes (issue 28, docs/decisions/031-substitutes.md): a lesson given to another teacher.
// common/messages.ts spreads these in; substitute-messages-en.ts beside it holds them in English.

export const substituteMessages = {
  SUBSTITUTE_NOT_A_TEACHER: 'Người dạy thay phải là giáo viên đang hoạt động.',
  SUBSTITUTE_IS_CLASS_TEACHER:
    'Đây là giáo viên của lớp. Để trả buổi học về cho giáo viên của lớp, hãy bỏ chọn người dạy thay.',
  SUBSTITUTE_CLASH: 'Giáo viên dạy thay đã có buổi học của lớp {class} từ {start} đến {end}.',
  SUBSTITUTE_LESSON_NOT_PENDING:
    'Chỉ có thể giao dạy thay buổi học chưa bắt đầu, chưa kết thúc và chưa bị huỷ.',
  LESSON_COVERED_BY_SUBSTITUTE: 'Buổi học này do {name} dạy thay.',
} as const;
