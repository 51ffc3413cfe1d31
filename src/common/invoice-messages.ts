// Invoices (issue 27, docs/decisions/029-invoices.md): drafts, runs, numbers, payments against
// invoices, voids. common/messages.ts spreads these in; invoice-messages-en.ts holds the English.

export const invoiceMessages = {
  INVOICE_PERIOD_INVALID: 'Vui lòng chọn tháng hợp lệ.',
  INVOICE_NO_FEE_PLAN: 'Lớp {class} chưa có học phí.',
  INVOICE_NOTHING_TO_CHARGE: 'Không có khoản nào để thu của {name} trong tháng {period}.',
  INVOICE_ALREADY_EXISTS: '{name} đã có hoá đơn lớp {class} tháng {period}.',
  INVOICE_NOT_ENROLLED: 'Học viên không học lớp này trong tháng đã chọn.',
  INVOICE_NOT_DRAFT: 'Hoá đơn đã phát hành nên không thể sửa; hãy huỷ và lập hoá đơn mới.',
  INVOICE_ALREADY_VOID: 'Hoá đơn này đã bị huỷ.',
  INVOICE_NOT_ISSUED: 'Hoá đơn nháp không cần huỷ: hãy xoá bản nháp.',
  INVOICE_LINES_REQUIRED: 'Hoá đơn cần ít nhất một dòng.',
  INVOICE_LINE_INVALID: 'Mỗi dòng cần nội dung, số lượng từ 1 và đơn giá hợp lệ.',
  INVOICE_TOTAL_NEGATIVE: 'Tổng hoá đơn không được âm.',
  INVOICE_NOT_PAYABLE: 'Chỉ ghi thanh toán cho hoá đơn đã phát hành của học viên này.',
  INVOICE_DRAFT_CREATED: 'Đã lập hoá đơn nháp cho {name}.',
  INVOICE_DRAFT_SAVED: 'Đã lưu hoá đơn nháp.',
  INVOICE_DRAFT_DELETED: 'Đã xoá hoá đơn nháp.',
  INVOICE_ISSUED: 'Đã phát hành hoá đơn {number}.',
  INVOICE_VOIDED: 'Đã huỷ hoá đơn {number}.',
  INVOICE_RUN_DONE: 'Đã phát hành {count} hoá đơn; bỏ qua {skipped}.',
} as const;
