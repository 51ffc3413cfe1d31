// Matching bank transfers (issue 27, docs/decisions/030-bank-transfers.md): the 'Đối soát' page
// (a statement uploaded, previewed, confirmed; the transfers left unmatched) and the Settings card
// for the bank webhook's key. Vietnamese; the English is beside it in bank.en.ts, key for key.

export const bankTexts = {
  'bank.title': 'Đối soát ngân hàng',
  'bank.subtitle':
    'Tải sao kê ngân hàng lên để ghi nhận các khoản chuyển khoản học phí theo số hoá đơn trong nội dung',
  // The statement
  'bank.statement': 'Sao kê ngân hàng',
  'bank.statementHint':
    'Tệp CSV hoặc Excel (.xlsx) tải từ ngân hàng: cột ngày, số tiền (hoặc ghi có) và nội dung.',
  'bank.chooseFile': 'Chọn tệp sao kê',
  'bank.reading': 'Đang đọc sao kê…',
  'bank.previewSummary':
    '{count} giao dịch tiền vào; bỏ qua {debits} giao dịch tiền ra và {skipped} dòng khác.',
  'bank.col.date': 'Ngày',
  'bank.col.amount': 'Số tiền',
  'bank.col.content': 'Nội dung',
  'bank.col.invoice': 'Hoá đơn',
  'bank.col.student': 'Học viên',
  'bank.col.status': 'Kết quả',
  'bank.col.actions': 'Thao tác',
  'bank.col.source': 'Nguồn',
  'bank.outstanding': 'Còn nợ {amount}',
  'bank.kind.exact': 'Khớp đủ',
  'bank.kind.partial': 'Trả một phần',
  'bank.kind.over': 'Trả thừa',
  'bank.kind.unknown': 'Chưa rõ',
  'bank.kind.already': 'Đã nhập trước đó',
  'bank.overHint': 'Phần thừa thành số dư có của học viên.',
  'bank.confirm': 'Ghi nhận {count} khoản',
  'bank.confirmHint':
    'Các khoản chưa rõ được giữ lại trong danh sách chờ đối soát bên dưới; khoản đã ghi nhận không ghi lại.',
  'bank.cancel': 'Huỷ',
  'bank.nothingToRecord': 'Không có khoản nào khớp hoá đơn để ghi nhận.',
  // Unmatched transfers
  'bank.unmatched': 'Giao dịch chờ đối soát',
  'bank.unmatchedHint':
    'Giao dịch tiền vào chưa khớp hoá đơn nào: gán cho học viên để ghi nhận thanh toán, hoặc bỏ qua.',
  'bank.noUnmatched': 'Không có giao dịch nào chờ đối soát.',
  'bank.source.statement': 'Sao kê',
  'bank.source.webhook': 'Webhook',
  'bank.assign': 'Gán cho học viên',
  'bank.assignTitle': 'Gán giao dịch {amount} ngày {date}',
  'bank.invoiceOptional': 'Hoá đơn (không bắt buộc)',
  'bank.invoiceOptionalHint': 'Để trống: trừ vào các hoá đơn cũ nhất, phần thừa thành số dư có',
  'bank.ignore': 'Bỏ qua',
  'bank.ignoreTitle': 'Bỏ qua giao dịch {amount}',
  'bank.ignoreReason': 'Lý do (không bắt buộc)',
  'bank.save': 'Lưu',
  // The Settings card
  'bank.webhook.title': 'Webhook ngân hàng',
  'bank.webhook.text':
    'Nhận thông báo chuyển khoản tự động (SePay, Casso): khoản khớp hoá đơn được ghi nhận ngay.',
  'bank.webhook.url': 'Địa chỉ webhook',
  'bank.webhook.copy': 'Sao chép',
  'bank.webhook.copied': 'Đã chép',
  'bank.webhook.none': 'Chưa có khoá API: webhook đang tắt.',
  'bank.webhook.active': 'Khoá API {hint}, tạo lúc {at}',
  'bank.webhook.generate': 'Tạo khoá API',
  'bank.webhook.regenerate': 'Tạo khoá mới',
  'bank.webhook.revoke': 'Thu hồi khoá',
  'bank.webhook.newKey': 'Khoá API mới',
  'bank.webhook.showOnce':
    'Sao chép khoá này vào cấu hình webhook của dịch vụ (kiểu xác thực API Key). Khoá chỉ hiện một lần.',
} as const;
