// Tuition (issue 27, docs/decisions/028-money-and-the-ledger.md): fee plans, discounts and the
// ledger of a student's account. common/messages.ts spreads these in; tuition-messages-en.ts beside
// it holds the same codes in English.

export const tuitionMessages = {
  MONEY_AMOUNT_INVALID: 'Số tiền phải là số nguyên đồng lớn hơn 0.',
  TUITION_PLAN_KIND_INVALID: 'Vui lòng chọn cách tính học phí.',
  TUITION_INSTALMENTS_TOTAL: 'Tổng các đợt phải bằng học phí cả khoá.',
  TUITION_INSTALMENTS_ORDER: 'Hạn các đợt phải theo thứ tự, mỗi đợt một ngày khác nhau.',
  TUITION_DUE_DATE_INVALID: 'Vui lòng chọn hạn đóng hợp lệ.',
  TUITION_DATE_INVALID: 'Vui lòng chọn ngày hợp lệ.',
  TUITION_REASON_REQUIRED: 'Vui lòng nhập lý do.',
  TUITION_DISCOUNT_VALUE: 'Giảm theo phần trăm từ 1 đến 100, hoặc một số tiền lớn hơn 0.',
  TUITION_METHOD_INVALID: 'Vui lòng chọn hình thức thanh toán.',
  TUITION_PLAN_SAVED: 'Đã lưu học phí của lớp {class}.',
  TUITION_PLAN_REMOVED: 'Đã bỏ học phí của lớp {class}.',
  TUITION_DISCOUNT_ADDED: 'Đã thêm ưu đãi cho {name}.',
  TUITION_DISCOUNT_ENDED: 'Đã kết thúc ưu đãi.',
  TUITION_DISCOUNT_ALREADY_ENDED: 'Ưu đãi này đã kết thúc.',
  TUITION_DISCOUNT_END_BEFORE_START: 'Ngày kết thúc không được trước ngày bắt đầu ưu đãi.',
  TUITION_NOT_A_STUDENT: 'Chỉ học viên mới có tài khoản học phí.',
  TUITION_PAYMENT_RECORDED: 'Đã ghi nhận khoản thanh toán.',
  TUITION_REFUND_RECORDED: 'Đã hoàn tiền cho học viên.',
  TUITION_REFUND_OVER_CREDIT: 'Số tiền hoàn vượt quá số dư có của học viên.',
  TUITION_ENTRY_REVERSED: 'Đã đảo bút toán.',
  TUITION_ENTRY_ALREADY_REVERSED: 'Bút toán này đã được đảo trước đó.',
  TUITION_ENTRY_ON_INVOICE: 'Khoản này thuộc một hoá đơn: hãy huỷ hoá đơn thay vì đảo từng khoản.',
  TUITION_REVERSAL_NOT_REVERSIBLE: 'Không thể đảo một bút toán đảo; hãy ghi một bút toán mới.',
  // The center's bank account and its VietQR codes
  TUITION_BANK_INVALID: 'Vui lòng chọn ngân hàng trong danh sách.',
  TUITION_BANK_ACCOUNT_NUMBER_INVALID: 'Số tài khoản gồm từ 6 đến 19 chữ số.',
  TUITION_BANK_ACCOUNT_NAME_INVALID:
    'Tên chủ tài khoản viết in hoa không dấu như ngân hàng in, từ 2 đến 70 ký tự.',
  TUITION_BANK_INCOMPLETE: 'Vui lòng nhập đủ ngân hàng, số tài khoản và tên chủ tài khoản.',
  TUITION_BANK_SAVED: 'Đã lưu tài khoản ngân hàng của trung tâm.',
  TUITION_BANK_CLEARED: 'Đã xoá tài khoản ngân hàng của trung tâm.',
  TUITION_BANK_NOT_SET: 'Trung tâm chưa có tài khoản ngân hàng để tạo mã QR.',
  TUITION_QR_CONTENT_INVALID:
    'Nội dung chuyển khoản gồm chữ in hoa không dấu, chữ số, dấu cách và dấu gạch ngang, tối đa 25 ký tự.',
  USER_ROLE_STUDENT_HAS_ACCOUNT:
    'Học viên này có tài khoản học phí (thanh toán, hoàn tiền) nên không thể đổi vai trò.',
} as const;
