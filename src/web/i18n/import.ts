// Bulk import of accounts. Both languages, key for key.

const vi = {
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
  'import.verdict.invalid_email': 'Email không hợp lệ',
  'import.verdict.missing_name': 'Thiếu họ tên',
  'import.verdict.duplicate_in_file': 'Trùng trong tệp',
  'import.shownRows': 'Hiển thị {shown} / {total} dòng (các dòng có vấn đề luôn được hiển thị).',
  'import.passwordsOnce':
    'Mật khẩu đầu tiên của các tài khoản chỉ hiển thị lần này. Hãy tải tệp mật khẩu và gửi cho từng người.',
  'import.downloadPasswords': 'Tải tệp mật khẩu (CSV)',
  'import.passwordsFile': 'mat-khau-dau-tien.csv',
  'import.firstPassword': 'Mật khẩu đầu tiên',
} as const;

const en: Record<keyof typeof vi, string> = {
  // Bulk import and export
  'import.open': 'Import from file',
  'import.title': 'Import accounts from a file',
  'import.file': 'CSV or Excel file (.xlsx)',
  'import.fileHint': 'The first row holds the column names. At most 10000 rows.',
  'import.stage.reading': 'Reading the file…',
  'import.stage.checking': 'Checking {count} rows…',
  'import.stage.importing': 'Importing {count} accounts…',
  'import.nameColumn': 'Full name column',
  'import.emailColumn': 'Email column',
  'import.class': 'Put in a class (optional)',
  'import.rowsRead': '{count} rows read from the file.',
  'import.preview': 'Preview',
  'import.back': 'Back',
  'import.submit': 'Import {count} accounts',
  'import.submitEnrolOnly': 'Put {count} students in the class',
  'import.line': 'Row',
  'import.verdict': 'Check result',
  'import.verdict.new': 'New',
  'import.verdict.reactivated': 'Reactivated',
  'import.verdict.already_active': 'Already exists',
  'import.verdict.invalid_email': 'Invalid email',
  'import.verdict.missing_name': 'Missing name',
  'import.verdict.duplicate_in_file': 'Duplicate in file',
  'import.shownRows': 'Showing {shown} / {total} rows (rows with problems are always shown).',
  'import.passwordsOnce':
    "The accounts' first passwords are shown only this once. Download the password file and send each person theirs.",
  'import.downloadPasswords': 'Download password file (CSV)',
  'import.passwordsFile': 'first-passwords.csv',
  'import.firstPassword': 'First password',
};

export const importTexts = { vi, en };
