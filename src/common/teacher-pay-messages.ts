// Teachers' pay (issue 28, docs/decisions/033-teachers-pay.md): rates, statements, adjustments and
// approval. common/messages.ts spreads these in; teacher-pay-messages-en.ts holds the same codes
// in English.

export const teacherPayMessages = {
  PAY_TEACHER_NOT_FOUND: 'Không tìm thấy giáo viên.',
  PAY_RATE_KIND_INVALID: 'Vui lòng chọn cách tính lương: theo buổi hoặc theo giờ.',
  PAY_RATE_SAVED: 'Đã lưu mức lương.',
  PAY_RATE_DELETED: 'Đã xoá mức lương.',
  PAY_RATE_MISSING: 'Chưa đặt mức lương cho {name}: chưa thể duyệt bảng lương.',
  PAY_LINE_NOT_FOUND: 'Buổi học này không có trong bảng lương của tháng.',
  PAY_ADJUSTMENT_AMOUNT_INVALID: 'Vui lòng nhập số tiền điều chỉnh (số nguyên, khác 0).',
  PAY_REASON_REQUIRED: 'Vui lòng nhập lý do điều chỉnh.',
  PAY_REASON_TOO_LONG: 'Lý do tối đa 500 ký tự.',
  PAY_ADJUSTED: 'Đã ghi điều chỉnh.',
  PAY_ALREADY_APPROVED: 'Bảng lương tháng này đã được duyệt và không thể thay đổi.',
  PAY_MONTH_NOT_OVER: 'Tháng {month} chưa kết thúc: chỉ duyệt bảng lương khi hết tháng.',
  PAY_NOTHING_TO_APPROVE: 'Không có bảng lương nháp nào để duyệt.',
  PAY_APPROVED: 'Đã duyệt {count} bảng lương.',
} as const;
