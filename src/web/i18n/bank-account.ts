// The center's bank account (Settings) and the VietQR code students pay by (issue 27,
// docs/decisions/028, "VietQR"). Vietnamese; the English is beside it in bank-account.en.ts, key
// for key.

export const bankAccountTexts = {
  'bankAccount.cardTitle': 'Tài khoản ngân hàng',
  'bankAccount.cardText':
    'Tài khoản nhận học phí: mã VietQR trên hoá đơn chuyển tiền vào tài khoản này.',
  'bankAccount.notSet': 'Chưa có tài khoản ngân hàng',
  'bankAccount.dialogTitle': 'Tài khoản ngân hàng của trung tâm',
  'bankAccount.intro':
    'Học viên quét mã VietQR trên hoá đơn bằng ứng dụng ngân hàng: số tiền và nội dung (số hoá đơn) đã điền sẵn, tiền chuyển vào tài khoản này.',
  'bankAccount.bank': 'Ngân hàng',
  'bankAccount.bankHint': 'Gõ tên ngân hàng để tìm trong danh sách NAPAS',
  'bankAccount.noBank': 'Không tìm thấy ngân hàng',
  'bankAccount.accountNumber': 'Số tài khoản',
  'bankAccount.accountNumberHint': 'Từ 6 đến 19 chữ số',
  'bankAccount.accountName': 'Tên chủ tài khoản',
  'bankAccount.accountNameHint': 'Chữ in hoa không dấu như ngân hàng in, ví dụ TRUNG TAM ANH NGU',
  'bankAccount.save': 'Lưu tài khoản',
  'bankAccount.clear': 'Xoá tài khoản',
  'bankAccount.sample': 'Mã mẫu',
  'bankAccount.sampleHint':
    'Quét thử bằng ứng dụng ngân hàng để kiểm tra: ứng dụng hiện đúng ngân hàng, số tài khoản và tên chủ tài khoản là được, không cần chuyển tiền.',
  // The code on an invoice and on the student's account
  'vietQr.title': 'Chuyển khoản bằng VietQR',
  'vietQr.wholeBalance': 'Đóng toàn bộ số còn nợ bằng VietQR',
  'vietQr.save': 'Lưu ảnh mã QR',
  'vietQr.hint': 'Mở ứng dụng ngân hàng và quét mã: số tiền và nội dung đã điền sẵn.',
  'vietQr.imageAlt': 'Mã VietQR chuyển {amount} vào tài khoản {account} tại {bank}',
  'vietQr.bank': 'Ngân hàng',
  'vietQr.accountNumber': 'Số tài khoản',
  'vietQr.accountName': 'Chủ tài khoản',
  'vietQr.amount': 'Số tiền',
  'vietQr.content': 'Nội dung chuyển khoản',
  'vietQr.copy': 'Sao chép {what}',
  'vietQr.copied': 'Đã sao chép',
} as const;
