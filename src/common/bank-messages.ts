// Matching bank transfers (issue 27, docs/decisions/030-bank-transfers.md): statements, the bank
// webhook and its key, unmatched transfers. common/messages.ts spreads these in;
// bank-messages-en.ts holds the same codes in English.

export const bankMessages = {
  BANK_STATEMENT_COLUMNS:
    'Không tìm thấy cột ngày, số tiền (hoặc ghi có) và nội dung trong tệp sao kê.',
  BANK_STATEMENT_NO_CREDITS: 'Sao kê không có giao dịch tiền vào nào.',
  BANK_STATEMENT_TOO_LONG: 'Sao kê có quá nhiều dòng (tối đa 2.000 giao dịch mỗi lần).',
  BANK_STATEMENT_RECORDED: 'Đã ghi nhận {recorded} khoản; {unmatched} khoản chờ đối soát.',
  BANK_TRANSFER_NOT_UNMATCHED: 'Giao dịch này đã được xử lý.',
  BANK_TRANSFER_ASSIGNED: 'Đã ghi nhận khoản chuyển khoản cho {name}.',
  BANK_TRANSFER_IGNORED: 'Đã bỏ qua giao dịch.',
  BANK_WEBHOOK_UNAUTHORIZED: 'Khoá API không đúng.',
  BANK_WEBHOOK_KEY_CREATED: 'Đã tạo khoá API mới. Hãy sao chép ngay: khoá chỉ hiện một lần.',
  BANK_WEBHOOK_KEY_REVOKED: 'Đã thu hồi khoá API.',
} as const;
