// Bulk import of accounts. Vietnamese; the English is beside it in import.en.ts, key for key.

export const importTexts = {
  // Bulk import and export
  'import.open': 'Nhập từ tệp',
  'import.title': 'Nhập tài khoản từ tệp',
  'import.file': 'Tệp CSV hoặc Excel (.xlsx)',
  'import.fileHint': 'Dòng đầu tiên là tên cột. Tối đa 10000 dòng.',
  'import.stage.reading': 'Đang đọc tệp…',
  'import.stage.checking': 'Đang kiểm tra {count} dòng…',
  'import.stage.importing': 'Đang nhập {count} tài khoản…',
  'import.nameColumn': 'Cột họ và tên',
  'import.emailColumn': 'Cột email',
  'import.class': 'Xếp vào lớp (không bắt buộc)',
  'import.rowsRead': 'Đã đọc {count} dòng từ tệp.',
  'import.preview': 'Xem trước',
  'import.back': 'Quay lại',
  'import.submit': 'Nhập {count} tài khoản',
  'import.submitEnrolOnly': 'Xếp {count} học viên vào lớp',
  'import.line': 'Dòng',
  'import.verdict': 'Kết quả kiểm tra',
  'import.verdict.new': 'Tạo mới',
  'import.verdict.reactivated': 'Kích hoạt lại',
  'import.verdict.already_active': 'Đã có',
  'import.verdict.invalid_email':
    'Email không hợp lệ (chỉ chữ không dấu a–z, chữ số, ký hiệu; không có ký tự ẩn)',
  'import.verdict.missing_name': 'Thiếu họ tên',
  'import.verdict.duplicate_in_file': 'Trùng trong tệp',
  'import.shownRows': 'Hiển thị {shown} / {total} dòng (các dòng có vấn đề luôn được hiển thị).',
  'import.passwordsOnce':
    'Mật khẩu đầu tiên của các tài khoản chỉ hiển thị lần này. Hãy tải tệp mật khẩu và gửi cho từng người.',
  'import.downloadPasswords': 'Tải tệp mật khẩu (CSV)',
  'import.passwordsFile': 'mat-khau-dau-tien.csv',
  'import.firstPassword': 'Mật khẩu đầu tiên',
} as const;
